// How a platform run ends: finished, stopped at --max-cycles, stopped by the watchdog, or a
// deadlock; exit codes, messages and what gets written.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <iostream>
#include <regex>
#include <sstream>

#include "PlatformTestSupport.h"
#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("run: a legitimate run with a tight but sufficient watchdog window finishes") {
  // fermi's DRAM round trip is well under 1000 core cycles: a 1000-cycle window never runs out.
  ScratchDir dir;
  const ToolRun r =
      runFermi("--workload graph --set sim.watchdog_cycles=1000 --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 0);
  CHECK(r.err.empty());
  CHECK(readJson(dir.file("s.json"))["outcome"] == "finished");
}

TEST_CASE("run: a watchdog window shorter than a DRAM round trip stops the run with exit 3") {
  ScratchDir dir;
  const ToolRun r =
      runFermi("--workload graph --set dram.model=fixed --set sim.watchdog_cycles=100 --stats " +
               dir.file("s.json"));
  CHECK(r.exitCode == 3);
  CHECK_THAT(r.err, Catch::StartsWith("warpsim: no progress: no instruction issued and no request "
                                      "moved for 100 core cycles (sim.watchdog_cycles), at core "
                                      "cycle "));
  CHECK_THAT(r.err, Catch::Contains("\n--- who waits on what ---\ngpu.dispatcher: kernel 0 "
                                    "'graph': 4/4 CTAs launched, 0 finished"));
  CHECK_THAT(r.err, Catch::Contains("\n--- end of dump ---\n"));
  CHECK_THAT(r.err, Catch::EndsWith(": stopped: no progress (watchdog); no statistics written\n"));
  CHECK(dir.entries().empty());
}

TEST_CASE("run: the watchdog's message gives the cycle it fired at, past the window") {
  const ToolRun r =
      runFermi("--workload graph --set dram.model=fixed --set sim.watchdog_cycles=100");
  REQUIRE(r.exitCode == 3);
  std::smatch m;
  REQUIRE(std::regex_search(r.err, m, std::regex("at core cycle ([0-9]+)")));
  // No progress for 100 cycles cannot have been seen before cycle 100.
  const std::uint64_t at = std::stoull(m[1]);
  CHECK(at > 100);
}

TEST_CASE("run: --max-cycles stops the run at exactly that many cycles") {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload stream --max-cycles 1000 --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 0);
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["outcome"] == "cycle limit reached");
  CHECK(s["cycles"] == 1000);
  CHECK(s["gpu"]["sm0"]["cycles"] == 1000);
  CHECK(s["warp_instructions"].get<std::uint64_t>() < 1664);
}

TEST_CASE("run: --quiet prints nothing but errors") {
  const ToolRun r = runFermi("--workload stream --quiet");
  CHECK(r.exitCode == 0);
  CHECK(r.out.empty());
  CHECK(r.err.empty());
}

TEST_CASE("run: the summary names the platform, workload, policy and outcome") {
  const ToolRun r = runFermi("--workload stream");
  CHECK(r.exitCode == 0);
  const auto ls = lines(r.out);
  REQUIRE(ls.size() >= 3);
  CHECK(ls[0] == "warpsim fermi: workload stream (size 1), policy lrr: finished");
  CHECK(ls[2] == "  warp instructions              1664");
}

TEST_CASE("run: the summary's DRAM line gives RBL, BLP and bus use as the stats JSON has them") {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload stream --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  const nlohmann::json gpu = readJson(dir.file("s.json"))["gpu"];
  // BLP as each channel's `blp` (models/dram/README.md): busy bank cycles / cycles with a bank
  // busy, over all channels.
  double hits = 0, accesses = 0, busy = 0, busyCycles = 0, bus = 0, cycles = 0;
  for (const auto& [name, p] : gpu.items()) {
    if (name.rfind("part", 0) != 0) continue;
    hits += p["row_hits"].get<double>();
    accesses += p["accesses"].get<double>();
    busy += p["busy_bank_cycles"].get<double>();
    busyCycles += p["busy_cycles"].get<double>();
    bus += p["data_bus_cycles"].get<double>();
    cycles += p["cycles"].get<double>();
  }
  REQUIRE(accesses > 0);
  const std::string expected = fmt::format(
      "  DRAM                 RBL {:.1f}%, BLP {:.2f} banks, data bus busy {:.1f}%, 0 "
      "prefetches",
      100 * hits / accesses, busy / busyCycles, 100 * bus / cycles);
  const auto ls = lines(r.out);
  CHECK(std::find(ls.begin(), ls.end(), expected) != ls.end());
}

namespace {

// Orders nothing: no warp ever issues, so the GPU runs out of work without finishing.
class StuckPolicy : public IWarpSchedulingPolicy {
 public:
  void order(const SchedView&, std::uint64_t, std::vector<WarpId>& out) override { out.clear(); }
};

}  // namespace

TEST_CASE("run: a deadlocked run exits 3 with the dump and writes no statistics") {
  PolicyRegistry reg = PolicyRegistry::withBuiltins();
  reg.add("stuck", "issues nothing",
          [](const PolicyContext&) { return std::make_unique<StuckPolicy>(); });
  ScratchDir dir;
  const std::string stats = dir.file("s.json");
  const char* argv[] = {"warpsim-fermi",   "--workload", "stream",     "--set",
                        "workload.size=1", "--set",      "gpu.sms=2",  "--sched",
                        "stuck",           "--stats",    stats.c_str()};
  std::ostringstream err;
  std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
  const RunResult r = runPlatform(*findPlatform("fermi"), 11, argv, reg);
  std::cerr.rdbuf(old);
  CHECK(r.exitCode == 3);
  CHECK(r.simulated);
  CHECK(r.warpInstructions == 0);
  CHECK_THAT(err.str(), Catch::StartsWith("warpsim: no progress: every block is asleep and "
                                          "nothing is scheduled, at core cycle "));
  CHECK_THAT(err.str(), Catch::Contains("gpu.sm0: 32 resident warps\n"));
  CHECK_THAT(err.str(), Catch::EndsWith("warpsim-fermi: stopped: deadlock (nothing left to run); "
                                        "no statistics written\n"));
  CHECK(dir.entries().empty());
}

TEST_CASE("run: the finished function sees the live Gpu and the statistics, and sets the exit") {
  ScratchDir dir;
  const std::string stats = dir.file("s.json");
  const char* argv[] = {"warpsim-fermi",   "--quiet", "--workload", "stream",  "--set",
                        "workload.size=1", "--set",   "gpu.sms=2",  "--stats", stats.c_str()};
  int calls = 0;
  std::uint64_t cycles = 0, accesses = 0;
  const RunResult r =
      runPlatform(*findPlatform("fermi"), 10, argv, Registries::builtins(), {},
                  [&](Gpu& gpu, RunResult& result) {
                    ++calls;
                    cycles = gpu.cycles();
                    accesses = result.stats["gpu"]["l2_0"]["accesses"].get<std::uint64_t>();
                    CHECK(readJson(stats) == result.stats);  // already written
                    result.exitCode = 7;
                  });
  CHECK(calls == 1);
  CHECK(r.exitCode == 7);
  CHECK(r.simulated);
  CHECK(cycles == r.cycles);
  CHECK(accesses > 0);
}

TEST_CASE(
    "run: the finished function is not called without statistics, and its error is the run's") {
  int calls = 0;
  const auto count = [&calls](Gpu&, RunResult&) { ++calls; };
  const char* help[] = {"warpsim-fermi", "--help-config"};
  std::ostringstream out;
  std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
  CHECK(runPlatform(*findPlatform("fermi"), 2, help, Registries::builtins(), {}, count).exitCode ==
        0);
  std::cout.rdbuf(oldOut);
  CHECK(calls == 0);

  const char* argv[] = {"warpsim-fermi",   "--quiet", "--set",
                        "workload.size=1", "--set",   "gpu.sms=1"};
  std::ostringstream err;
  std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
  const RunResult r = runPlatform(*findPlatform("fermi"), 6, argv, Registries::builtins(), {},
                                  [](Gpu&, RunResult&) { throw ConfigError("my check failed"); });
  std::cerr.rdbuf(oldErr);
  CHECK(r.exitCode == 1);
  CHECK(err.str() == "warpsim-fermi: error: my check failed\n");
}

TEST_CASE("run: a deadlock is reported with a time series on and the watchdog off") {
  PolicyRegistry reg = PolicyRegistry::withBuiltins();
  reg.add("stuck", "issues nothing",
          [](const PolicyContext&) { return std::make_unique<StuckPolicy>(); });
  ScratchDir dir;
  const std::string series = dir.file("s.csv");
  // The sampler keeps itself scheduled; it must not keep a stuck GPU running for ever.
  const char* argv[] = {"warpsim-fermi", "--workload",      "stream",
                        "--set",         "workload.size=1", "--set",
                        "gpu.sms=2",     "--set",           "sim.watchdog_cycles=0",
                        "--sched",       "stuck",           "--sample-every",
                        "100",           "--series",        series.c_str()};
  std::ostringstream err;
  std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
  const RunResult r = runPlatform(*findPlatform("fermi"), 15, argv, reg);
  std::cerr.rdbuf(old);
  CHECK(r.exitCode == 3);
  CHECK_THAT(err.str(), Catch::Contains("every block is asleep and nothing is scheduled"));
  CHECK(dir.entries().empty());
}

TEST_CASE("run: a cycle limit past the run's last cycle does not cut the drain that follows it") {
  // stream at size 1 finishes at core cycle 2847 with posted writes still in flight; the
  // memory system drains them after the run (doc/reliability.md), past a limit of 3000.
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-fermi",
                            "--workload stream --set workload.size=1 "
                            "--max-cycles 3000 --quiet --stats " +
                                dir.file("s.json"));
  CHECK(r.err.empty());
  REQUIRE(r.exitCode == 0);
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["outcome"] == "finished");
  CHECK(s["cycles"] == 2847);
}
