#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// The first global load of warp `warp` of CTA (x, y) of cp at size 8 (grid 8 x 32): its address.
Addr firstGlobal(std::uint32_t x, std::uint32_t y, std::uint32_t warp) {
  const KernelDesc k = makeWorkload("cp", 8).kernels[0];
  for (const WarpInst& i : runWarp(k, y * 8 + x, warp))
    if (i.isMem() && i.space == MemSpace::Global) return i.addr[0];
  return 0;
}

}  // namespace

TEST_CASE("cp: grid (8, 32) at size 8, 170 instructions per warp") {
  const Workload w = makeWorkload("cp", 8);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].grid.x == 8);
  CHECK(w.kernels[0].grid.y == 32);
  CHECK(w.kernels[0].warpsPerCta() == 4);
  // 3 ALUs, 16 x (4 constant loads, 4 ops, back-edge), 2 loads, 2 ALUs, 2 stores, exit
  CHECK(runWarp(w.kernels[0], 0, 0).size() == 170);
}

TEST_CASE("cp: a global load strides 128 B along x, 8192 B along y, 2048 B between warps") {
  const Addr base = firstGlobal(0, 0, 0);
  CHECK(base == 0x10000000);
  CHECK(firstGlobal(1, 0, 0) - base == 128);
  CHECK(firstGlobal(5, 0, 0) - base == 5 * 128);
  CHECK(firstGlobal(0, 1, 0) - base == 8192);
  CHECK(firstGlobal(3, 7, 2) - base == 3 * 128 + 7 * 8192 + 2 * 2048);
  const auto t = runWarp(makeWorkload("cp", 8).kernels[0], 0, 0);
  unsigned global = 0;
  for (const WarpInst& i : t)
    if (i.isMem() && i.space == MemSpace::Global && i.memOp == MemOp::Load) {
      CHECK(linesOf(i).size() == 1);  // one line per warp
      ++global;
    }
  CHECK(global == 2);
}
