#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/sched/PolicyRegistry.h"
#include "warpsim/sched/SchedParams.h"
#include "warpsim/sched/SwlPolicy.h"
#include "warpsim/sched/TwoLevelPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE(
    "policy registry: the built-ins are CCWS's baselines, OWL's schemes and Mascar, each cited") {
  const PolicyRegistry r = PolicyRegistry::withBuiltins();
  CHECK(r.names() == std::vector<std::string>{"2lvl", "ccws", "cta-aware", "cta-aware-locality",
                                              "cta-aware-locality-blp", "gto", "lrr", "mascar",
                                              "owl", "swl"});
  for (const std::string& n : r.names())
    CHECK_THAT(r.description(n),
               Catch::Contains("CCWS") || Catch::Contains("OWL") || Catch::Contains("Mascar III"));
}

TEST_CASE("policy registry: an unknown name lists the known policies") {
  const PolicyRegistry r = PolicyRegistry::withBuiltins();
  CHECK_THROWS_WITH(
      r.create("fifo", PolicyContext{}),
      "sched.policy = 'fifo': unknown warp scheduling policy; known: 2lvl, "
      "ccws, cta-aware, cta-aware-locality, cta-aware-locality-blp, gto, lrr, mascar, owl, "
      "swl");
}

TEST_CASE("policy registry: swl takes its slot's share of sched.swl_limit") {
  const PolicyRegistry r = PolicyRegistry::withBuiltins();
  SchedParams p;
  p.swlLimit = 5;
  PolicyContext ctx;
  ctx.sched = &p;
  ctx.issueSlots = 2;
  ctx.slot = 1;
  auto policy = r.create("swl", ctx);
  auto* swl = dynamic_cast<SwlPolicy*>(policy.get());
  REQUIRE(swl != nullptr);
  CHECK(swl->limit() == 2);
  ctx.sched = nullptr;  // the defaults: no limit
  CHECK(dynamic_cast<SwlPolicy&>(*r.create("swl", ctx)).limit() == 64);
}

TEST_CASE("policy registry: 2lvl takes its group size and orders from the sched params") {
  const PolicyRegistry r = PolicyRegistry::withBuiltins();
  SchedParams p;
  p.groupSize = 4;
  p.inner = p.outer = SchedOrder::Rr;
  PolicyContext ctx;
  ctx.sched = &p;
  auto policy = r.create("2lvl", ctx);
  REQUIRE(dynamic_cast<TwoLevelPolicy*>(policy.get()) != nullptr);
  PolicyBench b(*policy, {0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(b.run(0xff, 6) == Ids{0, 1, 2, 3, 0, 1});  // round-robin within the group of 4
}

TEST_CASE("policy registry: gto from the registry is greedy") {
  const PolicyRegistry r = PolicyRegistry::withBuiltins();
  auto policy = r.create("gto", PolicyContext{});
  PolicyBench b(*policy, {0, 1, 2, 3});
  CHECK(b.run({bits({3}), 0xf, 0xf, bits({0, 1, 2})}) == Ids{3, 3, 3, 0});
}
