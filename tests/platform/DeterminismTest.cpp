// Same config + same workload = bit-identical statistics (ARCHITECTURE.md section 2).
#include <catch2/catch.hpp>

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

TEST_CASE("determinism: ticking every block every edge (sim.tick_all) changes no statistic") {
  const auto [skipping, all] =
      twice("warpsim-fermi", "--workload stencil --set workload.size=1 --set gpu.sms=2",
            "--set sim.tick_all=true");
  CHECK(skipping == all);
}

TEST_CASE("determinism: sim.tick_all changes no statistic with the GDDR prefetcher on") {
  const auto [skipping, all] = twice("warpsim-owl28",
                                     "--workload stencil --set workload.size=1 --set gpu.sms=2 "
                                     "--set dram.prefetch=opportunistic",
                                     "--set sim.tick_all=true");
  CHECK(skipping == all);
}
