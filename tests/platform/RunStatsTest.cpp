// The statistics files of a run (platforms/common/RunStats.h): the GPU-wide totals, the CSV,
// the GPGPU-Sim/Accel-Sim-named text, and the marks of a run the cycle limit stopped.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <map>
#include <sstream>

#include "PlatformTestSupport.h"
#include "warpsim/common/AccelsimStats.h"
#include "warpsim/common/RunStats.h"
#include "warpsim/common/Summary.h"
#include "warpsim/common/Totals.h"
#include "warpsim/config/ConfigSchema.h"

using namespace warpsim::test;
using nlohmann::json;

namespace {

// Sums `key` of gpu.smN.`block` (or gpu.smN when block is empty).
double smSum(const json& s, const std::string& block, const std::string& key) {
  double total = 0;
  for (const auto& [name, sm] : s["gpu"].items())
    if (name.rfind("sm", 0) == 0 && name != "sm_total")
      total += (block.empty() ? sm[key] : sm[block][key]).get<double>();
  return total;
}

double prefixSum(const json& s, const std::string& prefix, const std::string& key) {
  double total = 0;
  for (const auto& [name, b] : s["gpu"].items())
    if (name.rfind(prefix, 0) == 0) total += b[key].get<double>();
  return total;
}

// `name = value` lines, by name; a later line wins (the last kernel's block).
std::map<std::string, std::string> accelsimValues(const std::string& text) {
  std::map<std::string, std::string> v;
  for (const std::string& line : lines(text)) {
    const auto eq = line.find(" = ");
    if (eq != std::string::npos) v[line.substr(0, eq)] = line.substr(eq + 3);
  }
  return v;
}

// The blocks of an accelsim file, each as its name = value lines.
std::vector<std::map<std::string, std::string>> accelsimBlocks(const std::string& text) {
  std::vector<std::map<std::string, std::string>> blocks;
  for (const std::string& line : lines(text)) {
    if (line.rfind("kernel_name = ", 0) == 0) blocks.emplace_back();
    const auto eq = line.find(" = ");
    if (!blocks.empty() && eq != std::string::npos)
      blocks.back()[line.substr(0, eq)] = line.substr(eq + 3);
  }
  return blocks;
}

}  // namespace

TEST_CASE("totals: every figure from a hand-made run, external memory included") {
  const json run = json::parse(R"({
    "outcome": "finished", "cycles": 100, "core_mhz": 1000, "warp_instructions": 40,
    "thread_instructions": 1000, "kernels": [{}, {}],
    "gpu": {
      "sm0": {"cycles": 100, "issued_cycles": 30, "memory_block_cycles": 50, "no_warp_cycles": 0,
              "scheduler_hold_cycles": 0, "pipeline_stall_cycles": 10,
              "dependency_stall_cycles": 10,
              "lsu": {"requests": 6, "load_latency": {"count": 2, "sum": 300}},
              "l1d": {"accesses": 10, "hits": 4, "misses": 5, "mshr_merges": 1}},
      "sm1": {"cycles": 100, "issued_cycles": 10, "memory_block_cycles": 90, "no_warp_cycles": 0,
              "scheduler_hold_cycles": 0, "pipeline_stall_cycles": 0,
              "dependency_stall_cycles": 0,
              "lsu": {"requests": 4, "load_latency": {"count": 2, "sum": 100}},
              "l1d": {"accesses": 10, "hits": 6, "misses": 4, "mshr_merges": 0}},
      "sm_total": {"sm_cycles": 200},
      "l2_0": {"accesses": 9, "hits": 3, "misses": 6, "mshr_merges": 0},
      "part0": {"bytes": 640, "accesses": 10, "row_hits": 8, "busy_bank_cycles": 60,
                "busy_cycles": 20, "data_bus_cycles": 25, "cycles": 50, "prefetches": 2},
      "bridge0": {"external_bytes": 128}},
    "blocks": {"bridge1": {"external_bytes": 32}}})");
  const json t = warpsim::computeTotals(run);
  CHECK(t["complete"] == true);
  CHECK(t["kernels_finished"] == 2);
  CHECK(t["cycles"] == 100.0);
  CHECK(t["ipc"] == 10.0);
  CHECK(t["warp_ipc"] == 0.4);
  CHECK(t["sms"] == 2.0);
  CHECK(t["sm_cycles"]["sm_cycles"] == 200.0);  // sm_total is not an SM
  CHECK(t["sm_cycles"]["shares"]["issued"] == 0.2);
  CHECK(t["sm_cycles"]["shares"]["memory_block"] == 0.7);
  CHECK(t["sm_cycles"]["shares"]["pipeline_stall"] == 0.05);
  CHECK(t["memory_requests"] == 10.0);
  CHECK(t["mean_load_latency"] == 100.0);
  CHECK(t["l1d"] == json{{"accesses", 20.0},
                         {"hits", 10.0},
                         {"misses", 9.0},
                         {"mshr_merges", 1.0},
                         {"hit_rate", 0.5},
                         {"miss_rate", 0.45},
                         {"mpki", 9.0}});
  CHECK(t["l1t"]["accesses"] == 0.0);
  CHECK(t["l1t"]["hit_rate"] == 0.0);  // nothing accessed: 0, not NaN
  CHECK(t["l2"]["miss_rate"] == Approx(6.0 / 9));
  CHECK(t["l2"]["mpki"] == 6.0);
  const json& d = t["dram"];
  CHECK(d["channel_bytes"] == 640.0);
  CHECK(d["external_bytes"] == 160.0);  // gpu.bridge0 and blocks.bridge1
  CHECK(d["bytes"] == 800.0);
  CHECK(d["bytes_per_cycle"] == 8.0);
  CHECK(d["gb_per_s"] == 8.0);  // 8 B per cycle at 1000 MHz
  CHECK(d["rbl"] == 0.8);
  CHECK(d["blp"] == 3.0);
  CHECK(d["data_bus_utilisation"] == 0.5);
  CHECK(d["prefetches"] == 2.0);

  // The summary prints these figures, including the external memory's share.
  json withTotals = run;
  withTotals["platform"] = "p";
  withTotals["workload"] = "w";
  withTotals["policy"] = "lrr";
  withTotals["totals"] = t;
  std::ostringstream os;
  warpsim::printSummary(os, withTotals, 0);
  CHECK_THAT(os.str(), Catch::Contains("IPC (thread inst/cycle)       10.00"));
  CHECK_THAT(os.str(), Catch::Contains("L1D                  hit rate 50.0%, 9.00 misses"));
  CHECK_THAT(os.str(), Catch::Contains("DRAM traffic                    800 B  (8.0 B per core "
                                       "cycle, 8.0 GB/s; 160 B to external memory)"));
  CHECK_THAT(os.str(), Catch::Contains("RBL 80.0%, BLP 3.00 banks, data bus busy 50.0%"));
  CHECK_THAT(os.str(), !Catch::Contains("WARNING"));
}

TEST_CASE("totals: a platform's totals are its gpu tree's sums, and the CSV carries them") {
  ScratchDir dir;
  const ToolRun r =
      runFermi("--workload graph --stats " + dir.file("s.json") + " --csv " + dir.file("s.csv"));
  REQUIRE(r.exitCode == 0);
  const json s = readJson(dir.file("s.json"));
  const json& t = s["totals"];
  CHECK(t["complete"] == true);
  CHECK_FALSE(s.contains("stopped_early"));
  CHECK(t["cycles"] == s["cycles"].get<double>());
  CHECK(t["ipc"].get<double>() == s["ipc"].get<double>());
  const double threads = s["thread_instructions"].get<double>();
  CHECK(t["l1d"]["accesses"] == smSum(s, "l1d", "accesses"));
  CHECK(t["l1d"]["misses"] == smSum(s, "l1d", "misses"));
  CHECK(t["l1d"]["mpki"].get<double>() ==
        Approx(1000 * smSum(s, "l1d", "misses") / threads).epsilon(1e-12));
  CHECK(t["l2"]["hits"] == prefixSum(s, "l2_", "hits"));
  CHECK(t["l2"]["hit_rate"].get<double>() ==
        Approx(prefixSum(s, "l2_", "hits") / prefixSum(s, "l2_", "accesses")).epsilon(1e-12));
  CHECK(t["dram"]["bytes"] == prefixSum(s, "part", "bytes"));
  CHECK(t["dram"]["external_bytes"] == 0.0);
  CHECK(t["dram"]["blp"].get<double>() ==
        Approx(prefixSum(s, "part", "busy_bank_cycles") / prefixSum(s, "part", "busy_cycles"))
            .epsilon(1e-12));
  CHECK(t["sm_cycles"]["sm_cycles"] == s["gpu"]["sm_total"]["sm_cycles"].get<double>());
  CHECK(t["sm_cycles"]["shares"]["memory_block"].get<double>() ==
        Approx(smSum(s, "", "memory_block_cycles") / smSum(s, "", "cycles")).epsilon(1e-12));

  const std::string csv = readFile(dir.file("s.csv"));
  CHECK_THAT(csv, Catch::Contains("\ntotals.ipc," + t["ipc"].dump() + "\n"));
  CHECK_THAT(csv, Catch::Contains("\ntotals.l2.mpki," + t["l2"]["mpki"].dump() + "\n"));
  CHECK_THAT(csv, Catch::Contains("\ntotals.complete,true\n"));
  CHECK_THAT(csv, Catch::Contains("\ngpu.sm_total.ipc_per_sm,"));

  // The summary shows the same figures.
  CHECK_THAT(r.out, Catch::Contains(
                        fmt::format("IPC (thread inst/cycle) {:>11.2f}", t["ipc"].get<double>())));
  CHECK_THAT(r.out, Catch::Contains(fmt::format(
                        "L2                   hit rate {:.1f}%, {:.2f} misses",
                        100 * t["l2"]["hit_rate"].get<double>(), t["l2"]["mpki"].get<double>())));
}

TEST_CASE("csv: rows sort naturally, sm2 before sm10") {
  ScratchDir dir;
  const ToolRun r =
      runFermi("--workload stream --set gpu.sms=11 --quiet --csv " + dir.file("s.csv"));
  REQUIRE(r.exitCode == 0);
  const std::string csv = readFile(dir.file("s.csv"));
  const auto sm2 = csv.find("\ngpu.sm2.cycles,");
  const auto sm10 = csv.find("\ngpu.sm10.cycles,");
  const auto total = csv.find("\ngpu.sm_total.sm_cycles,");
  REQUIRE(sm2 != std::string::npos);
  REQUIRE(sm10 != std::string::npos);
  CHECK(sm2 < sm10);
  CHECK(sm10 < total);
}

TEST_CASE("accelsim format: GPGPU-Sim's names, one block per kernel, totals up to its end") {
  ScratchDir dir;
  REQUIRE(runFermi("--workload stencil --quiet --stats " + dir.file("s.json")).exitCode == 0);
  const ToolRun r =
      runFermi("--workload stencil --quiet --stats-format accelsim --stats " + dir.file("s.txt"));
  REQUIRE(r.exitCode == 0);
  const json s = readJson(dir.file("s.json"));
  const std::string text = readFile(dir.file("s.txt"));
  const auto blocks = accelsimBlocks(text);
  REQUIRE(blocks.size() == 4);  // stencil's four kernels
  std::uint64_t insn = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    INFO("kernel " << k);
    const json& kj = s["kernels"][k];
    insn += kj["thread_instructions"].get<std::uint64_t>();
    CHECK(blocks[k].at("kernel_name") == kj["name"].get<std::string>());
    CHECK(blocks[k].at("kernel_launch_uid") == std::to_string(k + 1));
    CHECK(blocks[k].at("gpu_sim_cycle") == kj["cycles"].dump());
    CHECK(blocks[k].at("gpu_sim_insn") == kj["thread_instructions"].dump());
    CHECK(
        blocks[k].at("gpu_tot_sim_cycle") ==
        std::to_string(kj["start_cycle"].get<std::uint64_t>() + kj["cycles"].get<std::uint64_t>()));
    CHECK(blocks[k].at("gpu_tot_sim_insn") == std::to_string(insn));
  }
  const auto v = accelsimValues(text);  // the last block: the whole run
  const json& t = s["totals"];
  CHECK(v.at("gpu_tot_sim_cycle") == s["cycles"].dump());
  CHECK(v.at("gpu_tot_sim_insn") == s["thread_instructions"].dump());
  CHECK(v.at("gpu_tot_ipc") == fmt::format("{:.4f}", t["ipc"].get<double>()));
  CHECK(v.at("gpgpu_n_tot_w_icount") == s["warp_instructions"].dump());
  CHECK(v.at("gpu_tot_issued_cta") == s["gpu"]["dispatcher"]["ctas_launched"].dump());
  CHECK(v.at("L1D_total_cache_accesses") ==
        fmt::format("{:.0f}", t["l1d"]["accesses"].get<double>()));
  CHECK(v.at("L1D_total_cache_misses") == fmt::format("{:.0f}", t["l1d"]["misses"].get<double>()));
  CHECK(v.at("L1D_total_cache_miss_rate") ==
        fmt::format("{:.4f}", t["l1d"]["miss_rate"].get<double>()));
  CHECK(v.at("L1D_total_cache_pending_hits") ==
        fmt::format("{:.0f}", t["l1d"]["mshr_merges"].get<double>()));
  CHECK(v.at("L2_total_cache_accesses") ==
        fmt::format("{:.0f}", t["l2"]["accesses"].get<double>()));
  CHECK(v.at("L2_total_cache_misses") == fmt::format("{:.0f}", t["l2"]["misses"].get<double>()));
  CHECK(v.count("L1I_total_cache_accesses") == 0);  // no instruction cache on fermi
  CHECK_THAT(text, Catch::StartsWith("# warpsim fermi: workload stencil (size 1)"));
}

TEST_CASE("stats format: an unknown value names the option and the allowed values") {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload stream --stats-format xml --stats " + dir.file("s"));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("--stats-format = 'xml'"));
  CHECK_THAT(r.err, Catch::Contains("allowed: json, accelsim"));
  CHECK(dir.entries().empty());
  CHECK(r.out.empty());  // rejected before the run
}

TEST_CASE("cycle limit before any kernel finished: warned, marked, figures over its cycles") {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload stream --max-cycles 20 --stats " + dir.file("s.json") +
                             " --csv " + dir.file("s.csv"));
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("WARNING: stopped by the cycle limit (sim.max_cycles = 20) "
                                    "before any kernel finished"));
  const json s = readJson(dir.file("s.json"));
  CHECK(s["outcome"] == "cycle limit reached");
  CHECK_THAT(s["stopped_early"].get<std::string>(), Catch::Contains("before any kernel"));
  const json& t = s["totals"];
  CHECK(t["complete"] == false);
  CHECK(t["kernels_finished"] == 0);
  CHECK(t["cycles"] == 20.0);
  CHECK(t["ipc"].get<double>() == s["thread_instructions"].get<double>() / 20);
  CHECK(t["sm_cycles"]["sm_cycles"] == 2 * 20.0);  // two SMs, every simulated cycle
  CHECK_THAT(readFile(dir.file("s.csv")), Catch::Contains("\ntotals.complete,false\n"));

  const ToolRun a = runFermi(
      "--workload stream --max-cycles 20 --quiet --stats-format accelsim "
      "--stats " +
      dir.file("a.txt"));
  REQUIRE(a.exitCode == 0);
  const auto blocks = accelsimBlocks(readFile(dir.file("a.txt")));
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].at("kernel_name") == "(unfinished: cycle limit reached)");
  CHECK(blocks[0].at("gpu_sim_cycle") == "20");
  CHECK(blocks[0].at("gpu_tot_sim_cycle") == "20");
  CHECK(blocks[0].at("gpu_tot_sim_insn") == s["thread_instructions"].dump());
}

TEST_CASE("cycle limit after a kernel finished: warned with the kernels done") {
  ScratchDir dir;
  const json full = [&] {
    REQUIRE(runFermi("--workload stencil --quiet --stats " + dir.file("f.json")).exitCode == 0);
    return readJson(dir.file("f.json"));
  }();
  const std::uint64_t limit = full["kernels"][0]["cycles"].get<std::uint64_t>() + 5;
  const ToolRun r = runFermi("--workload stencil --max-cycles " + std::to_string(limit) +
                             " --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("WARNING: stopped by the cycle limit") &&
                        Catch::Contains("after 1 finished kernel(s)"));
  const json s = readJson(dir.file("s.json"));
  CHECK(s["totals"]["kernels_finished"] == 1);
  CHECK(s["totals"]["cycles"] == double(limit));
}

TEST_CASE("takeStatsOptions: the statistics options of an sc_main of your own") {
  std::vector<std::string> args{"builtin", "--stats",        "a.json",  "--csv=b.csv",
                                "x",       "--stats-format", "accelsim"};
  const warpsim::StatsFiles f = warpsim::takeStatsOptions(args);
  CHECK(f.statsPath == "a.json");
  CHECK(f.csvPath == "b.csv");
  CHECK(f.format == warpsim::StatsFormat::Accelsim);
  CHECK(args == std::vector<std::string>{"builtin", "x"});  // the rest, in order

  std::vector<std::string> none{"gpu-only"};
  const warpsim::StatsFiles d = warpsim::takeStatsOptions(none);
  CHECK(d.statsPath.empty());
  CHECK(d.format == warpsim::StatsFormat::Json);

  std::vector<std::string> missing{"--stats"};
  CHECK_THROWS_WITH(warpsim::takeStatsOptions(missing),
                    "command line: --stats needs a value (a file name)");
  std::vector<std::string> bad{"--stats-format=csv"};
  CHECK_THROWS_WITH(warpsim::takeStatsOptions(bad),
                    "command line: --stats-format = 'csv': not a statistics format; allowed: "
                    "json, accelsim");
}
