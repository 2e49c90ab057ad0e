// Same config + same workload = bit-identical statistics (doc/architecture.md section 2).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

// Runs `tool` twice with `args` and returns the two stats files' contents.
std::pair<std::string, std::string> twice(const std::string& tool, const std::string& args,
                                          const std::string& secondExtra = "") {
  ScratchDir dir;
  const ToolRun a = runTool(tool, args + " --stats " + dir.file("a.json"));
  const ToolRun b = runTool(tool, args + " " + secondExtra + " --stats " + dir.file("b.json"));
  REQUIRE(a.exitCode == 0);
  REQUIRE(b.exitCode == 0);
  return {readFile(dir.file("a.json")), readFile(dir.file("b.json"))};
}

}  // namespace

TEST_CASE("determinism: two fermi runs of graph write byte-identical statistics") {
  const auto [a, b] =
      twice("warpsim-fermi", "--workload graph --set workload.size=1 --set gpu.sms=2");
  CHECK(a.size() > 1000);
  CHECK(a == b);
}

TEST_CASE("determinism: two owl28 runs of thrash write byte-identical statistics") {
  const auto [a, b] = twice("warpsim-owl28", "--workload thrash --set workload.size=1");
  CHECK(a.size() > 1000);
  CHECK(a == b);
}

TEST_CASE("determinism: two ccws30 runs of ctareuse under CCWS write byte-identical statistics") {
  const auto [a, b] =
      twice("warpsim-ccws30", "--workload ctareuse --set workload.size=1 --set sched.policy=ccws");
  CHECK(a.size() > 1000);
  CHECK(a == b);
}

TEST_CASE("determinism: ticking every block every edge (sim.tick_all) changes no statistic") {
  const auto [skipping, all] =
      twice("warpsim-fermi", "--workload stencil --set workload.size=1 --set gpu.sms=2",
            "--set sim.tick_all=true");
  CHECK(skipping == all);
}

TEST_CASE("determinism: sim.tick_all changes no statistic with the predictors and prefetcher on") {
  const auto [skipping, all] = twice("warpsim-fermi",
                                     "--workload stream --set workload.size=8 --set gpu.sms=4 "
                                     "--set predictor.enable=true --set predictor.kind=all "
                                     "--set predictor.prefetch=true",
                                     "--set sim.tick_all=true");
  CHECK(skipping.find("\"prefetch\"") != std::string::npos);
  CHECK(skipping == all);
}

TEST_CASE("determinism: the address predictors only observe: every other statistic is unchanged") {
  const auto [off, on] =
      twice("warpsim-fermi", "--workload scalarprod --set workload.size=2 --set gpu.sms=4",
            "--set predictor.enable=true --set predictor.kind=all");
  nlohmann::json a = nlohmann::json::parse(off), b = nlohmann::json::parse(on);
  REQUIRE(b["gpu"].contains("predictor"));
  b["gpu"].erase("predictor");
  for (auto& k : b["kernels"]) k["stats"]["gpu"].erase("predictor");
  CHECK(a["cycles"].get<std::uint64_t>() > 0);
  CHECK(a == b);
}

TEST_CASE("determinism: sim.tick_all changes no statistic on owl28's mesh") {
  const auto [skipping, all] =
      twice("warpsim-owl28", "--workload stencil --set workload.size=1", "--set sim.tick_all=true");
  CHECK(skipping.find("\"links\"") != std::string::npos);
  CHECK(skipping == all);
}

TEST_CASE("determinism: sim.tick_all changes no statistic with the GDDR prefetcher on") {
  const auto [skipping, all] = twice("warpsim-owl28",
                                     "--workload stencil --set workload.size=1 --set gpu.sms=2 "
                                     "--set dram.prefetch=opportunistic",
                                     "--set sim.tick_all=true");
  CHECK(skipping == all);
}

// Each platform's sc_main binds the blocks itself; warpsim-bench runs the same platform on
// Gpu::standardAssembly. The two must be the same machine.
TEST_CASE("determinism: each platform's own assembly gives the standard assembly's statistics") {
  for (const std::string platform : {"fermi", "owl28", "ccws30"}) {
    ScratchDir dir;
    const std::string args = "--workload stencil --set workload.size=1 --set gpu.sms=4 --stats ";
    const ToolRun own = runTool("warpsim-" + platform, args + dir.file("own.json"));
    const ToolRun standard =
        runTool("warpsim-bench", "--platform " + platform + " " + args + dir.file("std.json"));
    REQUIRE(own.exitCode == 0);
    REQUIRE(standard.exitCode == 0);
    const std::string a = readFile(dir.file("own.json")), b = readFile(dir.file("std.json"));
    CHECK(a.find("\"platform\": \"" + platform + "\"") != std::string::npos);
    CHECK(a == b);
  }
}
