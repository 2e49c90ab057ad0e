#pragma once
// Test helpers: run a warp's stream to the end and collect or count what it emits.
#include <cstdint>
#include <memory>
#include <set>
#include <vector>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::test {

inline std::vector<WarpInst> runStream(IWarpStream& s) {
  std::vector<WarpInst> trace;
  WarpInst inst;
  while (s.next(inst)) trace.push_back(inst);
  return trace;
}

inline std::vector<WarpInst> runWarp(const KernelDesc& k, std::uint32_t cta, std::uint32_t warp) {
  auto s = k.makeWarp(CtaId{cta}, warp);
  return runStream(*s);
}

// Warp instructions of every warp of every CTA of `k`.
inline std::uint64_t kernelInsts(const KernelDesc& k) {
  std::uint64_t n = 0;
  WarpInst inst;
  for (std::uint64_t cta = 0; cta < k.ctaCount(); ++cta) {
    for (std::uint32_t w = 0; w < k.warpsPerCta(); ++w) {
      auto s = k.makeWarp(CtaId{static_cast<std::uint32_t>(cta)}, w);
      while (s->next(inst)) ++n;
    }
  }
  return n;
}

inline std::uint64_t workloadInsts(const Workload& w) {
  std::uint64_t n = 0;
  for (const KernelDesc& k : w.kernels) n += kernelInsts(k);
  return n;
}

// The first `nth` (0-based) memory instruction of a trace.
inline const WarpInst& nthMem(const std::vector<WarpInst>& trace, unsigned nth) {
  for (const WarpInst& i : trace) {
    if (i.isMem() && nth-- == 0) return i;
  }
  throw std::out_of_range("no such memory instruction");
}

// Distinct 128 B lines the active lanes of `inst` touch.
inline std::set<Addr> linesOf(const WarpInst& inst) {
  std::set<Addr> lines;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (inst.activeMask & (1u << lane)) lines.insert(inst.addr[lane] / 128);
  }
  return lines;
}

}  // namespace warpsim::test
