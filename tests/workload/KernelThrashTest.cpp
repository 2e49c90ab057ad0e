#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("thrash: instruction counts at size 1") {
  const Workload w = makeWorkload("thrash", 1);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].ctaCount() == 1);
  // 2 + 5 clusters x (1 + 32 features x (2 ld, 2 alu, branch) + 2 alu + branch) + st + exit
  CHECK(runWarp(w.kernels[0], 0, 0).size() == 824);
  CHECK(workloadInsts(w) == 8 * 824);
}

TEST_CASE("thrash: every lane of a feature load touches its own 128 B line") {
  const auto t = runWarp(makeWorkload("thrash", 1).kernels[0], 0, 1);
  const WarpInst& f0 = nthMem(t, 0);
  CHECK(f0.space == MemSpace::Global);
  CHECK(f0.addr[0] == 0x10000000 + 32 * 128);  // point 32
  CHECK(f0.addr[1] == 0x10000000 + 33 * 128);
  CHECK(linesOf(f0).size() == 32);
  CHECK(nthMem(t, 2).addr[0] == 0x10000000 + 32 * 128 + 4);  // feature 1 of the same point
}

TEST_CASE("thrash: a warp's footprint is 32 lines, re-read for every cluster") {
  const auto t = runWarp(makeWorkload("thrash", 1).kernels[0], 0, 0);
  std::set<Addr> lines;
  unsigned featureLoads = 0;
  for (const WarpInst& i : t) {
    if (!i.isLoad() || i.space != MemSpace::Global) continue;
    ++featureLoads;
    const auto l = linesOf(i);
    lines.insert(l.begin(), l.end());
  }
  CHECK(featureLoads == 5 * 32);
  CHECK(lines.size() == 32);
}

TEST_CASE("thrash: centroids come from constant memory, one address per warp") {
  const auto t = runWarp(makeWorkload("thrash", 1).kernels[0], 0, 0);
  const WarpInst& c = nthMem(t, 1 + 2 * 32);  // cluster 1, feature 0
  CHECK(c.space == MemSpace::Constant);
  CHECK(c.addr[0] == 0x30000000 + 32 * 4);
  CHECK(c.addr[31] == c.addr[0]);
}
