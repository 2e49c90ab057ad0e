#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/sched/PolicyRegistry.h"
#include "warpsim/sched/SchedParams.h"
#include "warpsim/sched/SwlPolicy.h"
#include "warpsim/sched/TwoLevelPolicy.h"

using namespace warpsim;

namespace {
// The block's option and the built-in policies' own, as GpuParams::declare puts them together.
ConfigSchema schedSchema() {
  ConfigSchema s;
  SchedParams::declare(s);
  PolicyRegistry::withBuiltins().declareOptions(s);
  return s;
}
}  // namespace

TEST_CASE("sched params: the defaults are lrr, and CCWS's 2LVL-GTO and an unlimited SWL") {
  const ConfigSchema schema = schedSchema();
  const Config config(schema);
  CHECK(SchedParams::load(config).policy == "lrr");
  const TwoLevelParams two = TwoLevelParams::load(config);
  CHECK(two.groupSize == 2);
  CHECK(two.inner == SchedOrder::Gto);
  CHECK(two.outer == SchedOrder::Gto);
  CHECK(SwlParams::load(config).limit == 0);
}

TEST_CASE("sched params: a [sched] section sets every option") {
  const ConfigSchema schema = schedSchema();
  Config config(schema);
  config.loadIniText(
      "[sched]\npolicy = 2lvl\ngroup_size = 8\ninner = rr\nouter = rr\nswl_limit = 5\n", "t.ini");
  CHECK(SchedParams::load(config).policy == "2lvl");
  const TwoLevelParams two = TwoLevelParams::load(config);
  CHECK(two.groupSize == 8);
  CHECK(two.inner == SchedOrder::Rr);
  CHECK(two.outer == SchedOrder::Rr);
  CHECK(SwlParams::load(config).limit == 5);
}

TEST_CASE("sched params: out-of-range sizes and unknown orders stop at the option") {
  const ConfigSchema schema = schedSchema();
  Config config(schema);
  CHECK_THROWS_AS(config.setAssignment("sched.group_size=0"), ConfigError);
  CHECK_THROWS_AS(config.setAssignment("sched.group_size=65"), ConfigError);
  CHECK_THROWS_AS(config.setAssignment("sched.swl_limit=65"), ConfigError);
  CHECK_THROWS_AS(config.setAssignment("sched.inner=fifo"), ConfigError);
  CHECK_THROWS_AS(config.setAssignment("sched.outer=oldest"), ConfigError);
}
