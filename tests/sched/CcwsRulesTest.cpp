// CCWS §3.3.3-3.3.5 and Fig. 6, cycle by cycle: a hand-built sequence of L1D evictions and
// misses goes through a VictimTagArray, its hits go to CcwsPolicy, and every cycle of the
// window the test asserts each warp's lost-locality score and which warps may issue loads.
// The expected values are derived below from the paper's rules alone:
//   R1 (3.3.4) every warp starts at the base score 100; a VTA hit sets its score to the LLDS
//      of that moment (capped there, however many hits); scores fall by one point per cycle
//      until they reach the base.
//   R2 (3.3.5, Eq. 1) LLDS = VTA hits / instructions issued x K_THROTTLE x cumulative cutoff,
//      totals since the start; K_THROTTLE = 8 (Table 3); fractions are dropped.
//   R3 (3.3.4) cumulative cutoff = active warps x base score; warps sorted by score, largest
//      first (equal scores: older first, GTO's order); a warp whose segment of the stacked
//      bar lies above the cutoff, i.e. whose preceding scores already sum to the cutoff, may
//      not issue loads (models/sched/README.md: "above the cutoff").
//   R4 (3.3.3) a probe that hits removes the tag from the warp's VTA, as a victim cache gives
//      the line back: the line is fetched again and re-enters the VTA only on its next eviction.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "SchedTestSupport.h"
#include "warpsim/cache/VictimTagArray.h"
#include "warpsim/sched/CcwsPolicy.h"
#include "warpsim/sched/GtoPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
constexpr Addr kA = 0x1000, kB = 0x2000, kD = 0x3000, kE = 0x4000;

struct Rig {
  Rig() : policy(CcwsParams{}, std::make_unique<GtoPolicy>()), b(policy, {0, 1, 2, 3}) {
    for (auto& w : b.warps) w.nextIsLoad = w.nextIsMem = true;
  }
  void issue(unsigned n) {
    for (unsigned i = 0; i < n; ++i) policy.issued(WarpId{0}, b.inst);
  }
  // An L1D miss of `w` on `line` at cycle `t`: the VTA is probed, a hit goes to the policy.
  bool miss(std::uint32_t w, Addr line, Cycle t) {
    const bool hit = vta.probe(WarpId{w}, line);
    if (hit) policy.lostLocality(WarpId{w}, t);
    return hit;
  }
  std::uint64_t throttledAt(Cycle t) {
    b.view.setNow(t);
    return policy.loadThrottled(b.view, b.slotWarps);
  }
  CcwsPolicy policy;
  PolicyBench b;
  VictimTagArray vta{4, VtaGeometry{16, 8}, 128};
};

// R1: the score a raise to `peak` at cycle `at` leaves at cycle t.
std::uint64_t decayed(std::uint64_t peak, Cycle at, Cycle t) {
  return t < at ? 100 : std::max<std::uint64_t>(100, peak > t - at ? peak - (t - at) : 0);
}
}  // namespace

TEST_CASE("ccws rules: scores and load permissions cycle by cycle on a hand-built hit sequence") {
  Rig r;
  // Cycle 0: the L1D evicts A (reserved by W2) and B, D, E (reserved by W0); 16 instructions.
  r.vta.insert(WarpId{2}, kA);
  r.vta.insert(WarpId{0}, kB);
  r.vta.insert(WarpId{0}, kD);
  r.vta.insert(WarpId{0}, kE);
  CHECK(r.throttledAt(0) == 0);  // T0: every score 100, 4 x 100 = 400 reached only at the top
  r.issue(16);

  // The hits, applied as the cycles come (the policy keeps only each warp's last raise):
  //   cycle 10 (Fig. 6 T1): W2 misses on A, a VTA hit. R2: 1 / 16 x 8 x 400 = 200.
  //   cycle 11: W2 misses on A again: R4, A left W2's VTA at cycle 10, no hit, no score moves.
  //   cycle 20: 16 more instructions (32); W0 misses on B. R2: 2 / 32 x 8 x 400 = 200.
  //   cycle 30 (Fig. 6 T2): W0 misses on D. R2: 3 / 32 x 8 x 400 = 300; the score is set to
  //   the new LLDS, not added to (R1's cap).
  auto events = [&r](Cycle t) {
    if (t == 10) {
      CHECK(r.miss(2, kA, 10));
      CHECK_FALSE(r.vta.contains(WarpId{2}, kA));
    } else if (t == 11) {
      CHECK_FALSE(r.miss(2, kA, 11));
      CHECK(r.policy.vtaHits() == 1);
    } else if (t == 20) {
      r.issue(16);
      CHECK(r.miss(0, kB, 20));
    } else if (t == 30) {
      CHECK(r.miss(0, kD, 30));
    }
  };

  // Expected scores (R1): W2 = 200 - (t - 10) down to 100 at t = 110; W0 = 200 - (t - 20) in
  // [20, 30), then 300 - (t - 30) down to 100 at t = 230; W1 and W3 stay at 100.
  // Throttled set (R3, cutoff 400, sorted W0 >= W2 > W1 > W3 from t = 20 on, W2 first before):
  //   t = 10:      W2 200 | W0 100 | W1 100 | W3 starts at 400: {W3}        (Fig. 6 T1)
  //   t in 11-19:  W3 starts at 399 or lower: nobody
  //   t in 20-29:  W3 starts at W0 + W2 + 100 = (200-(t-20)) + (200-(t-10)) + 100 = 530 - 2t,
  //                >= 400 while t <= 65, so here always: {W3}
  //   t in 30-70:  W1 starts at W0 + W2 = (330 - t) + (210 - t) = 540 - 2t >= 400 while t <= 70,
  //                W3 at 640 - 2t: {W1, W3}                                  (Fig. 6 T2)
  //   t in 71-110: W3 at 640 - 2t >= 400 while t <= 120: {W3}
  //   t in 111-130: W2 is back at 100; W3 at (330 - t) + 200 >= 400 while t <= 130: {W3}
  //   t >= 131:    nobody, though W0 is still at 199 (Fig. 6 T3: the scores "decreased enough",
  //                not back to the base); all at 100 from t = 230.
  auto expectedThrottled = [](Cycle t) -> std::uint64_t {
    if (t == 10) return bits({3});
    if (t < 20) return 0;
    if (t < 30) return bits({3});
    if (t <= 70) return bits({1, 3});
    if (t <= 130) return bits({3});
    return 0;
  };
  for (Cycle t = 10; t <= 260; ++t) {
    INFO("cycle " << t);
    events(t);
    const std::uint64_t w0 = t < 20 ? 100 : t < 30 ? decayed(200, 20, t) : decayed(300, 30, t);
    CHECK(r.policy.score(WarpId{0}, t) == w0);
    CHECK(r.policy.score(WarpId{1}, t) == 100);
    CHECK(r.policy.score(WarpId{2}, t) == decayed(200, 10, t));
    CHECK(r.policy.score(WarpId{3}, t) == 100);
    CHECK(r.throttledAt(t) == expectedThrottled(t));
  }
  // Spot values of the table above, written out.
  CHECK(r.policy.score(WarpId{0}, 65) == 265);
  CHECK(r.policy.score(WarpId{2}, 65) == 145);
  CHECK(r.policy.score(WarpId{0}, 131) == 199);

  // Only loads are withheld (3.3.4): at cycle 50 W1 and W3 are throttled; W3's next
  // instruction is not a load, so GTO's order keeps it; W1 is left out.
  r.b.view.setNow(50);
  r.b.warps[3].nextIsLoad = false;
  CHECK(r.b.order(bits({0, 1, 2, 3})) == Ids{0, 2, 3});
  r.b.warps[3].nextIsLoad = true;

  // Cycle 300 (Fig. 6 T4): W2 has finished; 3 active warps, cutoff 300. 4 more instructions
  // (36); W0 misses on E: R2: 4 / 36 x 8 x 300 = 266.67, 266. W3 starts at W0 + W1 =
  // 266 - (t - 300) + 100 >= 300 while t <= 366: {W3}; W1 (at W0 alone) never reaches 300.
  r.b.slotWarps &= ~bits({2});
  r.b.warps[2].resident = false;
  CHECK(r.throttledAt(300) == 0);  // the policy now counts 3 active warps
  r.issue(4);
  CHECK(r.miss(0, kE, 300));
  for (Cycle t = 300; t <= 480; ++t) {
    INFO("cycle " << t);
    CHECK(r.policy.score(WarpId{0}, t) == decayed(266, 300, t));
    CHECK(r.throttledAt(t) == (t <= 366 ? bits({3}) : 0));
  }
  CHECK(r.policy.vtaHits() == 4);
}

TEST_CASE("ccws rules: a hit whose LLDS is at or below the base raises nothing") {
  Rig r;
  r.throttledAt(0);  // cutoff 400
  r.issue(32);
  r.vta.insert(WarpId{1}, kA);
  // R2: 1 / 32 x 8 x 400 = 100, not above the base: the hit is counted, no score moves.
  CHECK(r.miss(1, kA, 5));
  CHECK(r.policy.vtaHits() == 1);
  CHECK(r.policy.score(WarpId{1}, 5) == 100);
  CHECK(r.throttledAt(5) == 0);
  // A second hit: 2 / 32 x 8 x 400 = 200, and W1 (first in the order) pushes W3 out for one
  // cycle only: from cycle 6 the others start at 199 + 100 + 100 = 399 < 400.
  r.vta.insert(WarpId{1}, kA);
  CHECK(r.miss(1, kA, 6));
  CHECK(r.policy.score(WarpId{1}, 6) == 200);
  CHECK(r.throttledAt(6) == bits({3}));
  CHECK(r.throttledAt(7) == 0);
}
