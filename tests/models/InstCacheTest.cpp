// The SM's L1 instruction cache (models/sm/InstCache.h): fixed-latency misses, merged fetches of
// a line on its way, LRU replacement; and its effect on a warp's fetch.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"
#include "warpsim/sm/InstCache.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("il1: a miss arrives after the miss latency and fetches of it wait for it") {
  InstCache c(1, 2, 128, 100);
  CHECK(c.access(0x00, 10) == 110);    // miss
  CHECK(c.access(0x40, 20) == 110);    // same line, on its way: waits for it
  CHECK(c.access(0x78, 200) == 110);   // arrived: a hit
  CHECK(c.access(0x80, 210) == 310);   // the second way
  CHECK(c.access(0x100, 300) == 400);  // evicts the least recently used line (0x00)
  CHECK(c.access(0x80, 400) == 310);
  CHECK(c.access(0x00, 400) == 500);  // fetched again, in place of 0x100
  StatsRegistry stats;
  c.registerWith(stats, "il1");
  CHECK(stats.tree()["il1"]["accesses"] == 7);
  CHECK(stats.tree()["il1"]["misses"] == 4);
  CHECK(stats.tree()["il1"]["pending_hits"] == 1);
}

TEST_CASE("il1: each instruction line a warp reaches costs it one miss latency") {
  GpuParams p = tinyGpu();
  p.sm.il1Sets = 4;
  p.sm.il1LineSize = 64;  // 8 instructions of 8 bytes
  p.sm.il1MissLatency = 100;
  ProgramBuilder b;
  for (unsigned r = 1; r <= 15; ++r) b.alu(static_cast<Reg>(r));  // 16 instructions with Exit
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  // Without the cache: ALUs issue at 0..14, Exit at 15, last result at 24, done at 25. The first
  // line holds the warp 100 cycles; the second 99, as the two-entry instruction buffer fetches
  // its first instruction a cycle before the one ahead of it issues.
  CHECK(r.gpu->cycles() == 25 + 100 + 99);
  CHECK(r.sm(0)["il1"]["misses"] == 2);
}
