#include <catch2/catch.hpp>

#include "ConfigTestSupport.h"

using namespace warpsim;

namespace {

const OptionSpec& specOf(const ConfigSchema& schema, const std::string& name) {
  const OptionSpec* spec = schema.find(name);
  REQUIRE(spec != nullptr);
  return *spec;
}

}  // namespace

TEST_CASE("a size option states its units and range") {
  const ConfigSchema schema = test::testSchema();
  CHECK(specOf(schema, "l1d.size").allowed() ==
        "a byte count with optional unit B, KiB, MiB, GiB (e.g. 32KiB), between 1KiB and 16MiB");
}

TEST_CASE("a size option rejects values outside its range") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "l1d.size");
  CHECK(spec.check("1KiB") == "");
  CHECK(spec.check("16MiB") == "");
  CHECK(spec.check("1023") == "below the minimum 1KiB");
  CHECK(spec.check("16777217B") == "above the maximum 16MiB");
  CHECK(spec.check("32Kb") == "not a size");
}

TEST_CASE("an unsigned option rejects negatives, garbage and overflow") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "sim.max_cycles");
  CHECK(spec.check("18446744073709551615") == "");
  CHECK(spec.check("0x10") == "");
  CHECK(spec.check("-1") == "negative");
  CHECK(spec.check("12abc") == "not an integer");
  CHECK(spec.check("1.5") == "not an integer");
  CHECK(spec.check("18446744073709551616") == "too large for a 64-bit integer");
  CHECK(spec.allowed() == "a non-negative integer");
}

TEST_CASE("an unsigned option names its range") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "l1d.ways");
  CHECK(spec.allowed() == "a non-negative integer between 1 and 64");
  CHECK(spec.check("0") == "below the minimum 1");
  CHECK(spec.check("65") == "above the maximum 64");
}

TEST_CASE("a signed option takes negatives within its range") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "core.skew");
  CHECK(spec.check("-8") == "");
  CHECK(spec.check("-9") == "below the minimum -8");
  CHECK(spec.check("--1") == "not an integer");
  CHECK(spec.allowed() == "an integer between -8 and 8");
}

TEST_CASE("a double option checks number and range") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "noc.scale");
  CHECK(spec.check("0.5") == "");
  CHECK(spec.check("2e0") == "");
  CHECK(spec.check("0.25") == "below the minimum 0.5");
  CHECK(spec.check("one") == "not a number");
  CHECK(spec.check("nan") == "not a number");
  CHECK(spec.allowed() == "a number between 0.5 and 4");
}

TEST_CASE("a bool option accepts the usual spellings in any case") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "sim.verbose");
  for (const char* good : {"true", "false", "1", "0", "yes", "no", "on", "off", "TRUE", "Off"}) {
    INFO(good);
    CHECK(spec.check(good) == "");
  }
  CHECK(spec.check("2") == "not a boolean");
  CHECK(spec.allowed() == "true or false (also 1/0, yes/no, on/off)");
}

TEST_CASE("a frequency option lies between 1 MHz and 10 GHz") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "core.clock");
  CHECK(spec.check("1.4GHz") == "");
  CHECK(spec.check("1MHz") == "");
  CHECK(spec.check("10GHz") == "");
  CHECK(spec.check("0") == "below the minimum 1");
  CHECK(spec.check("-700") == "below the minimum 1");
  CHECK(spec.check("1kHz") == "below the minimum 1");
  CHECK(spec.check("999999Hz") == "below the minimum 1");
  CHECK(spec.check("10000.001") == "above the maximum 10000");
  CHECK(spec.check("700000000") == "above the maximum 10000");
  CHECK(spec.check("700Hzz") == "not a frequency");
  CHECK(spec.allowed() ==
        "a frequency in MHz with optional unit MHz or GHz (e.g. 700, 1.4GHz), between 1 and "
        "10000");
  CHECK(spec.allowedShort() == "1 .. 10000 MHz");
}

TEST_CASE("a frequency option may narrow the clocks' range but not widen it") {
  ConfigSchema s;
  s.addFreq("a.clock", 500, "narrower", 100, 2000);
  CHECK(s.find("a.clock")->check("50") == "below the minimum 100");
  CHECK(s.find("a.clock")->allowedShort() == "100 .. 2000 MHz");
  CHECK_THROWS_AS(s.addFreq("b.clock", 500, "too fast", 1, 20000), std::logic_error);
  CHECK_THROWS_AS(s.addFreq("c.clock", 500, "too slow", 0.001, 1000), std::logic_error);
  CHECK_THROWS_AS(s.addFreq("d.clock", 0.5, "default below the range", 1, 1000), std::logic_error);
}

TEST_CASE("an enum option lists its choices") {
  const ConfigSchema schema = test::testSchema();
  const OptionSpec& spec = specOf(schema, "sched.policy");
  CHECK(spec.check("two_level") == "");
  CHECK(spec.check("GTO") == "not one of the choices");
  CHECK(spec.allowed() == "one of: lrr, gto, two_level");
}

TEST_CASE("a string option takes any text") {
  const ConfigSchema schema = test::testSchema();
  CHECK(specOf(schema, "workload.name").check("") == "");
  CHECK(specOf(schema, "workload.name").check(" a # b ") == "");
}
