// CCWS §3.3.4-3.3.5: the locality scoring system, on hand-made warp states.
#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/CcwsPolicy.h"
#include "warpsim/sched/GtoPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
struct CcwsBench {
  explicit CcwsBench(std::initializer_list<std::uint64_t> ages, double k = 8)
      : policy(params(k), std::make_unique<GtoPolicy>()), b(policy, ages) {
    for (auto& w : b.warps) w.nextIsLoad = w.nextIsMem = true;
  }
  static CcwsParams params(double k) {
    CcwsParams p;
    p.kThrottle = k;
    return p;
  }
  void issue(unsigned n) {
    for (unsigned i = 0; i < n; ++i) policy.issued(WarpId{0}, b.inst);
  }
  std::uint64_t throttledAt(Cycle c) {
    b.view.setNow(c);
    return policy.loadThrottled(b.view, b.slotWarps);
  }
  CcwsPolicy policy;
  PolicyBench b;
};
}  // namespace

TEST_CASE("ccws: LLDS is VTA hits / instructions x K_THROTTLE x cumulative cutoff (Eq. 1)") {
  CHECK(CcwsPolicy::llds(5, 1000, 8, 3200) == 128);  // 0.005 x 8 x 32 warps x 100
  CHECK(CcwsPolicy::llds(1, 16, 8, 400) == 200);
  CHECK(CcwsPolicy::llds(3, 36, 8, 300) == 200);
  CHECK(CcwsPolicy::llds(7, 0, 8, 400) == 0);  // nothing issued yet: no raise
}

TEST_CASE("ccws: a raised score decays by one point per cycle to the base and never exceeds LLDS") {
  CcwsBench c({0, 1, 2, 3});
  c.throttledAt(0);  // the policy sees 4 active warps: cutoff 400
  c.issue(16);
  c.policy.lostLocality(WarpId{2}, 100);  // LLDS = 1/16 x 8 x 400 = 200
  CHECK(c.policy.score(WarpId{2}, 100) == 200);
  CHECK(c.policy.score(WarpId{2}, 101) == 199);
  CHECK(c.policy.score(WarpId{2}, 150) == 150);
  CHECK(c.policy.score(WarpId{2}, 200) == 100);
  CHECK(c.policy.score(WarpId{2}, 5000) == 100);
  CHECK(c.policy.score(WarpId{1}, 100) == 100);
  // More hits at once: each sets the score to the LLDS of the moment, never more.
  for (std::uint64_t hits = 2; hits <= 6; ++hits) {
    c.policy.lostLocality(WarpId{2}, 300);
    const std::uint64_t llds = CcwsPolicy::llds(hits, 16, 8, 400);
    CHECK(c.policy.score(WarpId{2}, 300) == llds);
  }
  CHECK(c.policy.score(WarpId{2}, 300) == 1200);  // 6 / 16 x 8 x 400
  CHECK(c.policy.score(WarpId{2}, 1399) == 101);
  CHECK(c.policy.score(WarpId{2}, 1400) == 100);
}

// Fig. 6: four warps at the base score 100; the cutoff is 4 x 100. T1: W2 gets a VTA hit and
// pushes W3 above the cutoff; T2: W0 too, pushing W1 and W3; T3: the scores decay and both
// may load again; T4: W2 has finished, the cutoff is 3 x 100, and a hit of W0 pushes W3 out.
TEST_CASE("ccws: Fig. 6 T0..T4, the warps above the cumulative cutoff lose load permission") {
  CcwsBench c({0, 1, 2, 3});
  CHECK(c.throttledAt(0) == 0);  // T0
  c.issue(16);
  c.policy.lostLocality(WarpId{2}, 10);   // LLDS 200
  CHECK(c.throttledAt(10) == bits({3}));  // T1: W2 200, W0 100, W1 100 | W3
  c.issue(16);
  c.policy.lostLocality(WarpId{0}, 10);  // 2 / 32 x 8 x 400 = 200
  CHECK(c.policy.score(WarpId{0}, 10) == 200);
  CHECK(c.throttledAt(10) == bits({1, 3}));  // T2: W0 200, W2 200 | W1, W3
  CHECK(c.throttledAt(11) == bits({3}));     // 199 + 199 < 400: W1 may load again
  CHECK(c.throttledAt(60) == bits({3}));     // 150 + 150 + 100 = 400: W3 still above
  CHECK(c.throttledAt(61) == 0);             // T3
  // Other instructions are unaffected; throttled loads leave the order (GTO: oldest first).
  c.b.view.setNow(10);
  c.b.warps[3].nextIsLoad = false;
  CHECK(c.b.order(bits({0, 1, 2, 3})) == Ids{0, 2, 3});
  c.b.warps[3].nextIsLoad = true;
  CHECK(c.b.order(bits({0, 1, 2, 3})) == Ids{0, 2});
  CHECK(c.policy.refusals() == 3);
  // T4: W2 finishes; three active warps, cutoff 300; W0 hit: 3 / 36 x 8 x 300 = 200.
  c.b.slotWarps &= ~bits({2});
  c.b.warps[2].resident = false;
  c.b.view.setNow(500);
  CHECK(c.b.order(bits({0, 1, 3})) == Ids{0, 1, 3});  // the policy sees 3 active warps
  c.issue(4);
  c.policy.lostLocality(WarpId{0}, 500);
  CHECK(c.policy.score(WarpId{0}, 500) == 200);
  CHECK(c.throttledAt(500) == bits({3}));  // W0 200, W1 100 | W3
}

TEST_CASE("ccws: the warp with the largest score keeps its permission even above the cutoff") {
  CcwsBench c({0, 1});
  c.throttledAt(0);  // cutoff 200
  c.issue(1);
  c.policy.lostLocality(WarpId{1}, 0);  // 1 / 1 x 8 x 200 = 1600
  CHECK(c.policy.score(WarpId{1}, 0) == 1600);
  CHECK(c.throttledAt(0) == bits({0}));     // W1 1600 | W0
  CHECK(c.throttledAt(1400) == bits({0}));  // W1 200 still fills the cutoff
  CHECK(c.throttledAt(1401) == 0);
}
