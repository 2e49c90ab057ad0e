// CCWS on the ccws30 platform: the victim tag array's hits reach the policy, which withholds
// loads, and idle skipping stays exact while scores decay (sim.tick_all).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {
const std::string kGraph =
    "--workload graph --set workload.size=4 --set gpu.sms=2 --set sched.policy=ccws";
}

TEST_CASE("ccws run: VTA hits raise scores and withhold loads on graph") {
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-ccws30", kGraph + " --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  const auto s = nlohmann::json::parse(readFile(dir.file("s.json")));
  const auto& c = s["gpu"]["sm0"]["sched0"]["ccws"];
  CHECK(c["vta_hits"].get<std::uint64_t>() > 100);
  CHECK(c["score_raises"].get<std::uint64_t>() > 100);
  CHECK(c["load_refusals"].get<std::uint64_t>() > 1000);
  CHECK(c["instructions"].get<std::uint64_t>() ==
        s["gpu"]["sm0"]["sched0"]["memory_instructions"].get<std::uint64_t>() +
            s["gpu"]["sm0"]["sched0"]["compute_instructions"].get<std::uint64_t>());
}

TEST_CASE("ccws run: sim.tick_all changes no statistic while scores decay") {
  ScratchDir dir;
  const ToolRun a = runTool("warpsim-ccws30", kGraph + " --stats " + dir.file("a.json"));
  const ToolRun b =
      runTool("warpsim-ccws30", kGraph + " --set sim.tick_all=true --stats " + dir.file("b.json"));
  REQUIRE(a.exitCode == 0);
  REQUIRE(b.exitCode == 0);
  const std::string sa = readFile(dir.file("a.json"));
  CHECK(sa.find("\"load_refusals\"") != std::string::npos);
  CHECK(sa == readFile(dir.file("b.json")));
}
