// OWL's CTA-aware schedulers (cta-aware, cta-aware-locality, cta-aware-locality-blp) on
// hand-made SMs: CTAs of k warps in consecutive warp slots, launched in slot order.
#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/sched/CtaAwarePolicy.h"
#include "warpsim/sched/PolicyRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// PolicyBench whose warps arrive and leave as CTAs.
struct CtaBench : PolicyBench {
  // `ctas` CTAs of `k` warps each: CTA c in CTA slot c, warps c*k .. c*k+k-1.
  CtaBench(IWarpSchedulingPolicy& p, std::uint32_t ctas, std::uint32_t k)
      : PolicyBench(p, ctas * k) {
    notReadyWaitsOnMem = true;
    for (std::uint32_t c = 0; c < ctas; ++c) launch(c, c * k, k);
  }
  // CTA slot `slot` gets a new CTA in warp slots first .. first+k-1.
  void launch(std::uint32_t slot, std::uint32_t first, std::uint32_t k) {
    for (std::uint32_t w = first; w < first + k; ++w) {
      warps[w] = WarpState{};
      warps[w].resident = true;
      warps[w].age = launched++;
      warps[w].ctaSlot = slot;
      warps[w].cta = CtaId{nextCta};
      warps[w].ctaWarps = k;
      slotWarps |= std::uint64_t{1} << w;
    }
    ++nextCta;
    view.ctaChanged();
  }
  // The CTA in warp slots first .. first+k-1 finishes.
  void finish(std::uint32_t first, std::uint32_t k) {
    for (std::uint32_t w = first; w < first + k; ++w) {
      warps[w].resident = false;
      slotWarps &= ~(std::uint64_t{1} << w);
    }
    view.ctaChanged();
  }

  std::uint64_t launched = 0;
  std::uint32_t nextCta = 0;
};

constexpr std::uint64_t kGroup0 = 0x0f, kGroup1 = 0xf0, kGroup2 = 0xf00;

}  // namespace

TEST_CASE("cta-aware: 10 CTAs of 2 warps with g_size 5 form groups of 3, 3 and 4 CTAs") {
  CtaAwarePolicy p(CtaScheme::CtaAware, 5, SmId{0});
  CtaBench b(p, 10, 2);
  b.order(0xfffff, 0);
  CHECK(p.groupCount() == 3);
  CHECK(p.groupWarps(0) == 0x3f);
  CHECK(p.groupWarps(1) == 0xfc0);
  CHECK(p.groupWarps(2) == 0xff000);
}

TEST_CASE("cta-aware: round-robin within the current group, which it keeps while any is ready") {
  CtaAwarePolicy p(CtaScheme::CtaAware, 4, SmId{0});  // groups: warps 0-3, 4-7, 8-11
  CtaBench b(p, 6, 2);
  CHECK(b.run({0xfff, 0xfff, 0xfff, 0xfff, 0xfff, bits({1, 5, 9})}) == Ids{0, 1, 2, 3, 0, 1});
  CHECK(p.currentGroup() == 0);
}

TEST_CASE("cta-aware: rotates groups only when every warp of the current group is blocked") {
  CtaAwarePolicy p(CtaScheme::CtaAware, 4, SmId{0});
  CtaBench b(p, 6, 2);
  CHECK(b.cycle(0xfff) == 0);
  // Group 0's warps have their data but their unit is busy: not blocked for want of data, so
  // no other group may issue (Algorithm 1).
  CHECK(b.cycle(kGroup1, kGroup0) == kNoIssue);
  CHECK(p.currentGroup() == 0);
  CHECK(b.cycle(0xfff) == 1);
  // All of group 0 waits on memory: group 1 issues and becomes the current group ...
  CHECK(b.cycle(kGroup1 | kGroup2) == 4);
  CHECK(p.currentGroup() == 1);
  // ... and keeps priority once group 0 is ready again.
  CHECK(b.cycle(0xfff) == 5);
  // Group 1 blocked: the next group after it (2), not group 0.
  CHECK(b.cycle(kGroup0 | kGroup2) == 8);
  CHECK(p.currentGroup() == 2);
  // Each group's round-robin continues after its own last issuer (8, then 5 and 1).
  CHECK(b.order(0xfff, 0) == Ids{9, 10, 11, 8});
  CHECK(b.order(kGroup0 | kGroup1, 0) == Ids{2, 3, 0, 1, 6, 7, 4, 5});
}

TEST_CASE(
    "cta-aware-locality: switches back to the first group the cycle one of its warps is ready") {
  CtaAwarePolicy p(CtaScheme::CtaAwareLocality, 4, SmId{0});
  CtaBench b(p, 6, 2);
  // Group 0 blocked: group 1, then group 2 once 1 is blocked too; then warp 2 is ready.
  CHECK(b.run({0xfff, kGroup1 | kGroup2, kGroup1 | kGroup2, kGroup2, kGroup2 | bits({2}),
               kGroup1 | kGroup2}) == Ids{0, 4, 5, 8, 2, 6});
  // CTA-Aware, on the same cycles, stays with the group it switched to.
  CtaAwarePolicy rr(CtaScheme::CtaAware, 4, SmId{0});
  CtaBench c(rr, 6, 2);
  CHECK(c.run({0xfff, kGroup1 | kGroup2, kGroup1 | kGroup2, kGroup2, kGroup2 | bits({2}),
               kGroup1 | kGroup2}) == Ids{0, 4, 5, 8, 9, 10});
}

TEST_CASE("cta-aware-locality: the order is group 0, 1, 2, round-robin within each") {
  CtaAwarePolicy p(CtaScheme::CtaAwareLocality, 4, SmId{3});
  CtaBench b(p, 6, 2);
  CHECK(b.cycle(bits({1, 2, 6, 9})) == 1);
  CHECK(b.order(0xfff, 0) == Ids{2, 3, 0, 1});  // group 0 can go: no other group is offered
  CHECK(b.order(kGroup1 | kGroup2, 0) == Ids{4, 5, 6, 7});
  CHECK(b.order(kGroup2, 0) == Ids{8, 9, 10, 11});
}

TEST_CASE("cta-aware-locality-blp: core c puts group c mod g_core first, then the next ones") {
  // The first group of each core, then the one offered when it waits for data.
  const std::uint64_t groups[3] = {kGroup0, kGroup1, kGroup2};
  const Ids warps[3] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}};
  for (std::uint32_t core = 0; core < 4; ++core) {
    CtaAwarePolicy p(CtaScheme::CtaAwareLocalityBlp, 4, SmId{core});
    CtaBench b(p, 6, 2);
    const std::uint32_t first = core % 3, second = (core + 1) % 3;
    CHECK(b.order(0xfff, 0) == warps[first]);
    CHECK(b.order(0xfff & ~groups[first], 0) == warps[second]);
  }
}

TEST_CASE("cta-aware-locality-blp: a higher-priority group preempts as soon as it is ready") {
  CtaAwarePolicy p(CtaScheme::CtaAwareLocalityBlp, 4, SmId{1});  // priority: groups 1, 2, 0
  CtaBench b(p, 6, 2);
  CHECK(b.run({0xfff, kGroup0 | kGroup2, kGroup0, kGroup0 | bits({9}), kGroup0 | bits({7})}) ==
        Ids{4, 8, 0, 9, 7});
}

TEST_CASE("cta-aware: a group keeps its CTAs and priority until all of them have finished") {
  CtaAwarePolicy p(CtaScheme::CtaAwareLocality, 5, SmId{0});  // 10 CTAs of 2: 3 + 3 + 4
  CtaBench b(p, 10, 2);
  b.order(0xfffff, 0);
  CHECK(p.groupWarps(0) == 0x3f);
  b.finish(0, 2);  // CTA 0 (warps 0, 1) finishes: group 0 keeps CTAs 1 and 2, nothing moves
  CHECK(b.order(0xffffc, 0).front() == 2);
  CHECK(p.groupCount() == 3);
  CHECK(p.groupWarps(0) == 0x3c);
  CHECK(p.groupWarps(1) == 0xfc0);
  CHECK(p.groupWarps(2) == 0xff000);
  b.launch(0, 0, 2);  // a new CTA in warp slots 0 and 1: every group is full, so a new group 3
  CHECK(p.groupCount() == 0 + 3);
  CHECK(b.order(0xfffff, 0) == Ids{2, 3, 4, 5});  // group 0 first, the only one while it can go
  CHECK(p.groupCount() == 4);
  CHECK(p.groupWarps(3) == 0x3);
  CHECK(p.groupNumber(3) == 3);
  b.finish(2, 4);  // CTAs 1 and 2 finish: group 0 is gone, group 1 (CTAs 3-5) is first
  CHECK(b.order(0xfffc3, 0).front() == 6);
  CHECK(p.groupCount() == 3);
  CHECK(p.groupNumber(0) == 1);
  b.launch(1, 2, 2);  // the next arrival joins group 3, which has fewer than n = 3 CTAs
  b.order(0xfffcf, 0);
  CHECK(p.groupCount() == 3);
  CHECK(p.groupWarps(2) == 0xf);
}

// Algorithm 1: "the scheduler cannot choose warps from different group(s) unless all warps of
// the already-chosen group are blocked because of unavailability of data".
TEST_CASE("cta-aware-locality: an ALU hazard in the first group does not let a lower group in") {
  CtaAwarePolicy p(CtaScheme::CtaAwareLocality, 4, SmId{0});
  CtaBench b(p, 6, 2);
  // Warp 0 waits on its own load; warps 1-3 wait on an ALU result: group 1 may not issue.
  b.hazard = bits({1, 2, 3});
  CHECK(b.cycle(kGroup1 | kGroup2) == kNoIssue);
  // Once all of group 0 waits on memory, group 1 issues; group 2 only behind group 1.
  b.hazard = 0;
  CHECK(b.cycle(kGroup1 | kGroup2) == 4);
  b.hazard = bits({4, 5, 6});
  CHECK(b.cycle(kGroup2) == kNoIssue);
  // A memory instruction the LSU cannot take now is a wait for data too; a busy ALU is not.
  for (std::uint32_t w : {0u, 1u, 2u, 3u}) b.warps[w].nextIsMem = true;
  CHECK(b.cycle(kGroup1, kGroup0) == 5);
  b.warps[3].nextIsMem = false;
  CHECK(b.cycle(kGroup1, kGroup0) == kNoIssue);
  for (std::uint32_t w : {0u, 1u, 2u}) b.warps[w].nextIsMem = false;
  // A warp at a barrier or finished counts as blocked for want of data.
  b.hazard = bits({4, 5});
  b.warps[4].atBarrier = true;
  b.warps[5].finished = true;
  CHECK(b.order(kGroup2, 0) == Ids{8, 9, 10, 11});
}

TEST_CASE("cta-aware: the current group is kept across a regroup while its CTAs remain") {
  CtaAwarePolicy p(CtaScheme::CtaAware, 4, SmId{0});
  CtaBench b(p, 6, 2);
  CHECK(b.run({0xfff, kGroup2}) == Ids{0, 8});
  CHECK(p.currentGroup() == 2);
  b.finish(0, 2);              // CTA 0 leaves group 0 (CTAs 0, 1): no group changes
  CHECK(b.cycle(0xffc) == 9);  // group 2 goes on after its last issuer
  CHECK(p.currentGroup() == 2);
  CHECK(p.groupWarps(0) == 0xc);
  b.finish(8, 4);              // group 2's CTAs finish: the next younger group does not exist,
  CHECK(b.cycle(0x0fc) == 2);  // so the oldest, group 0, runs
  CHECK(p.currentGroup() == 0);
}

TEST_CASE("policy registry: the OWL schemes take sched.owl_group_size and the SM as core id") {
  const PolicyRegistry r = configuredPolicies({"sched.owl_group_size=4"});
  PolicyContext ctx;
  ctx.sm = SmId{1};
  for (const char* name : {"cta-aware", "cta-aware-locality", "cta-aware-locality-blp", "owl"}) {
    auto policy = r.create(name, ctx);
    REQUIRE(dynamic_cast<CtaAwarePolicy*>(policy.get()) != nullptr);
    CtaBench b(*policy, 6, 2);
    const bool blp = std::string(name) == "cta-aware-locality-blp" || std::string(name) == "owl";
    CHECK(b.order(0xfff, 0).front() == (blp ? 4u : 0u));
    CHECK(dynamic_cast<CtaAwarePolicy&>(*policy).groupCount() == 3);
  }
  CHECK(CtaAwareParams{}.groupSize == 8);
}

// OWL 4.1: a group holds enough warps to keep the pipeline busy; with two issue slots (fermi)
// each slot feeds its own, so g_size counts warps per slot: 4 x 2 = 8 warps, n = 4 CTAs of 2.
TEST_CASE("policy registry: the OWL schemes count g_size per issue slot") {
  const PolicyRegistry r = configuredPolicies({"sched.owl_group_size=4"});
  PolicyContext ctx;
  ctx.issueSlots = 2;
  auto policy = r.create("cta-aware-locality", ctx);
  CtaBench b(*policy, 8, 2);
  b.order(0xffff, 0);
  auto& owl = dynamic_cast<CtaAwarePolicy&>(*policy);
  CHECK(owl.groupCount() == 2);
  CHECK(owl.groupWarps(0) == 0x00ff);
  CHECK(owl.groupWarps(1) == 0xff00);
}
