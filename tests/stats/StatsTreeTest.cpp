#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "warpsim/stats/StatsRegistry.h"

using Catch::Matchers::Contains;
using nlohmann::json;
using warpsim::Counter;
using warpsim::Histogram;
using warpsim::StatsRegistry;

TEST_CASE("tree nests dotted paths into objects", "[registry]") {
  Counter misses, hits, other;
  misses.inc(3);
  hits.inc(5);
  StatsRegistry reg;
  reg.addCounter("gpu.sm0.l1d.misses", misses);
  reg.addCounter("gpu.sm0.l1d.hits", hits);
  reg.addCounter("gpu.sm1.l1d.misses", other);
  const json j = reg.tree();
  REQUIRE(j["gpu"]["sm0"]["l1d"]["misses"] == 3);
  REQUIRE(j["gpu"]["sm0"]["l1d"]["misses"].is_number_unsigned());
  REQUIRE(j.dump() ==
          R"({"gpu":{"sm0":{"l1d":{"hits":5,"misses":3}},"sm1":{"l1d":{"misses":0}}}})");
}

TEST_CASE("tree writes a histogram as count, sum, min, max, mean, bucket_width, buckets",
          "[registry]") {
  Histogram h(10, 2);
  h.add(5);
  h.add(14);
  h.add(30);
  StatsRegistry reg;
  reg.addHistogram("gpu.dram.latency", h);
  REQUIRE(reg.tree()["gpu"]["dram"]["latency"] == json{{"count", 3},
                                                       {"sum", 49},
                                                       {"min", 5},
                                                       {"max", 30},
                                                       {"mean", 49.0 / 3.0},
                                                       {"bucket_width", 10},
                                                       {"buckets", {1, 1, 1}}});
}

TEST_CASE("tree writes ratios and values as doubles", "[registry]") {
  Counter hits, accesses;
  hits.inc(1);
  accesses.inc(4);
  StatsRegistry reg;
  reg.addRatio("l1d.hit_rate", hits, accesses);
  reg.addValue("gpu.ipc", [] { return 2.5; });
  const json j = reg.tree();
  REQUIRE(j["l1d"]["hit_rate"].is_number_float());
  REQUIRE(j["l1d"]["hit_rate"] == 0.25);
  REQUIRE(j["gpu"]["ipc"] == 2.5);
}

TEST_CASE("A ratio with a zero denominator is 0", "[registry]") {
  Counter num, den;
  num.inc(7);
  StatsRegistry reg;
  reg.addRatio("l1d.hit_rate", num, den);
  REQUIRE(reg.tree()["l1d"]["hit_rate"] == 0.0);
  REQUIRE(reg.tree()["l1d"]["hit_rate"].is_number_float());
}

TEST_CASE("Registering a path twice throws a logic_error naming it", "[registry]") {
  Counter a;
  Histogram h;
  StatsRegistry reg;
  reg.addCounter("gpu.sm0.cycles", a);
  REQUIRE_THROWS_AS(reg.addCounter("gpu.sm0.cycles", a), std::logic_error);
  REQUIRE_THROWS_WITH(reg.addHistogram("gpu.sm0.cycles", h), Contains("'gpu.sm0.cycles'"));
  REQUIRE(reg.tree().dump() == R"({"gpu":{"sm0":{"cycles":0}}})");
}

TEST_CASE("A path that is a prefix of a registered path throws", "[registry]") {
  Counter a;
  StatsRegistry reg;
  reg.addCounter("gpu.sm0.l1d.misses", a);
  REQUIRE_THROWS_AS(reg.addCounter("gpu.sm0.l1d", a), std::logic_error);
  REQUIRE_THROWS_WITH(reg.addValue("gpu.sm0", [] { return 1.0; }),
                      Contains("'gpu.sm0'") && Contains("'gpu.sm0.l1d.misses'"));
}

TEST_CASE("A path under a registered statistic throws", "[registry]") {
  Counter a;
  StatsRegistry reg;
  reg.addCounter("gpu.sm0.cycles", a);
  REQUIRE_THROWS_WITH(reg.addCounter("gpu.sm0.cycles.busy", a),
                      Contains("'gpu.sm0.cycles.busy'") && Contains("'gpu.sm0.cycles'"));
}

TEST_CASE("Paths that only share leading characters do not conflict", "[registry]") {
  Counter a, b, c;
  StatsRegistry reg;
  reg.addCounter("gpu.sm0.l1", a);
  reg.addCounter("gpu.sm0.l1d.misses", b);
  reg.addCounter("gpu.sm0.l1-d", c);
  REQUIRE(reg.tree()["gpu"]["sm0"].size() == 3);
}

TEST_CASE("Malformed paths throw a logic_error naming them", "[registry]") {
  Counter a;
  StatsRegistry reg;
  for (const std::string bad : {"", "a..b", ".a", "a.", "a,b", "a b", "a\"b"}) {
    CAPTURE(bad);
    REQUIRE_THROWS_WITH(reg.addCounter(bad, a), Contains("'" + bad + "'"));
  }
  REQUIRE(reg.tree() == json::object());
}
