#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <string>

#include "warpsim/stats/StatsRegistry.h"

using nlohmann::json;
using warpsim::Counter;
using warpsim::Histogram;
using warpsim::StatsRegistry;

namespace {

// The statistics of a small GPU, registered in the given order.
struct Fixture {
  Counter misses, accesses, insts;
  Histogram latency{10, 4};
  StatsRegistry reg;

  explicit Fixture(bool reversed) {
    misses.inc(3);
    accesses.inc(9);
    insts.inc(1000);
    latency.add(4);
    latency.add(9);
    latency.add(30);
    if (reversed) {
      reg.addValue("gpu.ipc", [] { return 0.1; });
      reg.addHistogram("gpu.dram.latency", latency);
      reg.addRatio("gpu.sm0.l1d.miss_rate", misses, accesses);
    }
    reg.addCounter("gpu.sm0.l1d.misses", misses);
    reg.addCounter("gpu.sm0.insts", insts);
    reg.addCounter("gpu.sm0.l1d.accesses", accesses);
    if (!reversed) {
      reg.addRatio("gpu.sm0.l1d.miss_rate", misses, accesses);
      reg.addHistogram("gpu.dram.latency", latency);
      reg.addValue("gpu.ipc", [] { return 0.1; });
    }
    reg.endKernel("k1", json{{"cycles", 500}});
  }

  std::string csv() const {
    std::ostringstream os;
    reg.writeCsv(os);
    return os.str();
  }
  std::string dump() const { return reg.tree().dump(2) + reg.kernels().dump(2) + csv(); }
};

}  // namespace

TEST_CASE("writeCsv writes a header and one line per statistic, sorted by path", "[output]") {
  Fixture f(false);
  REQUIRE(f.csv() ==
          "stat,value\n"
          "gpu.dram.latency.count,3\n"
          "gpu.dram.latency.mean,14.333333333333334\n"
          "gpu.ipc,0.1\n"
          "gpu.sm0.insts,1000\n"
          "gpu.sm0.l1d.accesses,9\n"
          "gpu.sm0.l1d.miss_rate,0.3333333333333333\n"
          "gpu.sm0.l1d.misses,3\n");
}

TEST_CASE("Dumping the same registry twice gives byte-identical text", "[output]") {
  Fixture f(false);
  REQUIRE(f.dump() == f.dump());
}

TEST_CASE("Registration order does not change the output", "[output]") {
  Fixture a(false);
  Fixture b(true);
  REQUIRE(a.dump() == b.dump());
}

TEST_CASE("writeCsv sorts naturally and adds the leaves of `extra` among the statistics",
          "[output]") {
  Counter a, b, c;
  a.inc(1);
  b.inc(2);
  c.inc(3);
  StatsRegistry reg;
  reg.addCounter("gpu.sm10.cycles", c);
  reg.addCounter("gpu.sm2.cycles", b);
  reg.addCounter("gpu.sm1.cycles", a);
  std::ostringstream os;
  reg.writeCsv(os, json{{"totals", {{"ipc", 0.5}, {"complete", false}, {"l2", {{"misses", 7}}}}},
                        {"ignored", json::array({1, 2})}});
  CHECK(os.str() ==
        "stat,value\n"
        "gpu.sm1.cycles,1\n"
        "gpu.sm2.cycles,2\n"
        "gpu.sm10.cycles,3\n"
        "totals.complete,false\n"
        "totals.ipc,0.5\n"
        "totals.l2.misses,7\n");
}
