// Options at and past the ends of their ranges (issue 20): past them, a config error naming the
// option, the value and what is allowed, with exit code 1; at them, a run that finishes.
#include <catch2/catch.hpp>

#include <string>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

const std::string kProgram = std::string(WARPSIM_BIN_DIR) + "/warpsim-fermi";

// Runs fermi (2 SMs, size 1) with `args`; checks it failed with exit 1 and wrote no statistics.
std::string failingRun(const std::string& args) {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload stream " + args + " --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 1);
  CHECK(r.out.empty());
  CHECK(dir.entries().empty());
  return r.err;
}

// Runs fermi (2 SMs, size 1) with `args`; the statistics of a run that must exit with 0.
nlohmann::json finishedRun(const std::string& args) {
  ScratchDir dir;
  const ToolRun r =
      runFermi("--quiet --workload stream " + args + " --stats " + dir.file("s.json"));
  INFO(args << "\n" << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.err.empty());
  return readJson(dir.file("s.json"));
}

const std::string kFreqAllowed =
    "allowed: a frequency in MHz with optional unit MHz or GHz (e.g. 700, 1.4GHz), between 1 and "
    "10000\n";

}  // namespace

TEST_CASE("option limits: a 700 THz core clock is a config error naming the range") {
  CHECK(failingRun("--set clock.core=700000000") ==
        kProgram + ": error: --set: clock.core = '700000000': above the maximum 10000; " +
            kFreqAllowed);
}

TEST_CASE("option limits: a 1 kHz DRAM clock is a config error naming the range") {
  CHECK(failingRun("--set clock.dram=1kHz") ==
        kProgram + ": error: --set: clock.dram = '1kHz': below the minimum 1; " + kFreqAllowed);
}

TEST_CASE("option limits: clocks at the ends of their range run to the end") {
  for (const std::string clocks :
       {"--set clock.core=1 --set clock.icnt=1 --set clock.l2=1 --set clock.dram=1",
        "--set clock.core=10GHz --set clock.icnt=10GHz --set clock.l2=10GHz "
        "--set clock.dram=10GHz",
        "--set clock.core=1MHz --set clock.icnt=10GHz --set clock.l2=10GHz "
        "--set clock.dram=10GHz",
        "--set clock.core=10GHz --set clock.icnt=100 --set clock.l2=100 --set clock.dram=100"}) {
    const nlohmann::json s = finishedRun(clocks);
    CHECK(s["outcome"] == "finished");
    CHECK(s["warp_instructions"].get<std::uint64_t>() > 0);
  }
}

TEST_CASE("option limits: a single L1D MSHR runs with the saturation threshold derived") {
  const nlohmann::json s = finishedRun("--set l1d.mshr_entries=1");
  CHECK(s["outcome"] == "finished");
  CHECK(finishedRun("--set l1d.miss_queue=1")["outcome"] == "finished");
}

TEST_CASE("option limits: a saturation threshold set above the MSHRs says what to set") {
  CHECK(failingRun("--set l1d.mshr_entries=1 --set l1d.saturation_threshold=2") ==
        kProgram +
            ": error: l1d.saturation_threshold = 2: must be below l1d.mshr_entries (1) and "
            "l1d.miss_queue (8), or the cache would always signal saturation; set "
            "l1d.saturation_threshold to at most 0 with them, or leave it unset to have it "
            "derived\n");
}

TEST_CASE("option limits: a cache of more than 2^20 lines is a config error, not gigabytes") {
  CHECK(failingRun("--set l1d.sets=1048576") ==
        kProgram +
            ": error: l1d.sets x l1d.ways = 1048576 x 4: more lines than the 1048576 a cache "
            "may hold; lower one of them\n");
  CHECK_THAT(failingRun("--set l2.sets=1048576 --set l2.ways=64"),
             Catch::Contains("l2.sets x l2.ways = 1048576 x 64: more lines than the 1048576"));
  CHECK_THAT(failingRun("--set sm.il1_sets=65536 --set sm.il1_ways=64"),
             Catch::Contains("sm.il1_sets x sm.il1_ways = 65536 x 64: more lines than the "
                             "1048576 a cache may hold"));
  CHECK(finishedRun("--set l1d.sets=262144")["outcome"] == "finished");  // 2^20 lines: allowed
}

TEST_CASE("option limits: cycle counts past 64 bits of picoseconds mean never, not a wrap") {
  // 16962226531038734656 x 1429 ps wraps to 1e6 ps (700 core cycles) in 64 bits.
  const nlohmann::json s = finishedRun("--set sim.max_cycles=16962226531038734656");
  CHECK(s["outcome"] == "finished");
  CHECK(s["cycles"].get<std::uint64_t>() < 100000);
  // A fixed DRAM latency of 2000 cycles outlasts a wrapped 700-cycle watchdog window.
  CHECK(finishedRun("--set dram.model=fixed --set dram.latency=2000 "
                    "--set sim.watchdog_cycles=16962226531038734656")["outcome"] == "finished");
}

TEST_CASE("option limits: a kernel launch latency the watchdog cannot span is a config error") {
  CHECK(failingRun("--set gpu.kernel_launch_latency=100000") ==
        kProgram +
            ": error: gpu.kernel_launch_latency = 100000: not below sim.watchdog_cycles = "
            "100000, so the watchdog would stop the run during every kernel launch; raise "
            "sim.watchdog_cycles above it, or set it to 0 (never)\n");
  const nlohmann::json s =
      finishedRun("--set gpu.kernel_launch_latency=100000000 --set sim.watchdog_cycles=100000001");
  CHECK(s["outcome"] == "finished");
  CHECK(s["cycles"].get<std::uint64_t>() > 100000000);
}

TEST_CASE("option limits: a configuration too large for memory is a one-line error, exit 1") {
  // 1024 SMs with an L1D of 2^20 lines each: tens of GiB, under a 2 GB address-space limit.
  const ToolRun r = runCommand("ulimit -v 2000000; " + kProgram +
                               " --workload stream --set workload.size=1 --set gpu.sms=1024 "
                               "--set l1d.sets=262144");
  CHECK(r.exitCode == 1);
  CHECK(r.out.empty());
  CHECK(r.err == kProgram +
                     ": error: out of memory building or running the GPU: the configuration asks "
                     "for more (SMs, partitions, cache lines, queue and table entries) than this "
                     "machine has\n");
}

TEST_CASE("option limits: a pointer chase of days is a config error") {
  const ToolRun r = runFermi(
      "--workload pchase --set workload.pchase_footprint=256MiB --set workload.pchase_stride=1");
  CHECK(r.exitCode == 1);
  CHECK(r.err == kProgram +
                     ": error: workload 'pchase': 1 passes x footprint 268435456 B / stride 1 B = "
                     "268435456 dependent loads; allowed: at most 16777216 (fewer passes, "
                     "workload.size, or a larger workload.pchase_stride)\n");
}
