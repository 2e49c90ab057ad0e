// Accel-Sim traces on the platforms: the shared real traces under every scheduler, the EXIT
// rule, the write/read round trip of every named workload, and failures on bad input.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

const std::string kShared = sharedTraces();

std::vector<std::string> policies() {
  const ToolRun r = runTool("warpsim-fermi", "--list-policies");
  std::vector<std::string> out;
  for (const std::string& l : lines(r.out)) out.push_back(l.substr(0, l.find(' ')));
  return out;
}

// Runs `trace` on `platform` under every policy: every instruction line issues once.
void runEverywhere(const std::string& trace, const std::string& platform, std::uint64_t warp,
                   std::uint64_t thread) {
  if (!haveSharedTrace(trace)) return;
  for (const std::string& sched : policies()) {
    ScratchDir dir;
    const ToolRun r =
        runTool("warpsim-" + platform, "--trace " + kShared + "/" + trace + " --sched " + sched +
                                           " --quiet --stats " + dir.file("s.json"));
    INFO(platform << " " << sched << ": " << r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json s = readJson(dir.file("s.json"));
    CHECK(s["outcome"] == "finished");
    CHECK(s["warp_instructions"].get<std::uint64_t>() == warp);
    CHECK(s["thread_instructions"].get<std::uint64_t>() == thread);
  }
}

// The statistics a run of the timing model gives (not run metadata).
nlohmann::json modelStats(const std::string& path) {
  const nlohmann::json s = readJson(path);
  return nlohmann::json{{"gpu", s["gpu"]}, {"kernels", s["kernels"]}};
}

}  // namespace

// The sm_80 trace has 1,563 EXITs before their warp's last line (1,562 of them with an empty
// mask): a warp that retired at any EXIT would issue far fewer than 26,601 instructions.
TEST_CASE("trace run: mgpusim vectoradd sm_80 on fermi under every scheduler") {
  runEverywhere("mgpusim-vectoradd-sm80", "fermi", 26601, 801056);
}
TEST_CASE("trace run: mgpusim vectoradd sm_80 on owl28 under every scheduler") {
  runEverywhere("mgpusim-vectoradd-sm80", "owl28", 26601, 801056);
}
TEST_CASE("trace run: mgpusim vectoradd sm_80 on ccws30 under every scheduler") {
  runEverywhere("mgpusim-vectoradd-sm80", "ccws30", 26601, 801056);
}
TEST_CASE("trace run: microgpusim vectoradd sm_61 on every platform under every scheduler") {
  for (const char* p : {"fermi", "owl28", "ccws30"})
    runEverywhere("microgpusim-vectoradd-sm61", p, 344, 10516);
}

TEST_CASE("trace run: an EXIT before the warp's last line does not end the warp") {
  ScratchDir dir;
  writeFile(dir.file("kernel-1.traceg"),
            "-grid dim = (2,1,1)\n-block dim = (64,1,1)\n-binary version = 70\n"
            "-accelsim tracer version = 5\n#traces\n"
            "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n"
            "0000 ffffffff 1 R1 MOV 0 0 0\n0010 00000000 0 EXIT 0 0 0\n"
            "0020 0000ffff 0 EXIT 0 0 0\n0030 ffff0000 0 EXIT 0 0 0\n"
            "warp = 1\ninsts = 3\n0000 ffffffff 1 R1 MOV 0 0 0\n0010 0000ffff 0 EXIT 0 0 0\n"
            "0020 ffff0000 1 R2 FADD 2 R1 R1 0 0\n#END_TB\n"
            "#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n");
  writeFile(dir.file("kernelslist.g"), "kernel-1.traceg\n");
  const ToolRun r = runFermi("--trace " + dir.file("") + " --quiet --stats " + dir.file("s.json"));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["warp_instructions"] == 7);
  CHECK(s["thread_instructions"] == 32 + 0 + 16 + 16 + 32 + 16 + 16);
  CHECK(s["gpu"]["dispatcher"]["ctas_launched"] == 2);
}

TEST_CASE(
    "trace run: every named workload written as a trace runs bit-identically, with or without the "
    "spill file") {
  for (const WorkloadInfo& w : listWorkloads()) {
    ScratchDir dir;
    const std::string common = "--quiet --set workload.size=1 ";
    const ToolRun direct =
        runTool("warpsim-fermi", common + "--workload " + w.name + " --write-trace " +
                                     dir.file("t") + " --stats " + dir.file("direct.json"));
    INFO(w.name << ": " << direct.err);
    REQUIRE(direct.exitCode == 0);
    const ToolRun traced = runTool("warpsim-fermi", common + "--trace " + dir.file("t") +
                                                        " --stats " + dir.file("trace.json"));
    INFO(traced.err);
    REQUIRE(traced.exitCode == 0);
    CHECK(modelStats(dir.file("direct.json")) == modelStats(dir.file("trace.json")));
    // Blocks parsed again from the text at launch, without the spill file: the same run.
    const ToolRun text = runTool("warpsim-fermi", common + "--trace " + dir.file("t") +
                                                      " --set trace.spill_limit_mib=0 --stats " +
                                                      dir.file("text.json"));
    INFO(text.err);
    REQUIRE(text.exitCode == 0);
    CHECK(modelStats(dir.file("direct.json")) == modelStats(dir.file("text.json")));
  }
}

TEST_CASE("trace run: the round trip through .xz files too") {
  ScratchDir dir;
  const std::string common = "--quiet --set workload.size=1 ";
  REQUIRE(runTool("warpsim-owl28", common +
                                       "--workload graph --set trace.write_xz=true "
                                       "--write-trace " +
                                       dir.file("t") + " --stats " + dir.file("direct.json"))
              .exitCode == 0);
  const ToolRun traced = runTool(
      "warpsim-owl28", common + "--trace " + dir.file("t") + " --stats " + dir.file("trace.json"));
  INFO(traced.err);
  REQUIRE(traced.exitCode == 0);
  CHECK(modelStats(dir.file("direct.json")) == modelStats(dir.file("trace.json")));
}

TEST_CASE("trace run: a second run from trace.cache_dir skips the check, same statistics") {
  ScratchDir dir;
  const std::string common = "--set workload.size=1 ";
  REQUIRE(runTool("warpsim-fermi", common + "--quiet --workload graph --write-trace " +
                                       dir.file("t") + " --stats " + dir.file("direct.json"))
              .exitCode == 0);
  const std::string cached = common + "--trace " + dir.file("t") +
                             " --set trace.cache_dir=" + dir.file("cache") + " --stats ";
  const ToolRun first = runTool("warpsim-fermi", cached + dir.file("first.json"));
  INFO(first.err);
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.err, Catch::Contains("trace: 0 of 1 kernel files read from the cache"));
  const ToolRun second = runTool("warpsim-fermi", cached + dir.file("second.json"));
  INFO(second.err);
  REQUIRE(second.exitCode == 0);
  CHECK_THAT(second.err, Catch::Contains("trace: 1 of 1 kernel files read from the cache"));
  CHECK(modelStats(dir.file("direct.json")) == modelStats(dir.file("first.json")));
  CHECK(modelStats(dir.file("direct.json")) == modelStats(dir.file("second.json")));
}

TEST_CASE("trace run: --trace with --workload and a bad trace exit 1 with no statistics") {
  ScratchDir dir;
  const ToolRun both = runFermi("--workload stream --trace " + dir.file(""));
  CHECK(both.exitCode == 1);
  CHECK_THAT(both.err, Catch::Contains("more than one of --workload, --trace and --launch-record"));
  writeFile(dir.file("kernelslist.g"), "kernel-1.traceg\n");
  writeFile(dir.file("kernel-1.traceg"),
            "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-binary version = 70\n"
            "-accelsim tracer version = 5\n#\n"
            "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
            "0000 ffffffff 1 R1 MOV 0 0 0\n");
  const ToolRun bad = runFermi("--trace " + dir.file("") + " --stats " + dir.file("s.json"));
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("kernel-1.traceg:") && Catch::Contains("truncated"));
  struct stat st {};
  CHECK(::stat(dir.file("s.json").c_str(), &st) != 0);
}

TEST_CASE("trace run: warpsim-best-swl passes --trace on and warpsim-belady replays its L1D") {
  ScratchDir dir;
  REQUIRE(runTool("warpsim-ccws30",
                  "--quiet --workload graph --set workload.size=1 "
                  "--write-trace " +
                      dir.file("t"))
              .exitCode == 0);
  const ToolRun swl = runTool("warpsim-best-swl", "--platform ccws30 --max 2 --trace " +
                                                      dir.file("t") + " --set gpu.sms=1");
  INFO(swl.err);
  REQUIRE(swl.exitCode == 0);
  CHECK_THAT(swl.out, Catch::Contains("best swl_limit"));
  const ToolRun run =
      runTool("warpsim-ccws30", "--quiet --trace " + dir.file("t") +
                                    " --set gpu.sms=1 --set l1d.trace=" + dir.file("l1d.trc") +
                                    " --stats " + dir.file("s.json"));
  REQUIRE(run.exitCode == 0);
  const ToolRun bel = runTool("warpsim-belady", dir.file("l1d.trc"));
  REQUIRE(bel.exitCode == 0);
  const std::string total = bel.out.substr(bel.out.find("total "));
  CHECK_THAT(
      total,
      Catch::Contains(
          "thread_instructions " +
          std::to_string(readJson(dir.file("s.json"))["thread_instructions"].get<std::uint64_t>()) +
          " "));
}
