// The progress line: its text, and when it is shown (on a terminal, without --quiet).
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"
#include "warpsim/common/Progress.h"

using namespace warpsim::test;

namespace {

// Runs warpsim-fermi under a pseudo-terminal (util-linux `script`): stdout and stderr merged.
ToolRun runOnTerminal(const std::string& args) {
  return runCommand("script -qec '" + std::string(WARPSIM_BIN_DIR) + "/warpsim-fermi " + args +
                    "' /dev/null");
}

// About 3 s of simulation on a 2-core machine (the line appears after 0.5 s): thrash on the
// full GPU, stopped at a million cycles.
const std::string kLongRun = "--workload thrash --set workload.size=256 --max-cycles 1000000";

}  // namespace

TEST_CASE("progress: the line shows cycles, warp instructions, rate and the share of CTAs done") {
  CHECK(warpsim::ProgressLine::format(1250000, 3400000, 1.1e6, 0.42) ==
        "[warpsim] cycle 1.25M | 3.40M warp inst | 1.10M inst/s | 42% of CTAs done");
  CHECK(warpsim::ProgressLine::format(999, 12500, 2.5e9, 1.0) ==
        "[warpsim] cycle 999 | 12.5K warp inst | 2.50G inst/s | 100% of CTAs done");
}

TEST_CASE("progress: a long run on a terminal shows the line, then erases it before the summary") {
  const ToolRun r = runOnTerminal(kLongRun);
  REQUIRE(r.exitCode == 0);
  const auto line = r.out.find("\r[warpsim] cycle ");
  REQUIRE(line != std::string::npos);
  CHECK(r.out.find("of CTAs done", line) != std::string::npos);
  CHECK(r.out.find("\r\033[K") != std::string::npos);          // erased
  CHECK(r.out.find("warpsim fermi: workload thrash") > line);  // summary after it
}

TEST_CASE("progress: --quiet and a non-terminal stderr show no progress line") {
  const ToolRun quiet = runOnTerminal(kLongRun + " --quiet");
  CHECK(quiet.exitCode == 0);
  CHECK(quiet.out.find("[warpsim]") == std::string::npos);
  const ToolRun piped = runTool("warpsim-fermi", kLongRun);
  CHECK(piped.exitCode == 0);
  CHECK(piped.err.empty());
}
