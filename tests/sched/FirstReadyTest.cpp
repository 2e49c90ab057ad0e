// firstReady, the issue stage's shortcut: the warp a policy names must be the first warp of its
// order() that is ready, whatever the history (issues, warps retired and launched into a slot),
// and asking it must leave the policy as order() would (CCWS counts its load refusals in both).
#include <functional>
#include <random>

#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/CcwsPolicy.h"
#include "warpsim/sched/GtoPolicy.h"
#include "warpsim/sched/LrrPolicy.h"
#include "warpsim/sched/SwlPolicy.h"
#include "warpsim/sched/TwoLevelPolicy.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr std::uint32_t kWarps = 48;
constexpr std::uint32_t kNoWarp = 64;

// The first warp of `p`'s order in the view's ready mask, kNoWarp if none.
std::uint32_t firstOfOrder(IWarpSchedulingPolicy& p, PolicyBench& b) {
  b.out.clear();
  p.order(b.view, b.slotWarps, b.out);
  for (WarpId w : b.out)
    if ((b.view.readyMask() >> w.value()) & 1u) return w.value();
  return kNoWarp;
}

// What the SM does: firstReady, and order() only when the policy names no warp.
std::uint32_t issuedBySm(IWarpSchedulingPolicy& p, PolicyBench& b) {
  if (const std::optional<WarpId> w = p.firstReady(b.view, b.slotWarps)) return w->value();
  return firstOfOrder(p, b);
}

// Two instances of a policy see the same `cycles` random cycles on 48 warp slots: each cycle
// some warps are ready (some with a load next, some at a barrier), sometimes a slot gets a new
// (youngest) warp or leaves the issue slot. `viaSm` is asked as the SM asks, `viaOrder` through
// order() alone; the warp each would issue issues in both. `eachCycle(c, rng)` may act on both
// first. Returns the cycles in which they chose differently.
template <typename EachCycle>
std::uint32_t mismatches(IWarpSchedulingPolicy& viaSm, IWarpSchedulingPolicy& viaOrder,
                         std::uint32_t cycles, std::uint64_t seed, EachCycle&& eachCycle) {
  PolicyBench b(viaSm, kWarps);
  std::mt19937_64 rng(seed);
  std::uint64_t nextAge = 0;
  for (std::uint32_t w = 0; w < kWarps; ++w) b.replace(w, nextAge++);
  b.slotWarps = (std::uint64_t{1} << kWarps) - 1;
  std::uint32_t wrong = 0;
  for (std::uint32_t c = 0; c < cycles; ++c) {
    if (rng() % 8 == 0) b.replace(rng() % kWarps, nextAge++);                  // a new warp
    if (rng() % 16 == 0) b.slotWarps ^= std::uint64_t{1} << (rng() % kWarps);  // leaves/joins
    // Sparse and dense ready masks alike.
    const std::uint64_t ready = (rng() & rng() & rng()) & b.slotWarps;
    if (ready == 0) continue;  // the SM asks only with a ready warp
    for (std::uint32_t w = 0; w < kWarps; ++w) {
      b.warps[w].eligible = (ready >> w) & 1u;
      b.warps[w].nextIsLoad = b.warps[w].nextIsMem = rng() % 3 == 0;
      b.warps[w].atBarrier = rng() % 16 == 0;
    }
    b.view.setReady(ready);
    b.view.setNow(c);
    eachCycle(c, rng);
    const std::uint32_t bySm = issuedBySm(viaSm, b);
    const std::uint32_t byOrder = firstOfOrder(viaOrder, b);
    if (bySm != byOrder) ++wrong;
    if (byOrder == kNoWarp) continue;
    viaSm.issued(WarpId{byOrder}, b.inst);
    viaOrder.issued(WarpId{byOrder}, b.inst);
  }
  return wrong;
}

template <typename Policy>
std::uint32_t mismatches(Policy a, Policy b, std::uint32_t cycles, std::uint64_t seed) {
  return mismatches(a, b, cycles, seed, [](Cycle, std::mt19937_64&) {});
}

// ordersWithoutReadiness, checked: each of `cycles` random cycles, the policy's order with a
// random subset of the ready warps in the ready mask (the others still eligible, as CCWS leaves
// them) against its order with all of them, the others left out. Returns the cycles in which
// the two differ; the first ready warp of the whole order issues.
std::uint32_t subsetMismatches(IWarpSchedulingPolicy& p, std::uint32_t cycles, std::uint64_t seed) {
  PolicyBench b(p, kWarps);
  std::mt19937_64 rng(seed);
  std::uint64_t nextAge = 0;
  for (std::uint32_t w = 0; w < kWarps; ++w) b.replace(w, nextAge++);
  b.slotWarps = (std::uint64_t{1} << kWarps) - 1;
  const auto orderWith = [&](std::uint64_t ready, std::uint64_t keep) {
    b.view.setReady(ready);
    b.out.clear();
    p.order(b.view, b.slotWarps, b.out);
    Ids kept;
    for (WarpId w : b.out)
      if ((ready & keep) >> w.value() & 1u) kept.push_back(w.value());
    return kept;
  };
  std::uint32_t wrong = 0;
  for (std::uint32_t c = 0; c < cycles; ++c) {
    if (rng() % 8 == 0) b.replace(rng() % kWarps, nextAge++);
    const std::uint64_t ready = (rng() & rng()) & b.slotWarps;
    const std::uint64_t subset = ready & rng();
    if (subset == 0) continue;
    for (std::uint32_t w = 0; w < kWarps; ++w) b.warps[w].eligible = (ready >> w) & 1u;
    b.view.setNow(c);
    const Ids whole = orderWith(ready, subset);
    if (orderWith(subset, subset) != whole) ++wrong;
    const Ids all = orderWith(ready, ready);
    if (!all.empty()) p.issued(WarpId{all.front()}, b.inst);
  }
  return wrong;
}

// 2LVL with fetch groups of 4 warps, for each inner and outer order.
std::vector<TwoLevelParams> twoLevelVariants() {
  std::vector<TwoLevelParams> variants;
  for (SchedOrder inner : {SchedOrder::Gto, SchedOrder::Rr})
    for (SchedOrder outer : {SchedOrder::Gto, SchedOrder::Rr}) {
      TwoLevelParams p;
      p.groupSize = 4;
      p.inner = inner;
      p.outer = outer;
      variants.push_back(p);
    }
  return variants;
}

std::uint64_t counter(const StatsRegistry& stats, const std::string& path) {
  std::uint64_t v = ~std::uint64_t{0};
  stats.forEachCounter([&](const std::string& p, const Counter& c) {
    if (p == path) v = c.value();
  });
  return v;
}

}  // namespace

TEST_CASE("first ready: GTO names its order's first ready warp over 20000 random cycles") {
  CHECK(mismatches(GtoPolicy{}, GtoPolicy{}, 20000, 1) == 0);
}

TEST_CASE("first ready: LRR names its order's first ready warp over 20000 random cycles") {
  CHECK(mismatches(LrrPolicy{}, LrrPolicy{}, 20000, 2) == 0);
}

TEST_CASE("first ready: SWL (12 warps allowed) names its order's first ready warp") {
  SwlParams p;
  p.limit = 12;
  CHECK(mismatches(SwlPolicy(p, 0, 1), SwlPolicy(p, 0, 1), 20000, 3) == 0);
}

TEST_CASE("first ready: 2LVL names its order's first ready warp, each inner and outer order") {
  for (const TwoLevelParams& p : twoLevelVariants())
    CHECK(mismatches(TwoLevelPolicy(p), TwoLevelPolicy(p), 20000, 5) == 0);
}

TEST_CASE(
    "first ready: CCWS over GTO LRR and 2LVL names its first ready warp and counts the same "
    "refusals") {
  CcwsParams p;
  p.kThrottle = 64;  // large scores: in most cycles some warps' loads are throttled
  const std::vector<std::function<std::unique_ptr<IWarpSchedulingPolicy>()>> baselines{
      [] { return std::make_unique<GtoPolicy>(); }, [] { return std::make_unique<LrrPolicy>(); },
      [] {
        TwoLevelParams t;
        t.groupSize = 4;
        return std::make_unique<TwoLevelPolicy>(t);
      }};
  for (const auto& baseline : baselines) {
    CcwsPolicy viaSm(p, baseline()), viaOrder(p, baseline());
    StatsRegistry stats;
    viaSm.registerStats(stats, "sm");
    viaOrder.registerStats(stats, "order");
    for (CcwsPolicy* c : {&viaSm, &viaOrder})
      for (std::uint32_t i = 0; i < 100; ++i) c->issued(WarpId{0}, WarpInst{});
    const auto hits = [&](Cycle c, std::mt19937_64& rng) {
      if (rng() % 4 != 0) return;
      const WarpId w{static_cast<std::uint32_t>(rng() % kWarps)};
      viaSm.lostLocality(w, c);
      viaOrder.lostLocality(w, c);
    };
    CHECK(mismatches(viaSm, viaOrder, 20000, 4, hits) == 0);
    const std::uint64_t refusals = counter(stats, "order.load_refusals");
    CHECK(refusals > 10000);
    CHECK(counter(stats, "sm.load_refusals") == refusals);
  }
}

TEST_CASE("first ready: GTO after a slot's new warp names the oldest ready, not the slot") {
  GtoPolicy gto;
  PolicyBench b(gto, {0, 1, 2, 3});
  b.order(bits({0, 1, 2, 3}));  // the age order is built: 0, 1, 2, 3
  b.replace(0, 9);              // slot 0's warp retired; a new, youngest one took it
  b.order(bits({0, 2}));
  CHECK(gto.firstReady(b.view, b.slotWarps) == WarpId{2});
  CHECK(b.cycle(bits({0, 2})) == 2);
  CHECK(gto.firstReady(b.view, b.slotWarps) == WarpId{2});  // greedy: the last issuer
  b.order(bits({0, 3}));
  CHECK(gto.firstReady(b.view, b.slotWarps) == WarpId{3});
}

TEST_CASE("first ready: a policy without the shortcut names none, and the SM asks its order") {
  struct OrderOnly : IWarpSchedulingPolicy {
    void order(const SchedView&, std::uint64_t, std::vector<WarpId>&) override {}
  } plain;
  PolicyBench b(plain, {0, 1});
  b.order(bits({0, 1}));
  CHECK_FALSE(plain.firstReady(b.view, b.slotWarps).has_value());
  CHECK_FALSE(plain.ordersWithoutReadiness());  // unknown: CCWS over it asks its order
}

TEST_CASE(
    "first ready: GTO, LRR, SWL and 2LVL order a subset of the ready warps as they order all") {
  GtoPolicy gto;
  LrrPolicy lrr;
  SwlParams swlParams;
  swlParams.limit = 12;
  SwlPolicy swl(swlParams, 0, 1);
  std::vector<std::unique_ptr<IWarpSchedulingPolicy>> twoLevels;
  for (const TwoLevelParams& p : twoLevelVariants())
    twoLevels.push_back(std::make_unique<TwoLevelPolicy>(p));
  std::vector<IWarpSchedulingPolicy*> policies{&gto, &lrr, &swl};
  for (auto& t : twoLevels) policies.push_back(t.get());
  for (IWarpSchedulingPolicy* policy : policies) {
    CHECK(policy->ordersWithoutReadiness());
    CHECK(subsetMismatches(*policy, 20000, 6) == 0);
  }
}
