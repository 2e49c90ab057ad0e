#pragma once
// A tiny GPU (models/gpu) built from GpuParams defaults for end-to-end timing tests, and the
// hand-made one-CTA workloads they run. One GPU per test case: each runs in its own process.
#include <memory>
#include <string>

#include "warpsim/gpu/Gpu.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::test {

inline GpuParams tinyGpu(std::uint32_t sms = 1) {
  GpuParams p;
  p.sms = sms;
  return p;
}

// One kernel of one CTA of `threads` threads running `program`.
inline Workload oneCta(std::shared_ptr<const SyntheticProgram> program, std::uint32_t threads) {
  Workload w;
  w.name = "handmade";
  w.kernels.push_back(
      makeSyntheticKernel("k", Dim3{1, 1, 1}, Dim3{threads, 1, 1}, 16, 0, std::move(program)));
  return w;
}

// `n` ALU ops on register `reg`, each depending on the one before.
inline void chain(ProgramBuilder& b, Reg reg, unsigned n) {
  if (n == 0) return;
  b.alu(reg);
  for (unsigned i = 1; i < n; ++i) b.alu(reg, {reg});
}

// Runs `workload` on a GPU built from `params` to the end (or until it stops).
struct GpuRun {
  StatsRegistry stats;
  Workload workload;
  std::unique_ptr<Gpu> gpu;

  GpuRun(const GpuParams& params, Workload w,
         const PolicyRegistry& policies = PolicyRegistry::withBuiltins())
      : workload(std::move(w)) {
    gpu = std::make_unique<Gpu>("gpu", params, policies, nullptr, stats);
    gpu->run(workload);
    sc_core::sc_start();
    gpu->finalize();
  }
  nlohmann::json sm(unsigned i) const { return stats.tree()["gpu"]["sm" + std::to_string(i)]; }
};

}  // namespace warpsim::test
