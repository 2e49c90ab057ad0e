// firstReady, the issue stage's shortcut: the warp a policy names must be the first warp of its
// order() that is ready, whatever the history (issues, warps retired and launched into a slot).
#include <random>

#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/GtoPolicy.h"
#include "warpsim/sched/LrrPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// Drives `policy` for `cycles` random cycles on 48 warp slots: each cycle some warps are ready,
// sometimes a slot gets a new (youngest) warp or leaves the issue slot, and the first ready warp
// of the order issues. Returns how many cycles firstReady named a different warp.
std::uint32_t mismatches(IWarpSchedulingPolicy& policy, std::uint32_t cycles, std::uint64_t seed) {
  constexpr std::uint32_t kWarps = 48;
  PolicyBench b(policy, kWarps);
  std::mt19937_64 rng(seed);
  std::uint64_t nextAge = 0;
  for (std::uint32_t w = 0; w < kWarps; ++w) b.replace(w, nextAge++);
  b.slotWarps = (std::uint64_t{1} << kWarps) - 1;
  std::uint32_t wrong = 0;
  for (std::uint32_t c = 0; c < cycles; ++c) {
    if (rng() % 8 == 0) b.replace(rng() % kWarps, nextAge++);  // a new warp in a slot
    if (rng() % 16 == 0) b.slotWarps ^= std::uint64_t{1} << (rng() % kWarps);  // one leaves/joins
    // Sparse and dense ready masks alike.
    const std::uint64_t ready = (rng() & rng() & rng()) & b.slotWarps;
    if (ready == 0) continue;  // the SM asks only with a ready warp
    for (std::uint32_t w = 0; w < kWarps; ++w) b.warps[w].eligible = (ready >> w) & 1u;
    b.view.setReady(ready);
    const std::optional<WarpId> named = policy.firstReady(b.view, b.slotWarps);
    b.out.clear();
    policy.order(b.view, b.slotWarps, b.out);
    WarpId first{64};
    for (WarpId w : b.out)
      if ((ready >> w.value()) & 1u) {
        first = w;
        break;
      }
    if (!named || *named != first) ++wrong;
    if (first.value() < 64) policy.issued(first, b.inst);
  }
  return wrong;
}

}  // namespace

TEST_CASE("first ready: GTO names its order's first ready warp over 20000 random cycles") {
  GtoPolicy gto;
  CHECK(mismatches(gto, 20000, 1) == 0);
}

TEST_CASE("first ready: LRR names its order's first ready warp over 20000 random cycles") {
  LrrPolicy lrr;
  CHECK(mismatches(lrr, 20000, 2) == 0);
}

TEST_CASE("first ready: GTO after a slot's new warp names the oldest ready, not the slot") {
  GtoPolicy gto;
  PolicyBench b(gto, {0, 1, 2, 3});
  const std::uint64_t all = bits({0, 1, 2, 3});
  b.order(all);     // the age order is built: 0, 1, 2, 3
  b.replace(0, 9);  // slot 0's warp retired; a new, youngest one took it
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
}
