// Mascar's cache access re-execution and owner-warp refusals end to end on a tiny GPU (Mascar
// III-C, III-D, Fig. 7): the LSU, its re-execution queue, the L1's NACKs.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/gpu/GpuParams.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr Addr kA = 0x10000000, kC = kA + 0x1000, kD = kA + 0x2000;

std::uint32_t warpOf(const LaneCtx& c) {
  return c.tid / 32;
}

// Mascar Fig. 7: an L1D of one line and one MSHR that places a line when its data arrives.
// All three warps load line A (one miss, two merges), then warp 0 loads C (a miss taking the
// MSHR), warp 1 loads D (no MSHR: refused, or stalling the LSU) and warp 2 reloads A, then uses
// it in a chain of 40 dependent ALU ops (its computation).
nlohmann::json fig7(std::uint32_t reexecEntries) {
  GpuParams p = tinyGpu();
  p.gddr.model = DramModel::Fixed;  // the figures below assume a fixed DRAM latency
  p.sm.schedulers = 1;
  p.l1d.sets = 1;
  p.l1d.ways = 1;
  p.l1d.mshrEntries = 1;
  p.l1d.allocate = AllocatePolicy::OnFill;
  p.lsu.reexecEntries = reexecEntries;
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx&) { return kA; });
  b.alu(2, {1});
  b.load(MemSpace::Global, 3, [](const LaneCtx& c) {
    const std::uint32_t w = warpOf(c);
    return w == 0 ? kC : w == 1 ? kD : kA;
  });
  b.alu(4, {3});
  chain(b, 4, 40);
  GpuRun r(p, oneCta(b.build(), 96));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  nlohmann::json s = r.sm(0);
  s["cycles"] = r.gpu->cycles();
  return s;
}

}  // namespace

TEST_CASE("mascar fig. 7(a): without re-execution warp 2's line is evicted while the LSU stalls") {
  const nlohmann::json s = fig7(0);
  CHECK(s["l1d"]["hits"] == 0);
  CHECK(s["l1d"]["misses"] == 4);  // A, C, D, and A again
  CHECK(s["l1d"]["mshr_merges"] == 2);
  CHECK(s["l1d"]["reservation_fail_mshr_cycles"] == 916);  // D, then A, wait at the L1's head
  CHECK(s["lsu"]["refusals"] == 0);
  CHECK(s["cycles"] == 1817);
}

TEST_CASE("mascar fig. 7(b): with a one-entry re-execution queue warp 2 hits under warp 1's miss") {
  const nlohmann::json s = fig7(1);
  CHECK(s["l1d"]["hits"] == 1);
  CHECK(s["l1d"]["misses"] == 3);
  CHECK(s["l1d"]["mshr_merges"] == 2);
  CHECK(s["l1d"]["reservation_fail_mshr_cycles"] == 0);  // refused instead
  CHECK(s["l1d"]["refusals"] == 456);  // D, retried every cycle until C's fill frees the MSHR
  CHECK(s["lsu"]["refusals"] == 456);
  CHECK(s["lsu"]["reexecutions"] == 456);
  CHECK(s["lsu"]["reexec_max_occupancy"] == 1);
  CHECK(s["cycles"] == 1798);
}

namespace {

// `warps` warps, each with two independent loads of 4 lines of its own (lanes 0..3 at a 128 B
// stride, the other lanes on line 3), then an add of both results.
nlohmann::json twoFourLineLoads(GpuParams p, std::uint32_t warps) {
  p.gddr.model = DramModel::Fixed;  // the figures below assume a fixed DRAM latency
  p.sm.schedulers = 1;
  ProgramBuilder b;
  for (Reg reg : {1, 2})
    b.load(MemSpace::Global, reg, [reg](const LaneCtx& c) {
      return kA + warpOf(c) * 0x10000 + reg * 0x1000 + std::min<Addr>(c.lane, 3) * 128;
    });
  b.alu(3, {1, 2});
  GpuRun r(p, oneCta(b.build(), 32 * warps));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  return r.sm(0);
}

}  // namespace

TEST_CASE("mascar re-execution: a queue of 2 holds 2 refused requests plus 1 at the LSU head") {
  GpuParams p = tinyGpu();
  p.l1d.mshrEntries = 1;
  p.lsu.reexecEntries = 2;
  const nlohmann::json s = twoFourLineLoads(p, 1);
  CHECK(s["lsu"]["reexec_max_occupancy"] == 3);
  CHECK(s["lsu"]["reexecutions"] == s["lsu"]["refusals"]);
  CHECK(s["l1d"]["misses"] == 8);
}

TEST_CASE("mascar re-execution: one memory instruction per warp in the queue") {
  GpuParams p = tinyGpu();
  p.l1d.mshrEntries = 1;
  p.lsu.reexecEntries = 32;
  const nlohmann::json s = twoFourLineLoads(p, 1);
  // The first load's lines 1..3 are refused; the second load, independent, may not issue
  // until they have left the queue: it then finds the MSHR busy and all 4 of its lines are
  // refused. Never more than one instruction's 4 lines, not 3 + 4.
  CHECK(s["lsu"]["reexec_max_occupancy"] == 4);
  CHECK(s["l1d"]["misses"] == 8);
}

TEST_CASE("mascar MP mode: a non-owner's miss is refused and goes to the queue's tail") {
  GpuParams p = tinyGpu();
  p.sched.policy = "mascar";
  p.l1d.mshrEntries = 2;
  p.l1d.saturationThreshold = 2;  // always saturated: MP mode throughout
  p.lsu.reexecEntries = 32;
  const nlohmann::json s = twoFourLineLoads(p, 4);
  CHECK(s["mascar"]["ep_cycles"] == 0);
  CHECK(s["lsu"]["non_owner_refusals"] == 2593);
  CHECK(s["l1d"]["refusals_not_owner"] == s["lsu"]["non_owner_refusals"]);
  CHECK(s["lsu"]["reexecutions"] == s["lsu"]["refusals"]);  // every refusal was retried
  CHECK(s["l1d"]["misses"] == 32);                          // and nothing was fetched twice
  CHECK(s["l1d"]["reads_below"] == 32);
  CHECK(s["mascar"]["owner_grants"] == 7);  // 4 warps, passing back and forth
}

namespace {

std::uint32_t reexecEntries(std::initializer_list<const char*> assignments) {
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config c(schema);
  for (const char* a : assignments) c.setAssignment(a);
  return GpuParams::load(c).lsu.reexecEntries;
}

}  // namespace

TEST_CASE("mascar config: lsu.reexec_entries defaults to 32 with sched.policy=mascar, else 0") {
  CHECK(reexecEntries({}) == 0);
  CHECK(reexecEntries({"sched.policy=gto"}) == 0);
  CHECK(reexecEntries({"sched.policy=mascar"}) == 32);
  CHECK(reexecEntries({"sched.policy=mascar", "lsu.reexec_entries=0"}) == 0);
  CHECK(reexecEntries({"sched.policy=lrr", "lsu.reexec_entries=8"}) == 8);
}
