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
      "[0-9]+ cycles/s, (n/a|[0-9]+) host instructions per warp instruction, peak RSS [0-9]+ KiB");
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
                                   "s: [0-9]+ lines/s, [0-9.]+ MB of decoded blocks spilled, 0 "
                                   "kernel files read from the cache instead\n"));
}

TEST_CASE("bench: --json writes the run's figures") {
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-bench",
                            "--workload stream --set workload.size=1 "
                            "--set gpu.sms=2 --json " +
                                dir.file("b.json"));
  REQUIRE(r.exitCode == 0);
  const nlohmann::json j = readJson(dir.file("b.json"));
  CHECK(j["platform"] == "fermi");
  CHECK(j["warp_instructions"] == 1664);
  CHECK(j["cycles"].get<double>() / j["wall_seconds"].get<double>() ==
        Approx(j["cycles_per_s"].get<double>()));
  CHECK(j["peak_rss_kib"].get<std::uint64_t>() > 0);
  // A number where the machine has a hardware instruction counter, null where it has none.
  CHECK((j["host_instructions"].is_null() || j["host_instructions"].get<std::uint64_t>() > 0));
}

TEST_CASE("bench: --suite runs the fixed list, each in its own process, as a table and JSON") {
  ScratchDir dir;
  // --only keeps one workload of the list: pchase (4,101 warp instructions at its default
  // size), run as itself and from the Accel-Sim trace it writes.
  const ToolRun r =
      runTool("warpsim-bench", "--suite --only \"fermi pchase\" --json " + dir.file("s.json"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("fermi   pchase         synthetic        4101"));
  const nlohmann::json j = readJson(dir.file("s.json"));
  CHECK(j["format"] == "warpsim-bench-suite");
  REQUIRE(j["runs"].size() == 2);
  const nlohmann::json &synthetic = j["runs"][0], &traced = j["runs"][1];
  CHECK(synthetic["workload"] == "pchase (size 4)");
  CHECK(synthetic["source"] == "synthetic");
  CHECK(synthetic["policy"] == "gto");
  CHECK(synthetic["warp_instructions"] == 4101);
  CHECK(synthetic["rate_vs_same_shape"].is_null());
  // The trace replays the same shape: the same instructions and cycles, its rate compared.
  CHECK(traced["source"] == "trace");
  CHECK(traced["warp_instructions"] == 4101);
  CHECK(traced["cycles"] == synthetic["cycles"]);
  CHECK(
      traced["rate_vs_same_shape"].get<double>() ==
      Approx(traced["warp_inst_per_s"].get<double>() / synthetic["warp_inst_per_s"].get<double>()));
}

TEST_CASE("bench: --suite --records runs a launch record PTX-driven and from its trace") {
  ScratchDir dir;
  const std::string records = std::string(WARPSIM_SOURCE_DIR) + "/benchmarks/records";
  const ToolRun r = runTool("warpsim-bench", "--suite --only \"fermi reduce\" --records " +
                                                 records + " --json " + dir.file("s.json"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  const nlohmann::json j = readJson(dir.file("s.json"));
  REQUIRE(j["runs"].size() == 2);
  const nlohmann::json &traced = j["runs"][0], &ptx = j["runs"][1];
  CHECK(traced["source"] == "trace");
  CHECK(ptx["source"] == "ptx");
  CHECK(ptx["workload"].get<std::string>().find("reduce") != std::string::npos);
  CHECK(ptx["warp_instructions"].get<std::uint64_t>() > 0);
  CHECK(ptx["warp_instructions"] == traced["warp_instructions"]);
  CHECK(ptx["cycles"] == traced["cycles"]);
  CHECK(ptx["rate_vs_same_shape"].get<double>() > 0);
}

TEST_CASE("bench: --suite --records names a folder that is not there") {
  const ToolRun r =
      runTool("warpsim-bench", "--suite --only \"fermi reduce\" --records /nonexistent/records");
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("--records '/nonexistent/records': not a folder"));
  CHECK(r.out.empty());
}

TEST_CASE("bench: --suite --traces runs each Accel-Sim trace folder on every platform") {
  ScratchDir dir;
  // A folder of two traces (warpsim writes Accel-Sim's format): each runs on all three
  // platforms, in name order, as source "real", with no shape to compare with.
  for (const char* name : {"b-stream", "a-stream"})
    REQUIRE(runTool("warpsim-fermi",
                    "--quiet --workload stream --set workload.size=1 "
                    "--write-trace " +
                        dir.file(std::string("traces/") + name))
                .exitCode == 0);
  const ToolRun r = runTool("warpsim-bench", "--suite --only real --traces " + dir.file("traces") +
                                                 " --json " + dir.file("s.json"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("owl28   a-stream       real"));
  const nlohmann::json j = readJson(dir.file("s.json"));
  REQUIRE(j["runs"].size() == 6);
  const char* const order[][2] = {{"fermi", "a-stream"},  {"owl28", "a-stream"},
                                  {"ccws30", "a-stream"}, {"fermi", "b-stream"},
                                  {"owl28", "b-stream"},  {"ccws30", "b-stream"}};
  for (std::size_t i = 0; i < 6; ++i) {
    const nlohmann::json& run = j["runs"][i];
    CHECK(run["platform"] == order[i][0]);
    CHECK(run["name"] == order[i][1]);
    CHECK(run["source"] == "real");
    CHECK(run["policy"] == "gto");
    CHECK(run["warp_instructions"] == 1664);
    CHECK(run["rate_vs_same_shape"].is_null());
  }
  // The same trace on the same platform: the same cycles.
  CHECK(j["runs"][0]["cycles"] == j["runs"][3]["cycles"]);

  // A trace folder itself is one trace: ccws30's run of it, as the suite's JSON has it.
  auto onlyRun = [&dir](const std::string& folder, const std::string& json) {
    const ToolRun r = runTool("warpsim-bench", "--suite --only \"ccws30 b-stream\" --traces " +
                                                   folder + " --json " + dir.file(json));
    REQUIRE(r.exitCode == 0);
    const nlohmann::json runs = readJson(dir.file(json))["runs"];
    REQUIRE(runs.size() == 1);
    return runs[0];
  };
  CHECK(onlyRun(dir.file("traces/b-stream"), "one.json")["cycles"] == j["runs"][5]["cycles"]);
  // ...named after itself when given as "folder/", as a shell's completion writes it.
  CHECK(onlyRun(dir.file("traces/b-stream/"), "sl.json")["name"] == "b-stream");
}

TEST_CASE("bench: --suite --traces names a folder without a trace") {
  ScratchDir dir;
  fs::create_directories(dir.file("empty"));
  for (const std::string& where : {dir.file("empty"), std::string("/nonexistent/traces")}) {
    const ToolRun r = runTool("warpsim-bench", "--suite --only real --traces " + where);
    CHECK(r.exitCode == 1);
    CHECK(r.err == "warpsim-bench: error: --traces '" + where +
                       "': no Accel-Sim trace there (expected a trace folder with a "
                       "kernelslist.g, or a folder of them)\n");
    CHECK(r.out.empty());
  }
}

TEST_CASE("bench: --suite --traces runs the shared sm_61 vectoradd trace") {
  if (!haveSharedTrace("microgpusim-vectoradd-sm61")) return;
  ScratchDir dir;
  const ToolRun r = runTool("warpsim-bench", "--suite --only \"fermi microgpusim\" --traces " +
                                                 sharedTraces() + " --json " + dir.file("s.json"));
  INFO(r.out << r.err);
  REQUIRE(r.exitCode == 0);
  const nlohmann::json j = readJson(dir.file("s.json"));
  REQUIRE(j["runs"].size() == 1);
  // Its 344 instruction lines, on fermi under GTO in 851 cycles (doc/traces.md).
  CHECK(j["runs"][0]["warp_instructions"] == 344);
  CHECK(j["runs"][0]["cycles"] == 851);
}

TEST_CASE("bench: --suite --traces names a folder it cannot look through") {
  ScratchDir dir;
  fs::create_directories(dir.file("looped"));
  fs::create_symlink("loop", dir.file("looped/loop"));  // points at itself: ELOOP when followed
  const ToolRun r = runTool("warpsim-bench", "--suite --only real --traces " + dir.file("looped"));
  CHECK(r.exitCode == 1);
  CHECK(r.err == "warpsim-bench: error: --traces '" + dir.file("looped") +
                     "': Too many levels of symbolic links\n");
  CHECK(r.out.empty());
}
