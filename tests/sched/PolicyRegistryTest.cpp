#include <catch2/catch.hpp>

#include "SchedTestSupport.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/sched/CtaAwarePolicy.h"
#include "warpsim/sched/PolicyRegistry.h"
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
  const PolicyRegistry r = configuredPolicies({"sched.swl_limit=5"});
  PolicyContext ctx;
  ctx.issueSlots = 2;
  ctx.slot = 1;
  auto policy = r.create("swl", ctx);
  auto* swl = dynamic_cast<SwlPolicy*>(policy.get());
  REQUIRE(swl != nullptr);
  CHECK(swl->limit() == 2);
  // Not configured: the declared defaults, no limit.
  const PolicyRegistry defaults = PolicyRegistry::withBuiltins();
  CHECK(dynamic_cast<SwlPolicy&>(*defaults.create("swl", ctx)).limit() == 64);
}

TEST_CASE("policy registry: 2lvl takes its group size and orders from its own options") {
  const PolicyRegistry r =
      configuredPolicies({"sched.group_size=4", "sched.inner=rr", "sched.outer=rr"});
  PolicyContext ctx;
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

// Each policy declares its own options with its entry; an option several entries read
// (sched.owl_group_size: the four CTA-aware entries; 2lvl's: 2lvl and ccws) is declared once.
TEST_CASE("policy registry: the built-ins declare their own options, the shared ones once") {
  const PolicyRegistry r = PolicyRegistry::withBuiltins();
  ConfigSchema schema;
  r.declareOptions(schema);  // a second declaration of one name would throw
  for (const char* name :
       {"sched.group_size", "sched.inner", "sched.outer", "sched.swl_limit", "sched.owl_group_size",
        "ccws.k_throttle", "ccws.base_score", "ccws.vta_entries", "ccws.vta_ways", "ccws.baseline"})
    CHECK(schema.find(name) != nullptr);
  CHECK(schema.find("sched.policy") == nullptr);  // the block's (SchedParams), not a policy's
  ConfigSchema twice;  // what 2lvl and ccws both declare, as each entry's own defaults need it
  TwoLevelParams::declare(twice);
  CtaAwareParams::declare(twice);
  CHECK_NOTHROW(TwoLevelParams::declare(twice));
  CHECK_NOTHROW(CtaAwareParams::declare(twice));
  CHECK(twice.options().size() == 4);
}

TEST_CASE("policy registry: ccws with baseline 2lvl reads 2lvl's options") {
  const PolicyRegistry r = configuredPolicies({"ccws.baseline=2lvl", "sched.group_size=4"});
  CHECK(r.create("ccws", PolicyContext{}) != nullptr);
  CHECK_THROWS_AS(configuredPolicies({"sched.group_size=0"}), ConfigError);
}
