// SM + LRR end to end on a tiny GPU: one timing rule per test, cycle counts worked out from the
// code (fetch, issue, scoreboard, pipelines, LSU, crossbar, DRAM).
//
// The rules the figures follow: the dispatcher launches the CTA at cycle 0 and the SM (woken by
// a block ticked before it in the same edge) ticks in that cycle too; each tick writes back, then
// fetches (sm.fetch_width warps, round-robin), then issues (one instruction per issue slot); an
// instruction may issue in the cycle it is fetched; an ALU result frees its register
// sm.sp_latency cycles after issue; the run ends the cycle after the last warp retires.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"
#include "warpsim/sched/LrrPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
constexpr Addr kData = 0x10000000;
}

TEST_CASE("sm: a dependent chain of N ALU ops takes N x sm.sp_latency + 1 cycles") {
  constexpr unsigned kN = 12, kLatency = 7;
  GpuParams p = tinyGpu();
  p.sm.sp.latency = kLatency;
  ProgramBuilder b;
  chain(b, 1, kN);
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // ALU i issues at 7i; the Exit right after the last; the last result at 7N; done 7N + 1.
  CHECK(r.gpu->cycles() == kN * kLatency + 1);
  CHECK(r.gpu->warpInstructions() == kN + 1);  // + Exit
  CHECK(r.gpu->threadInstructions() == 32 * (kN + 1));
}

TEST_CASE("sm: independent ALU ops of one warp issue back to back") {
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  for (std::uint8_t r = 1; r <= 8; ++r) b.alu(r);
  GpuRun r(p, oneCta(b.build(), 32));
  // Issued at cycles 0..7 (the 2-entry I-buffer refills each cycle), Exit at 8; the last result
  // at 7 + 10 = 17; done at 18.
  CHECK(r.gpu->cycles() == 18);
  CHECK(r.sm(0)["issued_cycles"] == 9);
}

TEST_CASE("sm: a barrier holds warp 0 until warp 1, delayed by a long chain, arrives") {
  constexpr unsigned kM = 20, kK = 10, kL = 10;  // warp 1's chain before, warp 0's after
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  b.ifThen([](const LaneCtx& c) { return c.warpInCta == 1; },
           [&](ProgramBuilder& t) { chain(t, 1, kM); });
  b.barrier();
  b.ifThen([](const LaneCtx& c) { return c.warpInCta == 0; },
           [&](ProgramBuilder& t) { chain(t, 2, kK); });
  GpuRun r(p, oneCta(b.build(), 64));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Warp 1's chain issues from cycle 1 to 1 + L(M-1), its barrier the cycle after; warp 0, at
  // the barrier since cycle 1, branches at 3 + L(M-1) and starts its chain at 4 + L(M-1); its
  // last result is in at 4 + L(M+K-1).
  const Cycle expected = 5 + kL * (kM + kK - 1);
  CHECK(r.gpu->cycles() == expected);
  CHECK(r.gpu->cycles() > kL * (kM + kK - 1));  // the two chains ran one after the other
  // Warp 0: branch, barrier, branch, K ALU, exit; warp 1: branch, M ALU, barrier, branch, exit.
  CHECK(r.gpu->warpInstructions() == (3 + kK + 1) + (1 + kM + 3));
}

TEST_CASE("sm: a load and a dependent ALU op take the whole memory round trip") {
  GpuParams p = tinyGpu();
  p.clock = ClockParams{1000, 1000, 1000, 1000};  // one clock: cycles add up across blocks
  p.gddr.model = DramModel::Fixed;                // a fixed DRAM latency makes the round trip exact
  p.dram.latency = 200;
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) { return kData + c.lane * 4; });
  b.alu(2, {1});
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Load issued at 0, sent by the LSU at 1; the L1D looks it up at 2 and sends the miss at 3;
  // the crossbar (8) delivers it to the L2 slice, which misses the same way (+2) into the DRAM
  // (200); the fill is handled a cycle after it arrives at the L2 (+1), crosses back (8) and is
  // handled a cycle after it reaches the L1D (+1); the LSU takes the response a cycle later, and
  // the SM, woken by it, issues the ALU in that cycle: result 10 cycles on, done a cycle after.
  const Cycle l1Miss = 2, l2Miss = 2, l2Fill = 1, l1Fill = 1;
  const Cycle expected = 1 + l1Miss + p.icnt.latency + l2Miss + p.dram.latency + l2Fill +
                         p.icnt.latency + l1Fill + 1 + 10 + 1;
  CHECK(expected == 235);
  CHECK(r.gpu->cycles() == expected);
  CHECK(r.sm(0)["lsu"]["requests"] == 1);
  CHECK(r.sm(0)["l1d"]["misses"] == 1);
  CHECK(r.sm(0)["lsu"]["load_latency"]["sum"] == 224);  // issued at 0, taken at 224
}

TEST_CASE("sm: cycle categories add up to the run's cycles") {
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) { return kData + c.lane * 4; });
  chain(b, 2, 3);
  b.alu(3, {1});
  GpuRun r(p, oneCta(b.build(), 64));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  const nlohmann::json s = r.sm(0);
  const std::uint64_t sum =
      s["issued_cycles"].get<std::uint64_t>() + s["memory_block_cycles"].get<std::uint64_t>() +
      s["no_warp_cycles"].get<std::uint64_t>() + s["scheduler_hold_cycles"].get<std::uint64_t>() +
      s["pipeline_stall_cycles"].get<std::uint64_t>() +
      s["dependency_stall_cycles"].get<std::uint64_t>();
  CHECK(sum == s["cycles"].get<std::uint64_t>());
  CHECK(s["cycles"].get<std::uint64_t>() == r.gpu->cycles());
}

TEST_CASE("sm: every SM's cycles equal the run's cycles when several SMs run") {
  GpuParams p = tinyGpu(2);
  ProgramBuilder b;
  chain(b, 1, 5);
  Workload w;
  w.name = "two";
  w.kernels.push_back(makeSyntheticKernel("k", Dim3{2, 1, 1}, Dim3{32, 1, 1}, 16, 0, b.build()));
  GpuRun r(p, std::move(w));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // CTA 0 on SM 0 at cycle 0, CTA 1 on SM 1 at cycle 0: both end together.
  CHECK(r.gpu->cycles() == 5 * 10 + 1);
  CHECK(r.sm(0)["cycles"].get<std::uint64_t>() == r.gpu->cycles());
  CHECK(r.sm(1)["cycles"].get<std::uint64_t>() == r.gpu->cycles());
}

namespace {

// LRR, logging the warps it saw issue.
class LoggingLrr : public IWarpSchedulingPolicy {
 public:
  explicit LoggingLrr(std::vector<std::uint32_t>& log) : log_(log) {}
  void order(const SchedView& v, std::uint64_t slotWarps, std::vector<WarpId>& out) override {
    lrr_.order(v, slotWarps, out);
  }
  void issued(WarpId w, const WarpInst& in) override {
    log_.push_back(w.value());
    lrr_.issued(w, in);
  }

 private:
  LrrPolicy lrr_;
  std::vector<std::uint32_t>& log_;
};

// Orders nothing: no warp ever issues.
class StuckPolicy : public IWarpSchedulingPolicy {
 public:
  void order(const SchedView&, std::uint64_t, std::vector<WarpId>& out) override { out.clear(); }
};

}  // namespace

TEST_CASE("sm: with LRR, ready warps issue in rotation") {
  std::vector<std::uint32_t> log;
  PolicyRegistry reg;
  reg.add("lrr-log", "LRR with a log",
          [&log](const PolicyContext&) { return std::make_unique<LoggingLrr>(log); });
  GpuParams p = tinyGpu();
  p.sched.policy = "lrr-log";
  p.sm.schedulers = 1;
  p.sm.fetchWidth = 4;
  ProgramBuilder b;
  for (std::uint8_t r = 1; r <= 6; ++r) b.alu(r);  // independent: every warp always ready
  GpuRun r(p, oneCta(b.build(), 128), reg);
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  std::vector<std::uint32_t> expected;
  for (int i = 0; i < 7; ++i)
    for (std::uint32_t w = 0; w < 4; ++w) expected.push_back(w);
  CHECK(log == expected);
}

TEST_CASE("gpu: a run where no warp can ever issue ends as a deadlock with a dump") {
  PolicyRegistry reg;
  reg.add("stuck", "issues nothing",
          [](const PolicyContext&) { return std::make_unique<StuckPolicy>(); });
  GpuParams p = tinyGpu();
  p.sched.policy = "stuck";
  ProgramBuilder b;
  chain(b, 1, 3);
  GpuRun r(p, oneCta(b.build(), 32), reg);
  CHECK(r.gpu->outcome() == Gpu::Outcome::Deadlock);
  CHECK(std::string(toString(r.gpu->outcome())) == "deadlock (nothing left to run)");
  CHECK(r.gpu->warpInstructions() == 0);
  const std::string d = r.gpu->diagnosis();
  CHECK_THAT(d, Catch::StartsWith("warpsim: no progress: every block is asleep and nothing is "
                                  "scheduled, at core cycle 1; the workload has not finished\n"));
  CHECK_THAT(d, Catch::Contains("gpu.dispatcher: kernel 0 'k': 1/1 CTAs launched, 0 finished"));
  CHECK_THAT(d, Catch::Contains("gpu.sm0: 1 resident warps\n"
                                "  warp 0: pc 0 ready; 0 memory instructions and 0 results in "
                                "flight\n"));
}
