#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/GtoPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("gto: before any issue, ready warps oldest first, equal ages by lower warp id") {
  GtoPolicy gto;
  PolicyBench b(gto, {5, 2, 2, 0});
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{3, 1, 2, 0});
  CHECK(b.order(bits({0, 2})) == Ids{2, 0});
}

TEST_CASE("gto: sticks with warp 2 while it stays ready, then falls back to the oldest ready") {
  GtoPolicy gto;
  PolicyBench b(gto, {0, 1, 2, 3});
  const std::uint64_t all = bits({0, 1, 2, 3});
  CHECK(b.run({bits({2, 3}), all, all, all, bits({1, 3}), all, bits({0, 3}), all}) ==
        Ids{2, 2, 2, 2, 1, 1, 0, 0});
}

TEST_CASE("gto: the order is the last issuer, then the other ready warps oldest first") {
  GtoPolicy gto;
  PolicyBench b(gto, {3, 0, 2, 1});
  CHECK(b.cycle(bits({0})) == 0);
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{0, 1, 3, 2});
  CHECK(b.order(bits({1, 2, 3})) == Ids{1, 3, 2});
}

TEST_CASE("gto: only ready warps of the slot appear") {
  GtoPolicy gto;
  PolicyBench b(gto, {0, 1, 2, 3, 4, 5});
  b.slotWarps = bits({1, 3, 5});  // slot 1 of two
  CHECK(b.order(bits({0, 1, 2, 3, 4, 5})) == Ids{1, 3, 5});
  CHECK(b.order(bits({0, 2, 4})).empty());
  CHECK(b.cycle(bits({3, 4})) == 3);
  CHECK(b.order(bits({1, 2})) == Ids{1});  // the last issuer, not ready, is left out
}

TEST_CASE("gto: a warp launched into the last issuer's slot is the youngest, not the greedy one") {
  GtoPolicy gto;
  PolicyBench b(gto, {0, 1, 2});
  CHECK(b.cycle(bits({1})) == 1);
  b.replace(1, 7);  // warp slot 1 retired and got a new warp; the slot mask is unchanged
  CHECK(b.order(bits({0, 1, 2})) == Ids{0, 2, 1});
}

TEST_CASE("gto: the age order follows a warp slot that got a new warp between two cycles") {
  GtoPolicy gto;
  PolicyBench b(gto, {0, 1, 2, 3});
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{0, 1, 2, 3});
  b.replace(0, 4);
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{1, 2, 3, 0});
  b.slotWarps = bits({0, 2, 3});  // warp 1 retired
  CHECK(b.order(bits({0, 2, 3})) == Ids{2, 3, 0});
}
