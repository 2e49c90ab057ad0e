// The load execution count (LEC): the per-warp count of executions of a load PC, counted by
// the SM and carried by every request (GpuRequest::lec).
#include <catch2/catch.hpp>

#include <map>
#include <tuple>

#include "../models/GpuTestSupport.h"
#include "warpsim/sm/LecTable.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("LecTable counts executions per PC, evicts the least recently used PC, resets") {
  LecTable t;
  CHECK(t.next(10) == 0);
  CHECK(t.next(10) == 1);
  CHECK(t.next(20) == 0);
  CHECK(t.next(10) == 2);
  for (std::uint32_t pc = 100; pc < 100 + LecTable::kEntries - 2; ++pc) t.next(pc);
  CHECK(t.next(10) == 3);   // table full (16 PCs), 10 most recent
  CHECK(t.next(999) == 0);  // evicts PC 20, the least recently used
  CHECK(t.next(10) == 4);
  CHECK(t.next(20) == 0);
  t.reset();
  CHECK(t.next(10) == 0);
}

namespace {
// Records (warp in CTA, PC, LEC) of every load leaving an L1D.
struct Recorder : tlm::tlm_analysis_if<tlm::tlm_generic_payload> {
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, unsigned> seen;
  void write(const tlm::tlm_generic_payload& p) override {
    const GpuRequest& r = GpuRequest::of(p);
    if (r.kind == ReqKind::Load) ++seen[{r.warpInCta, r.pc, r.lec}];
  }
};
}  // namespace

TEST_CASE("LEC is counted per warp and PC and reaches the requests leaving the SM") {
  constexpr Addr kA = 0x10000000, kB = 0x20000000;
  ProgramBuilder b;
  b.alu(0);
  b.loop(3, [&](ProgramBuilder& k) {
    // Each warp and execution its own line: every load misses and leaves the SM.
    k.load(MemSpace::Global, 1, [](const LaneCtx& c) {
      return kA + (Addr{c.warpInCta} * 8 + c.iter[0]) * 128 + c.lane * 4;
    });
    k.alu(0, {0, 1});
  });
  b.load(MemSpace::Global, 2, [](const LaneCtx& c) { return kB + c.warpInCta * 128 + c.lane * 4; });
  const auto program = b.build();
  Workload w = oneCta(program, 64);  // 2 warps
  StatsRegistry stats;
  Gpu gpu("gpu", tinyGpu(), PolicyRegistry::withBuiltins(), nullptr, stats);
  Recorder rec;
  gpu.sm(0).l1d.sentBelow.bind(rec);
  gpu.run(w);
  sc_core::sc_start();
  gpu.finalize();
  REQUIRE(rec.seen.size() == 8);  // per warp: the loop's load at LEC 0, 1, 2 and the other at 0
  std::uint32_t loopPc = ~0u, otherPc = ~0u;
  for (const auto& [key, n] : rec.seen) {
    CHECK(n == 1);
    if (std::get<2>(key) == 2) loopPc = std::get<1>(key);
  }
  for (const auto& [key, n] : rec.seen)
    if (std::get<1>(key) != loopPc) otherPc = std::get<1>(key);
  for (std::uint32_t warp : {0u, 1u}) {
    for (std::uint32_t lec : {0u, 1u, 2u}) CHECK(rec.seen.count({warp, loopPc, lec}) == 1);
    CHECK(rec.seen.count({warp, otherPc, 0u}) == 1);
  }
}
