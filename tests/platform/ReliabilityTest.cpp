// Clean failure (doc/reliability.md): the conservation check at the end of a run, and runs
// interrupted by SIGINT or SIGTERM or killed outright.
#include <catch2/catch.hpp>

#include <tlm_utils/simple_target_socket.h>
#include <iostream>
#include <memory>
#include <sstream>

#include "PlatformTestSupport.h"
#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// External memory (dram.model=external) that answers reads at once and takes writes without
// ever acknowledging them: the fault of a memory that drops responses to posted writes, which
// no warp waits for.
struct AckDroppingMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<AckDroppingMemory> socket;
  std::uint64_t dropped = 0;
  explicit AckDroppingMemory(sc_core::sc_module_name n) : sc_core::sc_module(n), socket("socket") {
    socket.register_nb_transport_fw(this, &AckDroppingMemory::fw);
  }
  tlm::tlm_sync_enum fw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    if (!p.is_write()) return tlm::TLM_COMPLETED;
    ++dropped;
    phase = tlm::END_REQ;  // taken; its response never comes
    return tlm::TLM_UPDATED;
  }
};

}  // namespace

TEST_CASE("reliability: a memory that drops write acknowledgements fails the conservation check") {
  std::vector<std::unique_ptr<AckDroppingMemory>> memories;
  const auto assemble = [&memories](Gpu& gpu) {
    Gpu::standardAssembly(gpu);
    for (std::uint32_t p = 0; p < gpu.addressMap().partitions(); ++p) {
      memories.push_back(std::make_unique<AckDroppingMemory>(("mem" + std::to_string(p)).c_str()));
      gpu.memorySocket(p).bind(memories.back()->socket);
    }
  };
  ScratchDir dir;
  const std::string stats = dir.file("s.json");
  const char* argv[] = {"warpsim-fermi",
                        "--workload",
                        "stream",
                        "--set",
                        "workload.size=1",
                        "--set",
                        "gpu.sms=2",
                        "--set",
                        "dram.model=external",
                        "--set",
                        "l2.write_policy=write-through",
                        "--stats",
                        stats.c_str()};
  std::ostringstream err;
  std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
  const RunResult r =
      runPlatform(*findPlatform("fermi"), 13, argv, Registries::builtins(), assemble);
  std::cerr.rdbuf(old);
  std::uint64_t dropped = 0;
  for (const auto& m : memories) dropped += m->dropped;
  INFO(err.str());
  REQUIRE(dropped > 0);
  CHECK(r.exitCode == 3);
  CHECK_THAT(err.str(), Catch::StartsWith("warpsim: conservation check failed at the end of the "
                                          "run (finished: every block must be empty):\n"));
  // Each slice that wrote: its writes sent below outnumber the answers, by what was dropped.
  CHECK_THAT(err.str(), Catch::Contains("gpu.l2_0: requests sent below = "));
  CHECK_THAT(err.str(), Catch::Contains("gpu.payloads: handed out = "));
  CHECK_THAT(err.str(), Catch::EndsWith("warpsim-fermi: stopped: conservation check failed; no "
                                        "statistics written\n"));
  CHECK(dir.entries().empty());
}

namespace {

// Starts fermi on a run of several seconds, sends `signal` after a second, and returns its exit.
ToolRun interruptedRun(const std::string& signal, const ScratchDir& dir) {
  const std::string run = std::string(WARPSIM_BIN_DIR) +
                          "/warpsim-fermi --quiet --workload graph --set workload.size=4096 "
                          "--stats " +
                          dir.file("s.json") + " --csv " + dir.file("s.csv");
  return runCommand("sh -c '" + run + " & pid=$!; sleep 1; kill -" + signal +
                    " $pid; wait $pid; echo $?'");
}

}  // namespace

TEST_CASE("reliability: SIGINT writes the statistics reached, marked interrupted, and exits 130") {
  ScratchDir dir;
  const ToolRun r = interruptedRun("INT", dir);
  CHECK(r.out == "130\n");
  CHECK_THAT(r.err, Catch::Contains("warpsim-fermi: interrupted by SIGINT at core cycle "));
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["outcome"] == "interrupted");
  CHECK(s["cycles"].get<std::uint64_t>() > 0);
  CHECK(s["warp_instructions"].get<std::uint64_t>() > 0);
  CHECK_THAT(s["stopped_early"].get<std::string>(),
             Catch::StartsWith("interrupted (SIGINT or SIGTERM) at core cycle "));
  CHECK_THAT(readFile(dir.file("s.csv")), Catch::Contains("\noutcome,interrupted\n"));
}

TEST_CASE("reliability: SIGTERM does the same and exits 143") {
  ScratchDir dir;
  const ToolRun r = interruptedRun("TERM", dir);
  CHECK(r.out == "143\n");
  CHECK_THAT(r.err, Catch::Contains("interrupted by SIGTERM"));
  CHECK(readJson(dir.file("s.json"))["outcome"] == "interrupted");
}

TEST_CASE("reliability: a killed run leaves no statistics file") {
  ScratchDir dir;
  const ToolRun r = interruptedRun("KILL", dir);
  CHECK(r.out == "137\n");
  CHECK(dir.entries().empty());
}

TEST_CASE("reliability: a finished run's CSV says so") {
  ScratchDir dir;
  REQUIRE(runFermi("--quiet --csv " + dir.file("s.csv")).exitCode == 0);
  CHECK_THAT(readFile(dir.file("s.csv")), Catch::Contains("\noutcome,finished\n"));
}
