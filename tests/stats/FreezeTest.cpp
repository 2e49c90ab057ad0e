// StatsRegistry::freeze: the values taken stay what tree() and writeCsv() give.
#include <catch2/catch.hpp>

#include <sstream>

#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;

TEST_CASE("stats: after freeze, tree and CSV keep the values of that moment") {
  StatsRegistry r;
  Counter hits, accesses;
  r.addCounter("gpu.l1d.hits", hits);
  r.addCounter("gpu.l1d.accesses", accesses);
  r.addRatio("gpu.l1d.hit_rate", hits, accesses);
  hits.inc(3);
  accesses.inc(4);
  r.freeze();
  hits.inc(10);
  accesses.inc(10);
  const nlohmann::json t = r.tree();
  CHECK(t["gpu"]["l1d"]["hits"] == 3);
  CHECK(t["gpu"]["l1d"]["accesses"] == 4);
  CHECK(t["gpu"]["l1d"]["hit_rate"] == 0.75);
  std::ostringstream csv;
  r.writeCsv(csv, nlohmann::json{{"outcome", "finished"}});
  CHECK(
      csv.str() ==
      "stat,value\ngpu.l1d.accesses,4\ngpu.l1d.hit_rate,0.75\ngpu.l1d.hits,3\noutcome,finished\n");
}
