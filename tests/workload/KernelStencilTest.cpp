#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr Addr kBuf0 = 0x10000000, kBuf1 = 0x20000000;
constexpr Addr kRow = 32 * 4;  // size 1: a 32 x 32 grid

}  // namespace

TEST_CASE("stencil: instruction counts at size 1") {
  const Workload w = makeWorkload("stencil", 1);
  REQUIRE(w.kernels.size() == 4);  // time steps
  CHECK(w.kernels[0].grid.x == 2);
  CHECK(w.kernels[0].grid.y == 2);
  CHECK(runWarp(w.kernels[0], 0, 0).size() == 12);  // alu, 5 ld, 4 alu, st, exit
  CHECK(workloadInsts(w) == 4 * 4 * 8 * 12);
}

TEST_CASE("stencil: a warp reads two 16-float row segments per neighbour") {
  const auto t = runWarp(makeWorkload("stencil", 1).kernels[0], 0, 0);
  const WarpInst& centre = nthMem(t, 0);
  CHECK(centre.addr[0] == kBuf0);
  CHECK(centre.addr[15] == kBuf0 + 15 * 4);
  CHECK(centre.addr[16] == kBuf0 + kRow);
  CHECK(linesOf(centre).size() == 2);
  CHECK(nthMem(t, 1).addr[16] == kBuf0);        // north of row 1 is row 0
  CHECK(nthMem(t, 1).addr[0] == kBuf0);         // clamped at the top border
  CHECK(nthMem(t, 2).addr[0] == kBuf0 + kRow);  // south
  CHECK(nthMem(t, 3).addr[1] == kBuf0);         // west
  CHECK(nthMem(t, 4).addr[0] == kBuf0 + 4);     // east
  CHECK(nthMem(t, 5).memOp == MemOp::Store);
  CHECK(nthMem(t, 5).addr[17] == kBuf1 + kRow + 4);
}

TEST_CASE("stencil: neighbouring CTAs' halos overlap each other's points") {
  const KernelDesc k = makeWorkload("stencil", 1).kernels[0];
  const auto left = runWarp(k, 0, 0);
  const auto right = runWarp(k, 1, 0);  // x fastest: CTA 1 is the next 16 columns
  CHECK(nthMem(right, 0).addr[0] == kBuf0 + 16 * 4);
  CHECK(nthMem(left, 4).addr[15] == nthMem(right, 0).addr[0]);       // left's east = right's centre
  CHECK(nthMem(right, 3).addr[0] == nthMem(left, 0).addr[15]);       // right's west = left's centre
  const auto below = runWarp(k, 2, 0);                               // CTA (0, 1): rows 16..
  const auto above = runWarp(k, 0, 7);                               // rows 14, 15 of CTA (0, 0)
  CHECK(nthMem(below, 1).addr[3] == nthMem(above, 0).addr[16 + 3]);  // north halo = row 15
}

TEST_CASE("stencil: time steps alternate the two buffers") {
  const Workload w = makeWorkload("stencil", 1);
  for (std::size_t step = 0; step < w.kernels.size(); ++step) {
    const auto t = runWarp(w.kernels[step], 0, 0);
    const Addr in = step % 2 == 0 ? kBuf0 : kBuf1;
    const Addr out = step % 2 == 0 ? kBuf1 : kBuf0;
    CHECK(nthMem(t, 0).addr[0] == in);
    CHECK(nthMem(t, 5).addr[0] == out);
    CHECK(w.kernels[step].name == "stencil.t" + std::to_string(step));
  }
}
