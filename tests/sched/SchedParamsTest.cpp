#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/sched/SchedParams.h"

using namespace warpsim;

namespace {
ConfigSchema schedSchema() {
  ConfigSchema s;
  SchedParams::declare(s);
  return s;
}
}  // namespace

TEST_CASE("sched params: the defaults are lrr, and CCWS's 2LVL-GTO and an unlimited SWL") {
  const ConfigSchema schema = schedSchema();
  const Config config(schema);
  const SchedParams p = SchedParams::load(config);
  CHECK(p.policy == "lrr");
  CHECK(p.groupSize == 2);
  CHECK(p.inner == SchedOrder::Gto);
  CHECK(p.outer == SchedOrder::Gto);
  CHECK(p.swlLimit == 0);
}

TEST_CASE("sched params: a [sched] section sets every option") {
  const ConfigSchema schema = schedSchema();
  Config config(schema);
  config.loadIniText(
      "[sched]\npolicy = 2lvl\ngroup_size = 8\ninner = rr\nouter = rr\nswl_limit = 5\n", "t.ini");
  const SchedParams p = SchedParams::load(config);
  CHECK(p.policy == "2lvl");
  CHECK(p.groupSize == 8);
  CHECK(p.inner == SchedOrder::Rr);
  CHECK(p.outer == SchedOrder::Rr);
  CHECK(p.swlLimit == 5);
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
