#include <catch2/catch.hpp>

#include <algorithm>

#include "SchedTestSupport.h"
#include "warpsim/sched/SwlPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
SwlParams swl(std::uint32_t limit) {
  SwlParams p;
  p.limit = limit;
  return p;
}
}  // namespace

TEST_CASE("swl: with limit 2 only the 2 oldest warps issue, greedy-then-oldest between them") {
  SwlPolicy policy(swl(2));
  PolicyBench b(policy, {4, 0, 3, 1, 2, 5});  // the two oldest: warps 1 and 3
  const std::uint64_t all = 0x3f;
  CHECK(b.run({all, all, bits({0, 2, 3}), all, bits({0, 2, 4, 5})}) == Ids{1, 1, 3, 3, kNoIssue});
  CHECK(b.order(all) == Ids{3, 1});
}

TEST_CASE("swl: with limit 2, no ready set ever orders a warp beyond the 2 oldest") {
  SwlPolicy policy(swl(2));
  PolicyBench b(policy, {4, 0, 3, 1, 2, 5});
  for (std::uint64_t ready = 0; ready < 64; ++ready) {
    const Ids o = b.order(ready);
    for (std::uint32_t w : o) CHECK((w == 1 || w == 3));
    CHECK(o.size() == static_cast<std::size_t>(__builtin_popcountll(ready & bits({1, 3}))));
    if (!o.empty()) policy.issued(WarpId{o.front()}, b.inst);
  }
}

TEST_CASE("swl: warps waiting at a barrier or finished leave their place to the next oldest") {
  SwlPolicy policy(swl(2));
  PolicyBench b(policy, {0, 1, 2, 3});
  CHECK(b.order(0xf) == Ids{0, 1});
  b.warps[0].atBarrier = true;
  CHECK(b.order(bits({1, 2, 3})) == Ids{1, 2});
  b.warps[1].finished = true;
  CHECK(b.order(bits({2, 3})) == Ids{2, 3});
  b.warps[0].atBarrier = false;  // the barrier opened: warp 0 is among the oldest again
  CHECK(b.order(bits({0, 2, 3})) == Ids{0, 2});
}

TEST_CASE("swl: a warp retiring lets the next oldest issue") {
  SwlPolicy policy(swl(2));
  PolicyBench b(policy, {0, 1, 2, 3});
  CHECK(b.run(0xf, 2) == Ids{0, 0});
  b.slotWarps = bits({1, 2, 3});
  CHECK(b.order(bits({1, 2, 3})) == Ids{1, 2});
}

TEST_CASE("swl: the SM's limit is split over the issue slots, lower slots taking the rest") {
  CHECK(SwlPolicy::slotShare(5, 0, 2) == 3);
  CHECK(SwlPolicy::slotShare(5, 1, 2) == 2);
  CHECK(SwlPolicy::slotShare(6, 1, 4) == 2);
  CHECK(SwlPolicy::slotShare(6, 2, 4) == 1);
  CHECK(SwlPolicy::slotShare(32, 0, 1) == 32);
  CHECK(SwlPolicy::slotShare(1, 1, 2) == 1);   // at least one per slot
  CHECK(SwlPolicy::slotShare(0, 0, 2) == 64);  // no limit
  CHECK_THROWS_AS(SwlPolicy::slotShare(4, 2, 2), std::invalid_argument);
}

TEST_CASE("swl: slot 1 of two issues only its share of the oldest warps among its own") {
  SwlPolicy policy(swl(3), 1, 2);
  REQUIRE(policy.limit() == 1);
  PolicyBench b(policy, {5, 4, 3, 2, 1, 0});
  b.slotWarps = bits({1, 3, 5});
  CHECK(b.order(0x3f) == Ids{5});
}

TEST_CASE("swl: limit 0 puts no limit: the order is GTO's") {
  SwlPolicy policy(swl(0));
  PolicyBench b(policy, {3, 0, 2, 1});
  CHECK(b.cycle(bits({0})) == 0);
  CHECK(b.order(0xf) == Ids{0, 1, 3, 2});
}
