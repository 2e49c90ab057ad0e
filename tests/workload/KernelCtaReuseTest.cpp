#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("ctareuse: instruction counts at size 1") {
  const Workload w = makeWorkload("ctareuse", 1);
  REQUIRE(w.kernels.size() == 1);
  const KernelDesc& k = w.kernels[0];
  CHECK(k.ctaCount() == 8);
  CHECK(k.warpsPerCta() == 4);
  // 2 ALUs + 2 passes x (32 x (2 loads, 2 ALUs, back-edge) + back-edge) + store + exit.
  CHECK(runWarp(k, 0, 0).size() == 326);
  CHECK(workloadInsts(w) == 8 * 4 * 326);
}

TEST_CASE("ctareuse: every warp of a CTA reads the CTA's whole 8 KiB block, twice") {
  const KernelDesc k = makeWorkload("ctareuse", 1).kernels[0];
  const auto w0 = runWarp(k, 5, 0), w3 = runWarp(k, 5, 3);
  std::set<Addr> lines0, lines3;
  std::uint32_t loads = 0;
  for (std::size_t i = 0; i < w0.size(); ++i) {
    if (!w0[i].isLoad()) continue;
    ++loads;
    CHECK(w0[i].addr == w3[i].addr);  // the same addresses at the same point
    CHECK(linesOf(w0[i]).size() == 1);
    lines0.insert(w0[i].addr[0] / 128);
  }
  CHECK(loads == 128);
  CHECK(lines0.size() == 64);  // 8 KiB in 128 B accesses, each read twice
  CHECK(*lines0.begin() * 128 == 0x10000000 + 5 * 8192);
  CHECK(*lines0.rbegin() * 128 == 0x10000000 + 6 * 8192 - 128);
  CHECK(nthMem(w0, 0).addr[0] == 0x10000000 + 5 * 8192);
  CHECK(nthMem(w0, 1).addr[0] == 0x10000000 + 5 * 8192 + 4096);  // the block's second half
}

TEST_CASE("ctareuse: the loads of one iteration are independent, the sum waits for both") {
  const auto t = runWarp(makeWorkload("ctareuse", 1).kernels[0], 0, 0);
  const WarpInst& lo = nthMem(t, 0);
  const WarpInst& hi = nthMem(t, 1);
  CHECK(lo.dst != hi.dst);
  CHECK(t[4].op == OpClass::Alu);
  CHECK(t[4].src[1] == lo.dst);
  CHECK(t[4].src[2] == hi.dst);
}
