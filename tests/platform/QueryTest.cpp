// The options that answer a question and exit: --list-workloads, --list-policies, --help-config,
// --dump-config, --help.
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

// The INI text without the "# ..." comments (which name where each value came from) and
// without blank lines.
std::string withoutComments(const std::string& ini) {
  std::string out;
  for (std::string line : lines(ini)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (!line.empty()) out += line + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("query: --list-workloads lists the named kernels sorted and runs nothing") {
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-fermi", "--list-workloads --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 0);
  CHECK(r.err.empty());
  const auto ls = lines(r.out);
  REQUIRE(ls.size() == 10);
  const std::vector<std::string> names{"cp",         "ctareuse", "edgewalk", "graph",  "pchase",
                                       "scalarprod", "stencil",  "stream",   "thrash", "tile"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    INFO(ls[i]);
    CHECK(ls[i].rfind(names[i] + " ", 0) == 0);
    CHECK(ls[i].size() > 20);  // with its description
  }
  CHECK(dir.entries().empty());
}

TEST_CASE("query: --list-policies lists the policies by name with their descriptions") {
  const ToolRun r = runTool("warpsim-fermi", "--list-policies");
  CHECK(r.exitCode == 0);
  const auto ls = lines(r.out);
  REQUIRE(ls.size() == 10);
  CHECK_THAT(ls[0], Catch::StartsWith("2lvl                      two-level: "));
  CHECK_THAT(ls[1], Catch::StartsWith("ccws                      cache-conscious wavefront "));
  CHECK_THAT(ls[4], Catch::StartsWith("cta-aware-locality-blp    CTA groups by priority "));
  CHECK_THAT(ls[5], Catch::StartsWith("gto                       greedy-then-oldest: "));
  CHECK_THAT(ls[7], Catch::StartsWith("mascar                    Mascar: "));
  CHECK_THAT(ls[9], Catch::StartsWith("swl                       static wavefront limiting: "));
  CHECK(ls[6] ==
        "lrr                       loose round-robin: equal chance for every warp "
        "(CCWS 5.1)");
}

TEST_CASE("query: --help-config shows sm.max_warps with its default and range") {
  const ToolRun r = runTool("warpsim-fermi", "--help-config");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("sm.max_warps (uint, default 48)\n"
                                    "      warp slots per SM\n"
                                    "      allowed: a non-negative integer between 1 and 64"));
  CHECK_THAT(r.out, Catch::Contains("sim.watchdog_cycles (uint, default 100000)"));
}

TEST_CASE("query: --dump-config shows the platform's values and where they came from") {
  const ToolRun r = runTool("warpsim-owl28", "--dump-config --set gpu.sms=3");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("[gpu]\nkernel_launch_latency = 0\nsms = 3  # from --set\n"));
  CHECK_THAT(r.out, Catch::Contains("max_warps = 32  # from owl28.ini:"));
  CHECK_THAT(r.out, Catch::Contains("line_size = 64B  # from owl28.ini:"));
}

TEST_CASE("query: --dump-config output loads back through --config to the same values") {
  ScratchDir dir;
  const ToolRun first = runTool(
      "warpsim-fermi", "--dump-config --workload tile --set gpu.sms=3 --set dram.latency=99");
  REQUIRE(first.exitCode == 0);
  writeFile(dir.file("dump.ini"), first.out);
  // Loaded into another platform, the dump overrides every one of its values.
  const ToolRun second = runTool("warpsim-owl28", "--dump-config --config " + dir.file("dump.ini"));
  REQUIRE(second.exitCode == 0);
  CHECK(withoutComments(second.out) == withoutComments(first.out));
  CHECK_THAT(second.out, Catch::Contains("latency = 99  # from " + dir.file("dump.ini") + ":"));
}

TEST_CASE("query: --help prints the usage and names the platform") {
  const ToolRun r = runTool("warpsim-ccws30", "--help");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::StartsWith("Usage: " + std::string(WARPSIM_BIN_DIR) +
                                      "/warpsim-ccws30 [--workload NAME] [options]\n"));
  CHECK_THAT(r.out, Catch::Contains("\nplatform ccws30: 30-core GPU of CCWS"));
}
