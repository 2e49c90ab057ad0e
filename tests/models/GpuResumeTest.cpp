// A GPU kept alive between workloads (Gpu::setResumable, for libwarpsim_cudart): each
// sc_start() runs one workload to its end and returns; the next starts where it ended, and the
// statistics cover every kernel of every run.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// One CTA of `threads` threads: each warp loads a line of its own and runs `alus` ALU ops.
Workload kernel(const std::string& name, std::uint32_t threads, unsigned alus) {
  ProgramBuilder b;
  b.load(MemSpace::Global, 1,
         [](const LaneCtx& c) { return Addr{0x10000000} + c.warpInCta * 128 + c.lane * 4; });
  chain(b, 2, alus);
  Workload w = oneCta(b.build(), threads);
  w.name = name;
  w.kernels[0].name = name;
  return w;
}

}  // namespace

TEST_CASE("resumable GPU: three workloads, one sc_start each, statistics per kernel") {
  StatsRegistry stats;
  Gpu gpu("gpu", tinyGpu(2), PolicyRegistry::withBuiltins(), nullptr, stats);
  gpu.setResumable(true);
  const Workload a = kernel("a", 64, 10), b = kernel("b", 128, 20), c = kernel("c", 32, 5);
  std::uint64_t warpsBefore = 0;
  Cycle endBefore = 0;
  for (const Workload* w : {&a, &b, &c}) {
    gpu.run(*w);
    sc_core::sc_start();
    INFO(w->name);
    REQUIRE(gpu.outcome() == Gpu::Outcome::Finished);
    CHECK(gpu.cycles() > endBefore);  // each run ends after the one before
    endBefore = gpu.cycles();
    // Each warp issues its load, its ALU chain and the exit.
    const std::uint64_t warps = w->kernels[0].threadsPerCta() / 32;
    const unsigned alus = w->name == "a" ? 10 : w->name == "b" ? 20 : 5;
    CHECK(gpu.warpInstructions() - warpsBefore == warps * (alus + 2));
    warpsBefore = gpu.warpInstructions();
  }
  gpu.finalize();
  const nlohmann::json& k = stats.kernels();
  REQUIRE(k.size() == 3);
  CHECK(k[0]["warp_instructions"] == 2 * 12);
  CHECK(k[1]["warp_instructions"] == 4 * 22);
  CHECK(k[2]["warp_instructions"] == 1 * 7);
  // A kernel starts on the cycle after the run before it ended.
  for (int i = 1; i < 3; ++i)
    CHECK(k[i]["start_cycle"].get<Cycle>() ==
          k[i - 1]["start_cycle"].get<Cycle>() + k[i - 1]["cycles"].get<Cycle>());
  CHECK(gpu.cycles() == k[2]["start_cycle"].get<Cycle>() + k[2]["cycles"].get<Cycle>());
}
