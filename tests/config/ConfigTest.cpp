#include <catch2/catch.hpp>

#include "ConfigTestSupport.h"
#include "warpsim/config/Config.h"

using namespace warpsim;

TEST_CASE("a fresh config reads the schema defaults") {
  const ConfigSchema schema = test::testSchema();
  const Config config(schema);
  CHECK(config.getSize("l1d.size") == 16384);
  CHECK(config.getUInt("l1d.ways") == 4);
  CHECK(config.getInt("core.skew") == 0);
  CHECK(config.getDouble("noc.scale") == 1.0);
  CHECK(config.getFreqMHz("core.clock") == 700.0);
  CHECK(config.getBool("sim.verbose") == false);
  CHECK(config.getString("sched.policy") == "gto");
  CHECK(config.getString("stats.prefix") == "gpu");
  CHECK_FALSE(config.isSet("l1d.size"));
  CHECK(config.source("l1d.size") == "default");
}

TEST_CASE("set converts values with units") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.set("l1d.size", "48KiB", "a.ini:1");
  config.set("core.clock", "1.4GHz", "a.ini:2");
  config.set("core.skew", "-3", "a.ini:3");
  config.set("sim.verbose", "on", "a.ini:4");
  CHECK(config.getSize("l1d.size") == 49152);
  CHECK(config.getFreqMHz("core.clock") == Approx(1400.0));
  CHECK(config.getInt("core.skew") == -3);
  CHECK(config.getBool("sim.verbose"));
}

TEST_CASE("a later set overrides an earlier one and records its source") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.set("l1d.ways", "8", "fermi.ini:12");
  config.set("l1d.ways", "16", "--set");
  CHECK(config.getUInt("l1d.ways") == 16);
  CHECK(config.source("l1d.ways") == "--set");
  CHECK(config.isSet("l1d.ways"));
  CHECK_FALSE(config.isSet("l1d.sets"));
}

TEST_CASE("setting the default text still counts as set") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.set("l1d.ways", "4", "fermi.ini:3");
  CHECK(config.isSet("l1d.ways"));
  CHECK(config.source("l1d.ways") == "fermi.ini:3");
}

TEST_CASE("a bad value names source, option, value and what is allowed") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.set("l1d.size", "32Kb", "fermi.ini:12"),
                    "fermi.ini:12: l1d.size = '32Kb': not a size; allowed: a byte count with "
                    "optional unit B, KiB, MiB, GiB (e.g. 32KiB), between 1KiB and 16MiB");
}

TEST_CASE("an out-of-range value names the range") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.set("l1d.ways", "128", "--set"),
                    "--set: l1d.ways = '128': above the maximum 64; allowed: a non-negative "
                    "integer between 1 and 64");
}

TEST_CASE("a rejected value leaves the previous one in place") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.set("l1d.ways", "8", "a.ini:1");
  CHECK_THROWS_AS(config.set("l1d.ways", "-1", "--set"), ConfigError);
  CHECK(config.getUInt("l1d.ways") == 8);
  CHECK(config.source("l1d.ways") == "a.ini:1");
}

TEST_CASE("an unknown key names the nearest options") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.setAssignment("l1d.szie=32KiB"),
                    "--set: unknown option 'l1d.szie'; did you mean: l1d.size, l1d.sets, "
                    "l1d.ways?");
}

TEST_CASE("an unknown key unlike any option points to --help-config") {
  ConfigSchema schema;
  schema.addUInt("abc", 0, "");
  Config config(schema);
  CHECK_THROWS_WITH(config.set("xyz", "1", "--set"),
                    "--set: unknown option 'xyz'; --help-config lists the options");
}

TEST_CASE("setAssignment splits at the first '=' and trims") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  config.setAssignment(" tag = a=b ");
  CHECK(config.getString("tag") == "a=b");
  CHECK(config.source("tag") == "--set");
}

TEST_CASE("setAssignment without '=' is an error") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(config.setAssignment("l1d.size"), "--set: expected key=value, got 'l1d.size'");
  CHECK_THROWS_WITH(config.setAssignment("=4"), "--set: missing option name before '=' in '=4'");
}

TEST_CASE("reading an undeclared option is a logic error") {
  const ConfigSchema schema = test::testSchema();
  const Config config(schema);
  CHECK_THROWS_AS(config.getUInt("l1d.szie"), std::logic_error);
  CHECK_THROWS_AS(config.source("l1d.szie"), std::logic_error);
}

TEST_CASE("reading an option as the wrong kind is a logic error") {
  const ConfigSchema schema = test::testSchema();
  const Config config(schema);
  CHECK_THROWS_WITH(config.getUInt("l1d.size"),
                    "Config: option 'l1d.size' is a size option, read as uint");
  CHECK_THROWS_AS(config.getString("l1d.ways"), std::logic_error);
  CHECK_THROWS_AS(config.getBool("sched.policy"), std::logic_error);
  // ConfigError is for users; a wrong getter is not one.
  CHECK_THROWS_MATCHES(config.getInt("l1d.ways"), std::logic_error,
                       Catch::Predicate<std::logic_error>([](const std::logic_error& e) {
                         return dynamic_cast<const ConfigError*>(&e) == nullptr;
                       }));
}
