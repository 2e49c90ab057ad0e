// doc/stats-reference.md names every statistic the platforms write: each leaf of the stats
// JSON (a number, a text, or a histogram) must appear there as `name`.
#include <catch2/catch.hpp>
#include <set>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

// Every optional block on: the predictors with their prefetcher.
const std::string kEverything =
    "--set workload.size=1 --set gpu.sms=2 --set predictor.enable=true "
    "--set predictor.kind=all --set predictor.prefetch=true";

void collectLeaves(const nlohmann::json& node, const std::string& name,
                   std::set<std::string>& out) {
  if (node.is_array()) {
    for (const auto& e : node) collectLeaves(e, name, out);
  } else if (node.is_object() && !node.contains("buckets")) {
    for (const auto& [key, child] : node.items()) collectLeaves(child, key, out);
  } else {
    out.insert(name);
  }
}

}  // namespace

TEST_CASE("stats reference: every statistic of every platform is documented") {
  const std::string doc = readFile(std::string(WARPSIM_SOURCE_DIR) + "/doc/stats-reference.md");
  std::set<std::string> leaves;
  // Each platform with the optional blocks of its paper switched on as well.
  const std::vector<std::pair<std::string, std::string>> runs{
      {"fermi", "--sched mascar"},
      {"owl28", "--sched owl --set dram.prefetch=opportunistic"},
      {"ccws30", "--sched ccws"}};
  for (const auto& [platform, extra] : runs) {
    ScratchDir dir;
    const ToolRun r = runTool("warpsim-" + platform,
                              kEverything + " " + extra + " --stats " + dir.file("s.json"));
    REQUIRE(r.exitCode == 0);
    collectLeaves(readJson(dir.file("s.json")), "", leaves);
  }
  CHECK(leaves.size() > 60);
  for (const std::string& name : leaves) {
    INFO("statistic `" << name << "` is missing from doc/stats-reference.md");
    CHECK(doc.find("`" + name + "`") != std::string::npos);
  }
}
