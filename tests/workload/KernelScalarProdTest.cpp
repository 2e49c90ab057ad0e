#include <catch2/catch.hpp>

#include <vector>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("scalarprod: two loads executed 16 times, 1 KiB apart, 16 KiB between CTAs") {
  const KernelDesc k = makeWorkload("scalarprod", 1).kernels[0];
  CHECK(k.ctaCount() == 16);
  const auto t0 = runWarp(k, 0, 0);
  const auto t1 = runWarp(k, 1, 3);
  CHECK(t0.size() == 84);
  std::vector<Addr> a0, a1;
  for (const WarpInst& i : t0)
    if (i.isMem() && i.memOp == MemOp::Load && i.addr[0] < 0x20000000) a0.push_back(i.addr[0]);
  for (const WarpInst& i : t1)
    if (i.isMem() && i.memOp == MemOp::Load && i.addr[0] < 0x20000000) a1.push_back(i.addr[0]);
  REQUIRE(a0.size() == 16);
  REQUIRE(a1.size() == 16);
  for (std::size_t n = 0; n < 16; ++n) {
    CHECK(a0[n] == 0x10000000 + n * 1024);
    CHECK(a1[n] - a0[n] == 16384 + 3 * 128);
  }
}
