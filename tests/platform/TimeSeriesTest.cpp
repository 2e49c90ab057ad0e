// --sample-every N (doc/observability.md): one row per N core cycles, whose raw counts add up to
// the end-of-run statistics, without moving any statistic.
#include <catch2/catch.hpp>

#include <fnmatch.h>

#include <sstream>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

struct Series {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::size_t column(const std::string& name) const {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    FAIL("no column " << name);
    return 0;
  }
  std::uint64_t sum(const std::string& name) const {
    const std::size_t c = column(name);
    std::uint64_t s = 0;
    for (const auto& r : rows) s += std::stoull(r[c]);
    return s;
  }
};

Series readSeries(const std::string& path) {
  Series s;
  for (const std::string& line : lines(readFile(path))) {
    std::vector<std::string> cells;
    std::stringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    if (s.header.empty())
      s.header = cells;
    else
      s.rows.push_back(cells);
  }
  return s;
}

// The sum of statistic `key` over the blocks of gpu whose names match `pattern`.
std::uint64_t total(const nlohmann::json& stats, const char* pattern, const std::string& key) {
  std::uint64_t s = 0;
  for (const auto& [name, block] : stats["gpu"].items())
    if (fnmatch(pattern, name.c_str(), 0) == 0) s += block[key].get<std::uint64_t>();
  return s;
}

}  // namespace

TEST_CASE("time series: rows tile the run and add up to the end-of-run totals") {
  for (const char* platform : {"fermi", "owl28", "ccws30"}) {
    INFO(platform);
    ScratchDir dir;
    const std::string run = "--workload graph --set workload.size=8 --quiet --stats ";
    const ToolRun plain = runTool(std::string("warpsim-") + platform, run + dir.file("a.json"));
    const ToolRun sampled =
        runTool(std::string("warpsim-") + platform,
                run + dir.file("b.json") + " --sample-every 1000 --series " + dir.file("s.csv"));
    REQUIRE(plain.exitCode == 0);
    REQUIRE(sampled.exitCode == 0);
    const nlohmann::json stats = readJson(dir.file("b.json"));
    // Sampling settles the accounts more often; no statistic moves.
    CHECK(readJson(dir.file("a.json")) == stats);

    const Series s = readSeries(dir.file("s.csv"));
    const std::uint64_t cycles = stats["cycles"];
    REQUIRE(s.rows.size() == (cycles + 999) / 1000);
    std::uint64_t at = 0;
    for (const auto& r : s.rows) {
      CHECK(std::stoull(r[0]) == at);  // start
      at = std::stoull(r[1]);          // end
      CHECK(std::stoull(r[2]) == at - std::stoull(r[0]));
      if (&r != &s.rows.back()) CHECK(std::stoull(r[2]) == 1000);
    }
    CHECK(at == cycles);

    CHECK(s.sum("warp_instructions") == stats["warp_instructions"].get<std::uint64_t>());
    CHECK(s.sum("thread_instructions") == stats["thread_instructions"].get<std::uint64_t>());
    const nlohmann::json& sms = stats["gpu"]["sm_total"];
    CHECK(s.sum("sm_cycles") == sms["sm_cycles"].get<std::uint64_t>());
    CHECK(s.sum("sm_issued_cycles") == sms["issued_cycles"].get<std::uint64_t>());
    CHECK(s.sum("sm_memory_block_cycles") == sms["memory_block_cycles"].get<std::uint64_t>());
    std::uint64_t l1dAccesses = 0, l1dMisses = 0;
    for (const auto& [name, block] : stats["gpu"].items())
      if (fnmatch("sm[0-9]*", name.c_str(), 0) == 0) {
        l1dAccesses += block["l1d"]["accesses"].get<std::uint64_t>();
        l1dMisses += block["l1d"]["misses"].get<std::uint64_t>();
      }
    CHECK(s.sum("l1d_accesses") == l1dAccesses);
    CHECK(s.sum("l1d_misses") == l1dMisses);
    for (const char* key : {"accesses", "misses"})
      CHECK(s.sum(std::string("l2_") + key) == total(stats, "l2_[0-9]*", key));
    for (const char* key :
         {"reads", "writes", "accesses", "row_hits", "busy_cycles", "busy_bank_cycles"})
      CHECK(s.sum(std::string("dram_") + key) == total(stats, "part[0-9]*", key));
    CHECK(s.sum("noc_flits") == stats["gpu"]["icnt"]["request_flits"].get<std::uint64_t>() +
                                    stats["gpu"]["icnt"]["response_flits"].get<std::uint64_t>());
    CHECK(s.sum("l2_misses") > 0);

    // The rates are the row's own ratios.
    const auto& r = s.rows.front();
    CHECK(std::stod(r[s.column("ipc")]) ==
          Approx(double(std::stoull(r[s.column("thread_instructions")])) /
                 double(std::stoull(r[2]))));
    CHECK(std::stod(r[s.column("blp")]) ==
          Approx(double(std::stoull(r[s.column("dram_busy_bank_cycles")])) /
                 double(std::stoull(r[s.column("dram_busy_cycles")]))));
  }
}

TEST_CASE("time series: a cycle limit ends the series where the statistics end") {
  ScratchDir dir;
  const ToolRun r = runFermi(
      "--workload stream --quiet --max-cycles 2500 --sample-every 1000 "
      "--stats " +
      dir.file("s.json") + " --series " + dir.file("s.csv"));
  REQUIRE(r.exitCode == 0);
  const Series s = readSeries(dir.file("s.csv"));
  REQUIRE(s.rows.size() == 3);
  CHECK(s.rows.back()[0] == "2000");
  CHECK(s.rows.back()[1] == "2500");
  CHECK(s.sum("warp_instructions") ==
        readJson(dir.file("s.json"))["warp_instructions"].get<std::uint64_t>());
}

TEST_CASE("time series: a run that fails leaves no series file") {
  ScratchDir dir;
  const ToolRun r = runFermi(
      "--workload graph --set dram.model=fixed --set "
      "sim.watchdog_cycles=100 --sample-every 50 --series " +
      dir.file("s.csv"));
  CHECK(r.exitCode == 3);
  CHECK(dir.entries().empty());
}

TEST_CASE("time series: a bad interval is a one-line error") {
  for (const char* bad : {"0", "x", "-5", "5000000000"}) {
    const ToolRun r = runFermi(std::string("--workload stream --sample-every ") + bad);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::EndsWith(std::string(": error: command line: --sample-every = '") +
                                      bad + "': allowed: an integer from 1 to 4294967295\n"));
  }
}
