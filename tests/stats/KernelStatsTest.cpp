#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>

#include "warpsim/stats/StatsRegistry.h"

using nlohmann::json;
using warpsim::Counter;
using warpsim::Histogram;
using warpsim::StatsRegistry;

TEST_CASE("endKernel records each counter's change since the previous kernel", "[kernels]") {
  Counter insts;
  StatsRegistry reg;
  reg.addCounter("gpu.sm0.insts", insts);
  insts.inc(5);
  reg.endKernel("k1", json::object());
  insts.inc(7);
  reg.endKernel("k2", json::object());
  REQUIRE(reg.kernels().size() == 2);
  REQUIRE(reg.kernels()[0]["stats"]["gpu"]["sm0"]["insts"] == 5);
  REQUIRE(reg.kernels()[1]["stats"]["gpu"]["sm0"]["insts"] == 7);
  REQUIRE(reg.tree()["gpu"]["sm0"]["insts"] == 12);
}

TEST_CASE("endKernel computes each kernel's ratio from that kernel's changes", "[kernels]") {
  Counter hits, accesses;
  StatsRegistry reg;
  reg.addRatio("l1d.hit_rate", hits, accesses);
  hits.inc(1);
  accesses.inc(4);
  reg.endKernel("k1", json::object());
  hits.inc(6);
  accesses.inc(8);
  reg.endKernel("k2", json::object());
  reg.endKernel("k3", json::object());
  REQUIRE(reg.kernels()[0]["stats"]["l1d"]["hit_rate"] == 0.25);
  REQUIRE(reg.kernels()[1]["stats"]["l1d"]["hit_rate"] == 0.75);
  REQUIRE(reg.kernels()[2]["stats"]["l1d"]["hit_rate"] == 0.0);
  REQUIRE(reg.tree()["l1d"]["hit_rate"] == 7.0 / 12.0);
}

TEST_CASE("a ratio over the sum of two counters is per kernel too", "[kernels]") {
  Counter useful, misses;
  StatsRegistry reg;
  reg.addRatioOfSum("l2.coverage", useful, useful, misses);
  useful.inc(1);
  misses.inc(3);
  reg.endKernel("k1", json::object());
  useful.inc(3);
  misses.inc(1);
  reg.endKernel("k2", json::object());
  REQUIRE(reg.kernels()[0]["stats"]["l2"]["coverage"] == 0.25);
  REQUIRE(reg.kernels()[1]["stats"]["l2"]["coverage"] == 0.75);
  REQUIRE(reg.tree()["l2"]["coverage"] == 0.5);
}

TEST_CASE("endKernel records histogram changes without min and max", "[kernels]") {
  Histogram h(10, 2);
  StatsRegistry reg;
  reg.addHistogram("dram.latency", h);
  h.add(5);
  h.add(15);
  reg.endKernel("k1", json::object());
  h.add(25);
  h.add(31);
  reg.endKernel("k2", json::object());
  REQUIRE(
      reg.kernels()[0]["stats"]["dram"]["latency"] ==
      json{
          {"count", 2}, {"sum", 20}, {"mean", 10.0}, {"bucket_width", 10}, {"buckets", {1, 1, 0}}});
  REQUIRE(
      reg.kernels()[1]["stats"]["dram"]["latency"] ==
      json{
          {"count", 2}, {"sum", 56}, {"mean", 28.0}, {"bucket_width", 10}, {"buckets", {0, 0, 2}}});
}

TEST_CASE("endKernel keeps the caller's summary and sets name and stats", "[kernels]") {
  Counter c;
  StatsRegistry reg;
  reg.addCounter("gpu.cycles", c);
  c.inc(100);
  reg.endKernel("vecadd", json{{"name", "stale"}, {"cycles", 100}, {"ctas", 8}});
  REQUIRE(reg.kernels()[0] == json{{"name", "vecadd"},
                                   {"cycles", 100},
                                   {"ctas", 8},
                                   {"stats", {{"gpu", {{"cycles", 100}}}}}});
}

TEST_CASE("Values appear in the whole-run tree only, not per kernel", "[kernels]") {
  StatsRegistry reg;
  reg.addValue("gpu.ipc", [] { return 1.5; });
  reg.endKernel("k1", json::object());
  REQUIRE(reg.kernels()[0]["stats"] == json::object());
  REQUIRE(reg.tree()["gpu"]["ipc"] == 1.5);
}

TEST_CASE("endKernel rejects a summary that is not an object", "[kernels]") {
  StatsRegistry reg;
  REQUIRE_THROWS_WITH(reg.endKernel("k1", json::array()),
                      Catch::Matchers::Contains("'k1'") && Catch::Matchers::Contains("array"));
  REQUIRE(reg.kernels().empty());
}

TEST_CASE("reports prepared once still see a statistic registered after them", "[kernels]") {
  // prepare() lays the reports out for what is registered; a later registration must show in
  // every report after it, in its place (the tree, the kernel entries, the CSV's natural order).
  Counter a, b, late;
  Histogram lat(4, 4);
  StatsRegistry reg;
  reg.addCounter("gpu.sm10.a", a);
  reg.addCounter("gpu.sm2.b", b);
  reg.prepare();
  a.inc(3);
  reg.endKernel("k1", json::object());
  reg.addCounter("gpu.sm2.late", late);
  reg.addHistogram("gpu.sm3.lat", lat);
  late.inc(4);
  lat.add(5);
  reg.endKernel("k2", json::object());
  CHECK(reg.kernels()[0]["stats"] == json::parse(R"({"gpu":{"sm10":{"a":3},"sm2":{"b":0}}})"));
  CHECK(reg.kernels()[1]["stats"]["gpu"]["sm2"] == json::parse(R"({"b":0,"late":4})"));
  CHECK(reg.kernels()[1]["stats"]["gpu"]["sm3"]["lat"]["count"] == 1);
  CHECK(reg.tree()["gpu"]["sm2"]["late"] == 4);
  std::ostringstream csv;
  reg.writeCsv(csv);
  CHECK(csv.str() ==
        "stat,value\ngpu.sm2.b,0\ngpu.sm2.late,4\ngpu.sm3.lat.count,1\ngpu.sm3.lat.mean,5.0\n"
        "gpu.sm10.a,3\n");
}
