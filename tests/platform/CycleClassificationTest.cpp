// Every SM cycle falls in exactly one category (OWL section 3), on a compute-bound kernel
// (tile) and a memory-bound one (thrash), on fermi and ccws30.
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

void checkCategoriesSum(const std::string& tool, const std::string& workload) {
  ScratchDir dir;
  const ToolRun r = runTool(tool, "--workload " + workload +
                                      " --set workload.size=1 --set gpu.sms=3 --sched gto --quiet "
                                      "--stats " +
                                      dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  const nlohmann::json s = readJson(dir.file("s.json"));
  const nlohmann::json& t = s["gpu"]["sm_total"];
  std::uint64_t sum = 0;
  for (const char* c :
       {"issued_cycles", "memory_block_cycles", "no_warp_cycles", "scheduler_hold_cycles",
        "pipeline_stall_cycles", "dependency_stall_cycles"})
    sum += t[c].get<std::uint64_t>();
  CHECK(sum == t["sm_cycles"].get<std::uint64_t>());
  CHECK(t["sm_cycles"].get<std::uint64_t>() == 3 * s["cycles"].get<std::uint64_t>());
  CHECK(t["issued_cycles"].get<std::uint64_t>() > 0);
}

}  // namespace

TEST_CASE("cycle classification: fermi tile sums to the total") {
  checkCategoriesSum("warpsim-fermi", "tile");
}
TEST_CASE("cycle classification: fermi thrash sums to the total") {
  checkCategoriesSum("warpsim-fermi", "thrash");
}
TEST_CASE("cycle classification: ccws30 tile sums to the total") {
  checkCategoriesSum("warpsim-ccws30", "tile");
}
TEST_CASE("cycle classification: ccws30 thrash sums to the total") {
  checkCategoriesSum("warpsim-ccws30", "thrash");
}
