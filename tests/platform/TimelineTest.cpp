// --timeline (doc/observability.md): a Chrome/Perfetto trace-event file that parses, whose
// events are well formed and ordered per track, that stays inside its window and its size limit,
// and whose events count what the statistics count.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>

#include "PlatformTestSupport.h"

using namespace warpsim::test;
using nlohmann::json;

namespace {

struct Trace {
  json events;
  json other;
  std::map<std::uint64_t, std::string> processes;  // by pid
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> threads;
  std::uint64_t count(const std::string& name, const std::string& processPrefix = "") const {
    std::uint64_t n = 0;
    for (const json& e : events)
      if (e["name"] == name && processes.at(e["pid"]).rfind(processPrefix, 0) == 0) ++n;
    return n;
  }
};

Trace readTrace(const std::string& path) {
  const json doc = readJson(path);
  Trace t{doc.at("traceEvents"), doc.at("otherData"), {}, {}};
  for (const json& e : t.events) {
    if (e.at("ph") != "M") continue;
    if (e["name"] == "process_name") t.processes[e["pid"]] = e["args"]["name"];
    if (e["name"] == "thread_name") t.threads[{e["pid"], e["tid"]}] = e["args"]["name"];
  }
  return t;
}

// The rules every trace must keep: fields, durations, per-track order, B/E balance, and the
// window [start, end] in core cycles.
void checkWellFormed(const Trace& t, double start, double end) {
  std::map<std::pair<std::uint64_t, std::uint64_t>, double> last;
  std::map<std::pair<std::uint64_t, std::uint64_t>, int> open;
  for (const json& e : t.events) {
    for (const char* key : {"name", "ph", "ts", "pid", "tid"}) REQUIRE(e.contains(key));
    const std::string ph = e["ph"];
    if (ph == "M") continue;
    const std::pair<std::uint64_t, std::uint64_t> track{e["pid"], e["tid"]};
    REQUIRE(t.threads.count(track) == 1);  // every track is named
    const double ts = e["ts"];
    CHECK(ts >= last[track]);
    last[track] = ts;
    CHECK(ts >= start);
    if (ph == "X") {
      CHECK(e["dur"].get<double>() >= 0);
      CHECK(ts + e["dur"].get<double>() <= end + 1e-9);
    } else {
      CHECK(ts < end);
    }
    if (ph == "B") ++open[track];
    if (ph == "E") CHECK(--open[track] >= 0);
  }
  for (const auto& [track, n] : open) CHECK(n == 0);
}

std::uint64_t sumOver(const json& stats, const std::string& prefix, const std::string& key) {
  std::uint64_t s = 0;
  for (const auto& [name, block] : stats["gpu"].items())
    if (name.rfind(prefix, 0) == 0 && name.size() > prefix.size() &&
        std::isdigit(static_cast<unsigned char>(name[prefix.size()])))
      s += block[key].get<std::uint64_t>();
  return s;
}

}  // namespace

TEST_CASE("timeline: a window parses, keeps the rules and has every kind of track") {
  ScratchDir dir;
  const ToolRun r =
      runFermi("--workload graph --set workload.size=8 --timeline " + dir.file("t.json") +
               " --timeline-window 1000:4000 --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.err, Catch::Contains("timeline: " + dir.file("t.json") + ", "));
  const Trace t = readTrace(dir.file("t.json"));
  checkWellFormed(t, 1000, 4000);
  CHECK(t.other["window"] == json::array({1000, 4000}));
  CHECK(t.other["cut_at_cycle"] == 0);
  std::set<std::string> kinds;
  for (const auto& [track, name] : t.threads) kinds.insert(name.substr(0, name.find(' ')));
  CHECK(kinds == std::set<std::string>{"warp", "CTA", "MSHR", "bank"});
  for (const char* name : {"issue", "wait memory", "eligible (memory instruction)", "CTA", "miss",
                           "row open", "ACT", "RD"})
    CHECK(t.count(name) > 0);
  // A timeline only watches: the statistics are those of a run without one.
  const ToolRun plain =
      runFermi("--workload graph --set workload.size=8 --quiet --stats " + dir.file("plain.json"));
  CHECK(readJson(dir.file("plain.json")) == readJson(dir.file("s.json")));
}

TEST_CASE("timeline: over a whole run, its events count what the statistics count") {
  for (const char* platform : {"fermi", "owl28", "ccws30"}) {
    INFO(platform);
    ScratchDir dir;
    const ToolRun r =
        runTool(std::string("warpsim-") + platform,
                "--workload graph --set workload.size=4 --quiet --timeline " + dir.file("t.json") +
                    " --timeline-window 0:100000000 --stats " + dir.file("s.json"));
    REQUIRE(r.exitCode == 0);
    const Trace t = readTrace(dir.file("t.json"));
    const json stats = readJson(dir.file("s.json"));
    checkWellFormed(t, 0, stats["cycles"].get<double>());
    std::uint64_t issued = 0;
    for (const json& e : t.events)
      if (e["name"] == "issue") issued += e["args"]["instructions"].get<std::uint64_t>();
    CHECK(issued == stats["warp_instructions"].get<std::uint64_t>());
    CHECK(t.count("CTA") == stats["gpu"]["dispatcher"]["ctas_launched"].get<std::uint64_t>());
    CHECK(t.count("ACT") == sumOver(stats, "part", "activates"));
    CHECK(t.count("PRE") == sumOver(stats, "part", "precharges"));
    CHECK(t.count("RD") + t.count("WR") == sumOver(stats, "part", "accesses"));
    CHECK(t.count("miss", "gpu.l2_") == sumOver(stats, "l2_", "misses"));
  }
}

TEST_CASE("timeline: the size limit cuts the window, says where, and holds") {
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-fermi",
                            "--workload graph --max-cycles 20000 --quiet "
                            "--timeline-window 0:100000000 --timeline-max-mb 1 "
                            "--timeline " +
                                dir.file("t.json"));
  REQUIRE(r.exitCode == 0);
  CHECK(std::filesystem::file_size(dir.file("t.json")) <= (1u << 20));
  const Trace t = readTrace(dir.file("t.json"));
  const std::uint64_t cut = t.other["cut_at_cycle"];
  REQUIRE(cut > 0);
  CHECK(t.other["window"][1] == cut);
  checkWellFormed(t, 0, double(cut) + 1);
  CHECK_THAT(r.err, Catch::Contains("warning: --timeline: the window was cut at core cycle " +
                                    std::to_string(cut) + ", where the file reached 90% of " +
                                    "--timeline-max-mb (1 MiB)"));
}

TEST_CASE("timeline: bad windows and limits are one-line errors, and a failed run leaves no file") {
  for (const char* bad : {"5", "10:5", "x:10", "3:3"}) {
    const ToolRun r = runFermi(std::string("--workload stream --timeline-window ") + bad);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::EndsWith(std::string("--timeline-window = '") + bad +
                                      "': allowed: START:END, core cycles with START < END (e.g. "
                                      "0:50000)\n"));
  }
  const ToolRun big = runFermi("--workload stream --timeline-max-mb 0");
  CHECK(big.exitCode == 1);
  ScratchDir dir;
  const ToolRun failed = runFermi(
      "--workload graph --set dram.model=fixed --set "
      "sim.watchdog_cycles=100 --timeline " +
      dir.file("t.json"));
  CHECK(failed.exitCode == 3);
  CHECK(dir.entries().empty());
}
