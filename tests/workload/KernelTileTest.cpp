#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr Addr kA = 0x10000000, kB = 0x20000000, kC = 0x30000000;
constexpr Addr kN = 32;  // size 1

}  // namespace

TEST_CASE("tile: instruction counts at size 1") {
  const Workload w = makeWorkload("tile", 1);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].smemPerCta == 2048);
  CHECK(w.kernels[0].ctaCount() == 4);
  // 2 + 2 k-tiles x (2 ld, 2 st.shared, bar, 16 x (2 ld.shared, fma), bar, alu, branch) + st + exit
  CHECK(runWarp(w.kernels[0], 0, 0).size() == 116);
  CHECK(workloadInsts(w) == 4 * 8 * 116);
}

TEST_CASE("tile: two barriers and 34 shared accesses per k-tile") {
  const auto t = runWarp(makeWorkload("tile", 1).kernels[0], 0, 0);
  unsigned barriers = 0, shared = 0, global = 0, alu = 0;
  for (const WarpInst& i : t) {
    barriers += i.op == OpClass::Barrier;
    shared += i.isMem() && i.space == MemSpace::Shared;
    global += i.isMem() && i.space == MemSpace::Global;
    alu += i.op == OpClass::Alu;
  }
  CHECK(barriers == 4);
  CHECK(shared == 2 * 34);
  CHECK(global == 2 * 2 + 1);
  CHECK(alu == 2 + 2 * 17);
}

TEST_CASE("tile: global loads walk a row of A and a column of B") {
  const KernelDesc k = makeWorkload("tile", 1).kernels[0];
  const auto t = runWarp(k, 3, 1);  // CTA (1, 1), warp 1: rows 18, 19
  CHECK(nthMem(t, 0).addr[0] == kA + (18 * kN + 0) * 4);
  CHECK(nthMem(t, 0).addr[17] == kA + (19 * kN + 1) * 4);
  CHECK(nthMem(t, 1).addr[0] == kB + (2 * kN + 16) * 4);
  const WarpInst& nextA = nthMem(t, 2 + 2 + 32);  // k-tile 1
  CHECK(nextA.addr[0] == kA + (18 * kN + 16) * 4);
  const WarpInst& c = nthMem(t, 2 * 36);
  CHECK(c.memOp == MemOp::Store);
  CHECK(c.addr[31] == kC + (19 * kN + 31) * 4);
}

TEST_CASE("tile: shared accesses hit the CTA's two 1 KiB tiles") {
  const auto t = runWarp(makeWorkload("tile", 1).kernels[0], 0, 1);  // rows 2, 3 of the tile
  const WarpInst& stA = nthMem(t, 2);
  CHECK(stA.memOp == MemOp::Store);
  CHECK(stA.space == MemSpace::Shared);
  CHECK(stA.addr[0] == (2 * 16) * 4);
  CHECK(nthMem(t, 3).addr[31] == 1024 + (3 * 16 + 15) * 4);
  const WarpInst& ldA = nthMem(t, 4 + 2 * 5);  // step 5
  const WarpInst& ldB = nthMem(t, 5 + 2 * 5);
  CHECK(ldA.addr[0] == (2 * 16 + 5) * 4);
  CHECK(ldA.addr[16] == (3 * 16 + 5) * 4);
  CHECK(ldB.addr[7] == 1024 + (5 * 16 + 7) * 4);
  CHECK(ldB.addr[23] == ldB.addr[7]);
  const WarpInst& fma = t[t.size() - 1];
  CHECK(fma.op == OpClass::Exit);
}
