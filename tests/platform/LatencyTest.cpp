// Unloaded load latencies per level, measured as doc/studies/latency_table.py does: the mean LSU
// load latency (issue to data return, core cycles) of pchase's second, warm pass.
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

struct Level {
  std::uint64_t footprint, stride;
  bool tinyCaches;  // one-line L1D and L2: every load goes to DRAM
};

std::pair<std::uint64_t, std::uint64_t> loadLatency(const std::string& platform, unsigned passes,
                                                    const Level& l) {
  ScratchDir dir;
  std::string args = "--workload pchase --quiet --set workload.size=" + std::to_string(passes) +
                     " --set workload.pchase_footprint=" + std::to_string(l.footprint) +
                     "B --set workload.pchase_stride=" + std::to_string(l.stride) + "B --stats " +
                     dir.file("s.json");
  if (l.tinyCaches) args += " --set l1d.sets=1 --set l1d.ways=1 --set l2.sets=1 --set l2.ways=1";
  const ToolRun r = runTool("warpsim-" + platform, args);
  REQUIRE(r.exitCode == 0);
  const nlohmann::json h = readJson(dir.file("s.json"))["gpu"]["sm0"]["lsu"]["load_latency"];
  return {h["sum"].get<std::uint64_t>(), h["count"].get<std::uint64_t>()};
}

// Mean latency of the second pass.
double warm(const std::string& platform, const Level& l) {
  const auto one = loadLatency(platform, 1, l);
  const auto two = loadLatency(platform, 2, l);
  return double(two.first - one.first) / double(two.second - one.second);
}

struct Latencies {
  double l1, l2, rowHit, rowMiss;
};

// line: the L2 line; l2Footprint: above the L1D, below the L2; row, banks, partitions: the
// address map (models/interfaces/AddressMap.h): a stride of row x banks x partitions stays in one
// bank of one partition and changes row every load.
Latencies measure(const std::string& p, std::uint64_t line, std::uint64_t l2Footprint,
                  std::uint64_t row, std::uint64_t banks, std::uint64_t partitions) {
  const std::uint64_t sameBank = row * banks * partitions;
  Latencies r{warm(p, {4096, line, false}), warm(p, {l2Footprint, line, false}),
              warm(p, {row * partitions, line, true}), warm(p, {4 * sameBank, sameBank, true})};
  INFO(p << ": L1 hit " << r.l1 << ", L2 hit " << r.l2 << ", DRAM row hit " << r.rowHit
         << ", row miss " << r.rowMiss);
  CHECK(r.l1 < r.l2);
  CHECK(r.l2 < r.rowHit);
  CHECK(r.rowHit < r.rowMiss);
  return r;
}

}  // namespace

TEST_CASE("latency: fermi L2 hit 200 and DRAM row hit 640 core cycles (Mascar Table I)") {
  const Latencies r = measure("fermi", 128, 128 * 1024, 2048, 16, 6);
  CHECK(r.l2 == Approx(200).margin(1));
  CHECK(r.rowHit == Approx(640).margin(2));
}

TEST_CASE("latency: owl28 L2 miss within 10% of OWL 2.1's 120 core cycles") {
  const Latencies r = measure("owl28", 64, 128 * 1024, 2048, 4, 8);
  CHECK(r.rowHit == Approx(120).epsilon(0.10));
}

TEST_CASE("latency: ccws30 levels in order") {
  measure("ccws30", 128, 128 * 1024, 2048, 8, 8);
}
