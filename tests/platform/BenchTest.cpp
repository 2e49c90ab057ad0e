#include <catch2/catch.hpp>

#include <regex>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

TEST_CASE("bench: prints warp inst/s, cycles/s and peak RSS for the run") {
  const ToolRun r =
      runTool("warpsim-bench", "--workload stream --set workload.size=1 --set gpu.sms=2");
  CHECK(r.exitCode == 0);
  const std::regex line(
      "bench fermi: 1664 warp instructions, [0-9]+ cycles in [0-9.]+ s: [0-9]+ warp inst/s, "
      "[0-9]+ cycles/s, peak RSS [0-9]+ KiB");
  bool found = false;
  for (const std::string& l : lines(r.out)) found = found || std::regex_match(l, line);
  INFO(r.out);
  CHECK(found);
}

TEST_CASE("bench: --platform picks the platform") {
  const ToolRun r = runTool("warpsim-bench",
                            "--platform owl28 --workload stream "
                            "--set workload.size=1 --set gpu.sms=2");
  CHECK(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("\nbench owl28: 1664 warp instructions, "));
}

TEST_CASE("bench: an unknown --platform lists the known ones") {
  const ToolRun r = runTool("warpsim-bench", "--platform nope");
  CHECK(r.exitCode == 1);
  CHECK(r.err == "warpsim-bench: error: --platform 'nope': unknown; known: ccws30, fermi, owl28\n");
}

TEST_CASE("bench: a trace run also reports how fast its lines were read and checked") {
  ScratchDir dir;
  REQUIRE(runTool("warpsim-fermi",
                  "--quiet --workload stream --set workload.size=1 "
                  "--write-trace " +
                      dir.file("t"))
              .exitCode == 0);
  const ToolRun r = runTool("warpsim-bench", "--trace " + dir.file("t") + " --set gpu.sms=2");
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("\nbench fermi: 1664 warp instructions, "));
  CHECK_THAT(r.out, Catch::Matches("(.|\n)*bench trace check: 1664 instruction lines in [0-9.]+ "
                                   "s: [0-9]+ lines/s\n"));
}
