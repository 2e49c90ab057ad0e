// CCWS §4-5.1 helper programs: warpsim-best-swl (Best-SWL) and warpsim-belady (LRU and
// Belady-optimal replay of an L1D access trace written with l1d.trace).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {
const std::string kTiny = "--workload graph --set workload.size=1 --set gpu.sms=1";

std::uint64_t field(const std::string& out, const std::string& name) {
  const auto at = out.find(" " + name + " ");
  REQUIRE(at != std::string::npos);
  return std::stoull(out.substr(at + name.size() + 2));
}
}  // namespace

TEST_CASE("best-swl: sweeps limits 1..N and reports the one with the highest IPC") {
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-best-swl", kTiny + " --max 4 --json " + dir.file("b.json"));
  REQUIRE(r.exitCode == 0);
  const auto j = nlohmann::json::parse(readFile(dir.file("b.json")));
  REQUIRE(j["runs"].size() == 4);
  double best = 0;
  unsigned bestLimit = 0;
  for (const auto& run : j["runs"])
    if (run["ipc"].get<double>() > best) best = run["ipc"], bestLimit = run["limit"];
  CHECK(j["best_limit"] == bestLimit);
  CHECK(r.out.find("best swl_limit " + std::to_string(bestLimit)) != std::string::npos);
  // The reported IPC is that of a plain run with that limit.
  const ToolRun one =
      runTool("warpsim-ccws30", kTiny +
                                    " --set sched.policy=swl --set "
                                    "sched.swl_limit=" +
                                    std::to_string(bestLimit) + " --stats " + dir.file("one.json"));
  REQUIRE(one.exitCode == 0);
  CHECK(nlohmann::json::parse(readFile(dir.file("one.json")))["ipc"].get<double>() == best);
}

TEST_CASE("best-swl: an unknown platform is an error") {
  const ToolRun r = runTool("warpsim-best-swl", "--platform nope " + kTiny);
  CHECK(r.exitCode == 1);
  CHECK(r.err.find("--platform 'nope'") != std::string::npos);
}

TEST_CASE("belady: the trace of a run replays every L1D access, OPT misses no more than LRU") {
  ScratchDir dir;
  const ToolRun run = runTool("warpsim-ccws30",
                              "--workload graph --set workload.size=2 --set gpu.sms=2 "
                              "--set sched.policy=gto --set l1d.trace=" +
                                  dir.file("t.trc") + " --stats " + dir.file("s.json"));
  REQUIRE(run.exitCode == 0);
  const auto s = nlohmann::json::parse(readFile(dir.file("s.json")));
  const std::uint64_t accesses = s["gpu"]["sm0"]["l1d"]["accesses"].get<std::uint64_t>() +
                                 s["gpu"]["sm1"]["l1d"]["accesses"].get<std::uint64_t>();
  const ToolRun r = runTool("warpsim-belady", "--per-sm " + dir.file("t.trc"));
  REQUIRE(r.exitCode == 0);
  CHECK(field(r.out, "accesses") > 1000);
  const auto total = r.out.substr(r.out.find("total "));
  CHECK(field(total, "accesses") == accesses);
  CHECK(field(total, "thread_instructions") == s["thread_instructions"].get<std::uint64_t>());
  CHECK(field(total, "opt_misses") < field(total, "lru_misses"));
}

TEST_CASE("belady: a truncated trace is an error naming the file and offset, exit 1") {
  ScratchDir dir;
  std::ofstream(dir.file("bad.trc"), std::ios::binary) << "WSACTRC1";
  const ToolRun r = runTool("warpsim-belady", dir.file("bad.trc"));
  CHECK(r.exitCode == 1);
  CHECK(r.err.find(dir.file("bad.trc") + ": offset 8: truncated header") != std::string::npos);
}
