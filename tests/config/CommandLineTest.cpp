#include <catch2/catch.hpp>

#include <sstream>

#include "ConfigTestSupport.h"
#include "warpsim/config/CommandLine.h"

using namespace warpsim;
using Strings = std::vector<std::string>;

namespace {

CommandLine parse(const Strings& args) {
  std::vector<const char*> argv{"sim"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  return parseCommandLine(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

TEST_CASE("command line with no arguments leaves everything unset") {
  const CommandLine cl = parse({});
  CHECK(cl.workload.empty());
  CHECK(cl.configFiles.empty());
  CHECK(cl.maxCycles == 0);
  CHECK_FALSE(cl.help);
  CHECK_FALSE(cl.quiet);
  CHECK(cl.statsFormat == "json");
}

TEST_CASE("command line reads every option") {
  const CommandLine cl =
      parse({"--workload", "bfs", "--sched=lrr", "--stats", "out.json", "--csv", "out.csv",
             "--stats-format", "accelsim", "--max-cycles", "5000", "--quiet", "--list-workloads",
             "--list-policies", "--help-config", "--dump-config", "--row-sharing", "-h"});
  CHECK(cl.workload == "bfs");
  CHECK(cl.sched == "lrr");
  CHECK(cl.statsPath == "out.json");
  CHECK(cl.csvPath == "out.csv");
  CHECK(cl.statsFormat == "accelsim");
  CHECK(cl.maxCycles == 5000);
  CHECK(cl.quiet);
  CHECK(cl.listWorkloads);
  CHECK(cl.rowSharing);
  CHECK(cl.listPolicies);
  CHECK(cl.helpConfig);
  CHECK(cl.dumpConfig);
  CHECK(cl.help);
}

TEST_CASE("command line keeps repeated --config and --set in order") {
  const CommandLine cl =
      parse({"--config", "b.ini", "--set", "l1d.ways=8", "--config=a.ini", "--set=l1d.size=32KiB"});
  CHECK(cl.configFiles == Strings{"b.ini", "a.ini"});
  CHECK(cl.sets == Strings{"l1d.ways=8", "l1d.size=32KiB"});
}

TEST_CASE("command line keeps repeated --plugin libraries in order") {
  const CommandLine cl = parse({"--plugin", "a.so", "--plugin=b.so"});
  CHECK(cl.plugins == Strings{"a.so", "b.so"});
  CHECK(parse({}).plugins.empty());
}

TEST_CASE("command line rejects an unknown option and suggests the nearest") {
  CHECK_THROWS_WITH(parse({"--wrkload", "bfs"}),
                    "command line: unknown option '--wrkload'; did you mean: --workload?");
  CHECK_THROWS_WITH(parse({"--frobnicate"}),
                    "command line: unknown option '--frobnicate'; --help lists the options");
}

TEST_CASE("command line does not guess abbreviated options") {
  CHECK_THROWS_AS(parse({"--work", "bfs"}), ConfigError);
}

TEST_CASE("command line points a dotted option at --set") {
  CHECK_THROWS_WITH(parse({"--l1d.size=32KiB"}),
                    "command line: unknown option '--l1d.size'; to set a config option write "
                    "--set l1d.size=32KiB");
  CHECK_THROWS_WITH(parse({"--l1d.size", "32KiB"}),
                    "command line: unknown option '--l1d.size'; to set a config option write "
                    "--set l1d.size=VALUE");
}

TEST_CASE("command line rejects a bad --max-cycles") {
  CHECK_THROWS_WITH(parse({"--max-cycles", "-5"}),
                    "command line: --max-cycles = '-5': not a cycle count; allowed: a "
                    "non-negative integer (0 = no limit)");
  CHECK_THROWS_AS(parse({"--max-cycles", "1e6"}), ConfigError);
}

TEST_CASE("command line rejects --set without '='") {
  CHECK_THROWS_WITH(parse({"--set", "l1d.size"}),
                    "command line: --set = 'l1d.size': not an assignment; allowed: key=value "
                    "(e.g. sm.max_warps=32)");
}

TEST_CASE("command line rejects a missing value, a repeated single option and a stray word") {
  CHECK_THROWS_WITH(parse({"--workload"}), Catch::Contains("'--workload'"));
  CHECK_THROWS_WITH(parse({"--workload", "a", "--workload", "b"}), Catch::Contains("'--workload'"));
  CHECK_THROWS_WITH(parse({"fermi.ini"}),
                    "command line: unexpected argument 'fermi.ini'; options start with -- (see "
                    "--help)");
  CHECK_THROWS_WITH(parse({"--workload", ""}),
                    "command line: --workload = '': needs a non-empty value");
  CHECK_THROWS_WITH(parse({"--workload="}), Catch::Contains("'--workload'"));
}

TEST_CASE("printUsage lists every option") {
  std::ostringstream os;
  printUsage(os, "owl28");
  const std::string text = os.str();
  CHECK_THAT(text, Catch::StartsWith("Usage: owl28 [--workload NAME] [options]"));
  for (const char* option :
       {"--workload NAME", "--sched POLICY", "--config FILE.ini", "--set KEY=VALUE",
        "--stats FILE.json", "--stats-format FORMAT", "--csv FILE.csv", "--max-cycles N", "--quiet",
        "--list-workloads", "--list-policies", "--help-config", "--dump-config", "--row-sharing",
        "-h [ --help ]"}) {
    INFO(option);
    CHECK_THAT(text, Catch::Contains(option));
  }
}

TEST_CASE("applyCommandLine loads files in order, then shortcuts, then --set") {
  const ConfigSchema schema = test::testSchema();
  const test::ScratchFile first("first.ini", "[l1d]\nsize = 32KiB\nways = 8\n");
  const test::ScratchFile second("second.ini", "[l1d]\nsize = 64KiB\n[sched]\npolicy = lrr\n");
  const CommandLine cl =
      parse({"--config", first.path(), "--config", second.path(), "--sched", "two_level", "--set",
             "l1d.size=128KiB", "--set", "l1d.size=256KiB"});
  Config config(schema);
  applyCommandLine(config, cl);
  CHECK(config.getUInt("l1d.ways") == 8);
  CHECK(config.source("l1d.ways") == first.path() + ":3");
  CHECK(config.getSize("l1d.size") == 262144);
  CHECK(config.source("l1d.size") == "--set");
  CHECK(config.getString("sched.policy") == "two_level");
  CHECK(config.source("sched.policy") == "--sched");
}

TEST_CASE("applyCommandLine sets workload and max cycles, and --set overrides them") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  applyCommandLine(
      config, parse({"--workload", "bfs", "--max-cycles", "1000", "--set", "workload.name=spmv"}));
  CHECK(config.getString("workload.name") == "spmv");
  CHECK(config.getUInt("sim.max_cycles") == 1000);
  CHECK(config.source("sim.max_cycles") == "--max-cycles");
}

TEST_CASE("applyCommandLine rejects a shortcut the schema lacks") {
  ConfigSchema schema;
  schema.addString("workload.name", "", "");
  Config config(schema);
  CHECK_THROWS_WITH(applyCommandLine(config, parse({"--sched", "gto"})),
                    "--sched = 'gto': this program has no option 'sched.policy'");
}

TEST_CASE("applyCommandLine reports a bad shortcut value like a bad --set") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(applyCommandLine(config, parse({"--sched", "fifo"})),
                    "--sched: sched.policy = 'fifo': not one of the choices; allowed: one of: "
                    "lrr, gto, two_level");
}

TEST_CASE("applyCommandLine names a missing config file") {
  const ConfigSchema schema = test::testSchema();
  Config config(schema);
  CHECK_THROWS_WITH(applyCommandLine(config, parse({"--config", "/nonexistent/x.ini"})),
                    "cannot open config file '/nonexistent/x.ini'");
}
