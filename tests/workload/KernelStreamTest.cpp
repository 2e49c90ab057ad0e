#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("stream: instruction counts at size 1") {
  const Workload w = makeWorkload("stream", 1);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].ctaCount() == 8);
  CHECK(runWarp(w.kernels[0], 0, 0).size() == 26);  // 1 + 4 x (2 ld, add, st, inc, branch) + exit
  CHECK(workloadInsts(w) == 64 * 26);
}

TEST_CASE("stream: each access covers exactly one 128 B line, grid-stride between iterations") {
  const auto t = runWarp(makeWorkload("stream", 1).kernels[0], 0, 0);
  const WarpInst& a0 = nthMem(t, 0);
  CHECK(a0.isLoad());
  CHECK(a0.addr[0] == 0x10000000);
  CHECK(a0.addr[31] == 0x1000007c);
  CHECK(linesOf(a0).size() == 1);
  CHECK(nthMem(t, 1).addr[0] == 0x20000000);
  const WarpInst& c0 = nthMem(t, 2);
  CHECK(c0.memOp == MemOp::Store);
  CHECK(c0.addr[31] == 0x3000007c);
  CHECK(linesOf(c0).size() == 1);
  CHECK(nthMem(t, 3).addr[0] == 0x10000000 + 8 * 256 * 4);  // next: one grid of threads later
}

TEST_CASE("stream: the add depends on both loads") {
  const auto t = runWarp(makeWorkload("stream", 1).kernels[0], 0, 0);
  const WarpInst& add = t[3];
  CHECK(add.op == OpClass::Alu);
  CHECK(add.src[0] == t[1].dst);
  CHECK(add.src[1] == t[2].dst);
}

TEST_CASE("stream: CTA 1 warp 2 starts at its global thread id") {
  const auto t = runWarp(makeWorkload("stream", 1).kernels[0], 1, 2);
  CHECK(nthMem(t, 0).addr[0] == 0x10000000 + (256 + 64) * 4);
}
