// Issue-slot and pipeline rules of the SM (CCWS section 2, Mascar section III-A), one per test,
// with cycle counts worked out as in SmTimingTest.cpp: 8 independent ALU ops on a 32-lane SP
// issue at cycles 0..7, Exit at 8, the last result is in at 7 + sp_latency, the run ends a cycle
// later.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/cta/CtaDispatcher.h"
#include "warpsim/sched/LrrPolicy.h"

#include <algorithm>

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr Addr kData = 0x10000000;

ProgramBuilder independentAlus(unsigned n) {
  ProgramBuilder b;
  for (unsigned r = 1; r <= n; ++r) b.alu(static_cast<std::uint8_t>(r));
  return b;
}

Cycle runWith(unsigned lanes, unsigned clockRatio) {
  GpuParams p = tinyGpu();
  p.sm.sp.lanes = lanes;
  p.sm.pipeClockRatio = clockRatio;
  const std::uint32_t perCycle = lanes * clockRatio;
  p.sm.sp.interval = (32 + perCycle - 1) / perCycle;
  GpuRun r(p, oneCta(independentAlus(8).build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  return r.gpu->cycles();
}

}  // namespace

TEST_CASE("sm rules: a warp occupies an 8-lane SP for 4 cycles") {
  // ALU i issues at 4i: the last at 28, its result at 38, done at 39.
  CHECK(runWith(8, 1) == 39);
}

TEST_CASE("sm rules: 16 lanes at twice the issue clock (Fermi) take one cycle per warp") {
  CHECK(runWith(16, 2) == 18);  // the same as 32 lanes at the issue clock (SmTimingTest.cpp)
}

TEST_CASE("sm rules: SmParams::load derives the SP interval from sm.sp_lanes and the clock ratio") {
  ConfigSchema schema;
  SmParams::declare(schema);
  Config c(schema);
  c.setAssignment("sm.sp_lanes=8");
  CHECK(SmParams::load(c).sp.interval == 4);
  c.setAssignment("sm.sp_lanes=16");
  c.setAssignment("sm.pipe_clock_ratio=2");
  CHECK(SmParams::load(c).sp.interval == 1);
  CHECK(SmParams::load(c).sfu.interval == 4);  // 4 SFU lanes at 2x: 32 / 8
}

TEST_CASE("sm rules: the scoreboard holds a write-after-write until the first result is in") {
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  b.alu(1);
  b.alu(1);  // writes r1 again, reads nothing: only the WAW hazard holds it
  GpuRun r(p, oneCta(b.build(), 32));
  // First at 0, result at 10; the second issues at 10, result at 20; done at 21.
  CHECK(r.gpu->cycles() == 21);
}

TEST_CASE("sm rules: tensor ops run on their own unit one op per interval") {
  GpuParams p = tinyGpu();
  p.sm.tensor = PipeParams{32, 1, 32};
  ProgramBuilder b;
  b.tensor(1).tensor(2).alu(3);
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Tensor ops at 0 and 32 (the unit is busy 32 cycles); the ALU op at 1, not held by the
  // tensor unit. The second tensor result is in at 64, done at 65.
  CHECK(r.gpu->cycles() == 65);
}

TEST_CASE("sm rules: a fence waits for the warp's loads and then holds the warp its latency") {
  GpuParams p = tinyGpu();
  p.clock = ClockParams{1000, 1000, 1000, 1000};
  p.gddr.model = DramModel::Fixed;
  p.dram.latency = 200;
  p.sm.fence = PipeParams{41, 32, 1};
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) { return kData + c.lane * 4; });
  b.fence();
  b.alu(2);  // independent of the load: only the fence holds it
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // SmTimingTest's load round trip: the LSU takes the response at 224. The fence issues then,
  // the ALU op 41 cycles later; its result is in 10 cycles on, done a cycle after.
  CHECK(r.gpu->cycles() == 224 + 41 + 10 + 1);
}

TEST_CASE("sm rules: a divergent if/else issues both paths with their masks and reconverges") {
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  b.ifElse([](const LaneCtx& c) { return c.lane < 8; },
           [](ProgramBuilder& t) { t.alu(1).alu(2).alu(3); },
           [](ProgramBuilder& e) { e.alu(4).alu(5).alu(6).alu(7).alu(8); });
  b.alu(9);  // after the reconvergence point: all 32 lanes again
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Branch + 3 + 5 + 1 + Exit warp instructions; threads: 32 + 3x8 + 5x24 + 32 + 32.
  CHECK(r.gpu->warpInstructions() == 11);
  CHECK(r.gpu->threadInstructions() == 32 + 3 * 8 + 5 * 24 + 32 + 32);
}

TEST_CASE("sm rules: 16 KiB of shared memory per CTA on a 32 KiB SM allows 2 CTAs") {
  SmParams sm;
  sm.sharedMemBytes = 32 * 1024;
  KernelDesc k;
  k.name = "k";
  k.block = Dim3{64, 1, 1};
  k.smemPerCta = 16 * 1024;
  CHECK(ctasPerSm(k, sm) == 2);
  const CtaFit fit = ctaFit(k, sm);
  CHECK(std::string(fit.resource) == "sm.shared_mem");
}

TEST_CASE("sm rules: sm.max_threads above sm.max_warps x 32 is a config error") {
  ConfigSchema schema;
  SmParams::declare(schema);
  Config c(schema);
  c.setAssignment("sm.max_warps=8");
  c.setAssignment("sm.max_threads=512");
  CHECK_THROWS_WITH(SmParams::load(c), Catch::Contains("sm.max_threads = 512") &&
                                           Catch::Contains("sm.max_warps x 32 = 256"));
}

TEST_CASE("sm rules: a ready warp held back by SWL counts as scheduler hold, not a stall") {
  GpuParams p = tinyGpu();
  p.sm.schedulers = 1;
  p.sched.policy = "swl";
  PolicyRegistry policies = PolicyRegistry::withBuiltins();  // sched.swl_limit = 1, read once
  ConfigSchema schema;
  policies.declareOptions(schema);
  Config limit(schema);
  limit.setAssignment("sched.swl_limit=1");
  policies.configure(limit);
  ProgramBuilder b;
  b.ifElse([](const LaneCtx& c) { return c.warpInCta == 0; },
           [](ProgramBuilder& t) { t.alu(1).alu(1, {1}); },  // warp 0: a RAW pair
           [](ProgramBuilder& e) { e.alu(2); });
  GpuRun r(p, oneCta(b.build(), 64), policies);
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Warp 0 (the oldest, the only one allowed) issues its branch at 0 and ALU at 1, then waits on
  // r1 until 11; warp 1 is ready all along (its branch fetched at 0) but held: cycles 2..10.
  CHECK(r.sm(0)["scheduler_hold_cycles"] == 9);
}

namespace {

// LRR that records, at each issue, whether the view reported the L1 saturated (the SM asks
// firstReady first, and LRR names its warp there).
class SaturationLog : public LrrPolicy {
 public:
  explicit SaturationLog(std::vector<bool>& log) : log_(log) {}
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override {
    log_.push_back(view.memorySaturated());
    return LrrPolicy::firstReady(view, slotWarps);
  }

 private:
  std::vector<bool>& log_;
};

}  // namespace

TEST_CASE("sm rules: the scheduler sees the L1D's saturation flag (Mascar III-A)") {
  std::vector<bool> log;
  PolicyRegistry reg;
  reg.add("sat-log", "LRR logging saturation",
          [&log](const PolicyContext&) { return std::make_unique<SaturationLog>(log); });
  GpuParams p = tinyGpu();
  p.sched.policy = "sat-log";
  p.sm.schedulers = 1;
  p.l1d.mshrEntries = 4;
  p.l1d.saturationThreshold = 2;
  ProgramBuilder b;
  // One uncoalesced load per warp (32 lines each): the 4 MSHRs fill at once.
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) { return 0x10000000 + c.gtid * 128; });
  b.alu(2, {1});
  GpuRun r(p, oneCta(b.build(), 128), reg);
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Before any miss the flag is clear; while the misses are outstanding the SM is woken by
  // returning loads and sees it set.
  REQUIRE(!log.empty());
  CHECK_FALSE(log.front());
  CHECK(std::count(log.begin(), log.end(), true) > 0);
}

namespace {

// A defective plug-in: its firstReady names a warp of the slot that is not ready (the youngest
// resident warp when some other warp is ready, whatever that warp waits on).
class NamesUnready : public LrrPolicy {
 public:
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override {
    const std::uint64_t notReady = slotWarps & ~view.readyMask();
    if (notReady == 0) return LrrPolicy::firstReady(view, slotWarps);
    return WarpId{static_cast<std::uint32_t>(63 - __builtin_clzll(notReady))};
  }
};

}  // namespace

TEST_CASE("sm rules: a policy whose firstReady names a warp that cannot issue stops the run") {
  PolicyRegistry reg;
  reg.add("names-unready", "names a warp that is not ready",
          [](const PolicyContext&) { return std::make_unique<NamesUnready>(); });
  GpuParams p = tinyGpu();
  p.sched.policy = "names-unready";
  p.sm.schedulers = 1;
  ProgramBuilder b;
  b.alu(1).alu(2, {1});  // a RAW pair: each warp waits on r1 after its first ALU
  CHECK_THROWS_WITH(GpuRun(p, oneCta(b.build(), 64), reg),
                    Catch::Contains("gpu.sm0.sched0") && Catch::Contains("firstReady named warp") &&
                        Catch::Contains("cannot issue in this slot this cycle"));
}

TEST_CASE("sm rules: constant and texture loads go to the L1C and L1T, global ones to the L1D") {
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  b.load(MemSpace::Constant, 1, [](const LaneCtx&) { return Addr{0x20000000}; });  // broadcast
  b.load(MemSpace::Texture, 2, [](const LaneCtx& c) { return 0x30000000 + c.lane * 4; });
  b.load(MemSpace::Global, 3, [](const LaneCtx& c) { return 0x10000000 + c.lane * 4; });
  b.alu(4, {1, 2, 3});
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);  // every response found its way back
  const nlohmann::json s = r.sm(0);
  CHECK(s["l1c"]["accesses"] == 1);  // 32 lanes, one word: one line request
  CHECK(s["l1t"]["accesses"] == 1);
  CHECK(s["l1d"]["accesses"] == 1);
  CHECK(s["l1c"]["misses"] == 1);
  // MPKI: misses per 1000 thread instructions; 5 warp instructions x 32 lanes = 160.
  CHECK(s["thread_instructions"] == 160);
  CHECK(s["l1c"]["mpki"].get<double>() == Approx(1000.0 / 160));
}
