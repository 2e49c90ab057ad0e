// LRR over several issue cycles (its single-order rules are in tests/models/LrrPolicyTest.cpp).
#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/LrrPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("lrr: with every warp ready, issue rotates 0, 1, 2, 3, 0, 1") {
  LrrPolicy lrr;
  PolicyBench b(lrr, {3, 2, 1, 0});  // ages play no part
  CHECK(b.run(0xf, 6) == Ids{0, 1, 2, 3, 0, 1});
}

TEST_CASE("lrr: a warp that cannot issue in its turn passes it to the next in order") {
  LrrPolicy lrr;
  PolicyBench b(lrr, {0, 1, 2, 3});
  CHECK(b.run({0xf, bits({0, 2, 3}), bits({0, 1}), 0xf, 0xf}) == Ids{0, 2, 0, 1, 2});
}
