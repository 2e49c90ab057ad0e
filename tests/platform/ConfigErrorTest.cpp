// Bad input stops a platform run with exit code 1, a message naming the culprit and what is
// allowed, and no statistics file.
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

const std::string kProgram = std::string(WARPSIM_BIN_DIR) + "/warpsim-fermi";

// Runs fermi with `args` and a --stats file in a fresh directory; checks it failed with exit 1,
// printed nothing on stdout, and left the directory empty (no stats file, no temporary).
std::string failingRun(const std::string& args) {
  ScratchDir dir;
  const ToolRun r = runFermi(args + " --stats " + dir.file("s.json"));
  CHECK(r.exitCode == 1);
  CHECK(r.out.empty());
  CHECK(dir.entries().empty());
  return r.err;
}

}  // namespace

TEST_CASE("config error: an unknown option names itself and its nearest known options") {
  const std::string err = failingRun("--workload stream --set sm.max_warp=4");
  CHECK(err == kProgram +
                   ": error: --set: unknown option 'sm.max_warp'; did you mean: sm.max_warps, "
                   "sm.max_ctas, sm.il1_ways?\n");
}

TEST_CASE("config error: an unknown option in an unknown section is named") {
  const std::string err = failingRun("--workload stream --set l1d.szie=1");
  CHECK_THAT(err, Catch::StartsWith(kProgram + ": error: --set: unknown option 'l1d.szie'"));
}

TEST_CASE("config error: a value out of range names the option, the value and the range") {
  const std::string err = failingRun("--workload stream --set sm.max_warps=100");
  CHECK(err == kProgram +
                   ": error: --set: sm.max_warps = '100': above the maximum 64; allowed: a "
                   "non-negative integer between 1 and 64\n");
}

TEST_CASE("config error: a value of the wrong kind names what is allowed") {
  const std::string err = failingRun("--workload stream --set gpu.sms=many");
  CHECK_THAT(err, Catch::Contains("gpu.sms = 'many'"));
  CHECK_THAT(err, Catch::Contains("allowed: a non-negative integer between 1 and 1024"));
}

TEST_CASE("config error: an unknown workload lists the known ones") {
  const std::string err = failingRun("--workload nosuch");
  CHECK(err == kProgram +
                   ": error: workload.name = 'nosuch': unknown workload; known: cp, ctareuse, "
                   "edgewalk, graph, pchase, scalarprod, stencil, stream, thrash, tile\n");
}

TEST_CASE("config error: a misspelt workload suggests the one meant") {
  CHECK_THAT(failingRun("--workload strem"),
             Catch::Contains("workload.name = 'strem': unknown workload; did you mean: stream? "
                             "known: cp, ctareuse,"));
}

TEST_CASE("config error: a workload size past the workload's maximum names the range") {
  const ToolRun r = runTool("warpsim-fermi", "--workload tile --set workload.size=257");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err,
             Catch::Contains("workload 'tile': size 257 is out of range; allowed: 1 to 256"));
}

TEST_CASE("config error: an unknown --sched lists the known policies") {
  const std::string err = failingRun("--workload stream --sched nosuch");
  CHECK(err == kProgram +
                   ": error: sched.policy = 'nosuch': unknown warp scheduling policy; known: "
                   "2lvl, ccws, cta-aware, cta-aware-locality, cta-aware-locality-blp, gto, lrr, "
                   "mascar, owl, swl\n");
}

TEST_CASE("config error: a misspelt command-line option suggests the right one") {
  const ToolRun r = runFermi("--workload stream --stat x.json");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("unknown option '--stat'; did you mean: --stats"));
}

TEST_CASE("config error: a config file that does not exist is named") {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload stream --config " + dir.file("missing.ini"));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("cannot open config file '" + dir.file("missing.ini") + "'"));
}

TEST_CASE("config error: a bad line in a config file is named by file and line") {
  ScratchDir dir;
  writeFile(dir.file("bad.ini"), "[sm]\nmax_warps = 48\nmax_wraps = 4\n");
  const ToolRun r = runFermi("--workload stream --config " + dir.file("bad.ini"));
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains(dir.file("bad.ini") + ":3"));
  CHECK_THAT(r.err, Catch::Contains("unknown option 'sm.max_wraps'"));
  CHECK_THAT(r.err, Catch::Contains("sm.max_warps"));
}

TEST_CASE("config error: a value a file sets that parses but is not allowed names file and line") {
  ScratchDir dir;
  writeFile(dir.file("my.ini"), "# mine\n[l1d]\nline_size = 96\n");
  const ToolRun r = runFermi("--workload stream --config " + dir.file("my.ini"));
  CHECK(r.exitCode == 1);
  CHECK(r.err == kProgram + ": error: " + dir.file("my.ini") +
                     ":3: l1d.line_size = 96: must be a power of two (32, 64, 128 or 256)\n");

  writeFile(dir.file("policy.ini"), "[sched]\npolicy = fifo\n");
  const ToolRun p = runFermi("--workload stream --config " + dir.file("policy.ini"));
  CHECK(p.exitCode == 1);
  CHECK_THAT(p.err, Catch::StartsWith(kProgram + ": error: " + dir.file("policy.ini") +
                                      ":2: sched.policy = 'fifo': unknown warp scheduling policy"));
}

TEST_CASE("config error: the same value from --set is named as given") {
  const ToolRun r = runFermi("--workload stream --set l1d.line_size=96");
  CHECK(r.exitCode == 1);
  CHECK(r.err ==
        kProgram + ": error: l1d.line_size = 96: must be a power of two (32, 64, 128 or 256)\n");
}

TEST_CASE("config warning: a key set twice in one file names both lines, the later wins") {
  ScratchDir dir;
  writeFile(dir.file("twice.ini"), "[l1d]\nsets = 32\nways = 4\nsets = 64\n");
  const ToolRun r =
      runFermi("--workload stream --config " + dir.file("twice.ini") + " --dump-config");
  CHECK(r.exitCode == 0);
  CHECK(r.err == kProgram + ": warning: " + dir.file("twice.ini") +
                     ":4: l1d.sets set again (first at line 2); the later value wins\n");
  CHECK_THAT(r.out, Catch::Contains("sets = 64"));
}
