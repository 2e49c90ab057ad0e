#include <catch2/catch.hpp>

#include <set>

#include "WarpTrace.h"
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("edgewalk: instruction counts at size 1") {
  const Workload w = makeWorkload("edgewalk", 1);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].ctaCount() == 4);
  // ld + alu + 32 edges x (2 ld, alu, branch) + st + exit
  CHECK(runWarp(w.kernels[0], 0, 0).size() == 132);
  CHECK(workloadInsts(w) == 4 * 8 * 132);
}

TEST_CASE("edgewalk: each lane walks its own edges, 16 per 128 B line (CCWS Example 1)") {
  const auto t = runWarp(makeWorkload("edgewalk", 1).kernels[0], 0, 1);
  const WarpInst& e0 = nthMem(t, 1);                      // edge 0: after the node record
  CHECK(e0.addr[0] == kernels::arrayBase(1) + 32 * 256);  // node 32's first edge
  CHECK(e0.addr[1] == kernels::arrayBase(1) + 33 * 256);
  CHECK(linesOf(e0).size() == 32);
  CHECK(nthMem(t, 3).addr[0] == kernels::arrayBase(1) + 32 * 256 + 8);  // edge 1, same line
  std::set<Addr> edgeLines;
  for (unsigned i = 0; i < 32; ++i) {
    const auto l = linesOf(nthMem(t, 1 + 2 * i));
    edgeLines.insert(l.begin(), l.end());
  }
  CHECK(edgeLines.size() == 64);  // two lines per lane, each read 16 times
}
