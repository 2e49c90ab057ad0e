#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/TwoLevelPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
TwoLevelParams twoLevel(std::uint32_t groupSize, SchedOrder inner, SchedOrder outer) {
  TwoLevelParams p;
  p.groupSize = groupSize;
  p.inner = inner;
  p.outer = outer;
  return p;
}
constexpr std::uint64_t kAll8 = 0xff;
}  // namespace

TEST_CASE("2lvl: the defaults are CCWS's 2LVL-GTO: groups of 2, GTO within and across groups") {
  const TwoLevelParams p;
  CHECK(p.groupSize == 2);
  CHECK(p.inner == SchedOrder::Gto);
  CHECK(p.outer == SchedOrder::Gto);
}

TEST_CASE("2lvl: stays in group 0 until none of its warps is ready, then moves to group 1") {
  TwoLevelPolicy two(twoLevel(4, SchedOrder::Gto, SchedOrder::Rr));
  PolicyBench b(two, {6, 4, 5, 7, 0, 1, 2, 3});  // group 0: warps 0-3, group 1: warps 4-7
  CHECK(b.run({kAll8, kAll8, kAll8 & ~bits({1}), bits({0, 3, 4, 5, 6, 7}), bits({4, 5, 6, 7}),
               kAll8, bits({0, 1, 2, 3, 5, 6})}) == Ids{1, 1, 2, 0, 4, 4, 5});
  CHECK(two.currentGroup() == 1);
}

TEST_CASE("2lvl: the order is the current group's ready warps, then the other groups'") {
  TwoLevelPolicy two(twoLevel(4, SchedOrder::Gto, SchedOrder::Rr));
  PolicyBench b(two, {6, 4, 5, 7, 0, 1, 2, 3});
  CHECK(b.cycle(bits({5})) == 5);
  CHECK(b.order(kAll8) == Ids{5, 4, 6, 7, 1, 2, 0, 3});
}

TEST_CASE("2lvl: outer rr moves to the next group after the current one that can issue") {
  TwoLevelPolicy two(twoLevel(2, SchedOrder::Gto, SchedOrder::Rr));
  PolicyBench b(two, {0, 1, 2, 3, 4, 5, 6, 7});  // groups {0,1} {2,3} {4,5} {6,7}
  CHECK(b.run({bits({2, 3, 6}), bits({0, 6}), bits({0, 2, 4})}) == Ids{2, 6, 0});
  CHECK(b.cycle(bits({7})) == 7);
  CHECK(b.order(kAll8) == Ids{7, 6, 0, 1, 2, 3, 4, 5});
}

TEST_CASE("2lvl: outer gto moves to the group holding the oldest warp, ready or not") {
  TwoLevelPolicy two(twoLevel(2, SchedOrder::Gto, SchedOrder::Gto));
  // Oldest warp per group: {0,1} age 5, {2,3} age 3, {4,5} age 0, {6,7} age 1.
  PolicyBench b(two, {5, 6, 3, 7, 0, 4, 1, 2});
  CHECK(b.run({bits({2, 3, 6, 7}), bits({0, 1, 2, 3})}) == Ids{6, 2});
  CHECK(b.order(kAll8) == Ids{2, 3, 4, 5, 6, 7, 0, 1});
}

TEST_CASE("2lvl: inner rr rotates within the group from the warp after its last issuer") {
  TwoLevelPolicy two(twoLevel(4, SchedOrder::Rr, SchedOrder::Rr));
  PolicyBench b(two, {0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(b.run({kAll8, kAll8, kAll8, kAll8, kAll8, bits({4, 5, 6, 7}), kAll8}) ==
        Ids{0, 1, 2, 3, 0, 4, 5});
  CHECK(b.order(kAll8) == Ids{6, 7, 4, 5, 1, 2, 3, 0});
}

TEST_CASE("2lvl: with two issue slots, a group holds the slot's own consecutive warp slots") {
  TwoLevelPolicy two(twoLevel(2, SchedOrder::Gto, SchedOrder::Gto), 2);
  PolicyBench b(two, {0, 1, 2, 6, 4, 3, 5, 7});
  b.slotWarps = bits({1, 3, 5, 7});  // slot 1: groups {1,3} and {5,7}
  CHECK(b.run({kAll8, bits({3, 5, 7}), bits({5, 7}), kAll8}) == Ids{1, 3, 5, 5});
}

TEST_CASE("2lvl: only ready warps of the slot appear") {
  TwoLevelPolicy two(twoLevel(2, SchedOrder::Gto, SchedOrder::Rr));
  PolicyBench b(two, {0, 1, 2, 3, 4, 5});
  b.slotWarps = bits({0, 2, 4});
  CHECK(b.order(bits({1, 2, 3, 4, 5})) == Ids{2, 4});
  CHECK(b.order(bits({1, 3, 5})).empty());
}
