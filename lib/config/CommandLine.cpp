#include "warpsim/config/CommandLine.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <ostream>

#include "warpsim/config/EditDistance.h"
#include "warpsim/config/ValueText.h"

namespace warpsim {
namespace {

namespace po = boost::program_options;

po::options_description describeOptions() {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("workload", po::value<std::string>()->value_name("NAME"), "workload to run (--list-workloads)")
      ("trace", po::value<std::string>()->value_name("PATH"), "run an Accel-Sim trace: a kernelslist.g or its folder (instead of --workload)")
      ("launch-record", po::value<std::string>()->value_name("DIR"), "run a PTX launch record: a folder with launch.json, the PTX and memory images (doc/cuda.md; instead of --workload)")
      ("write-trace", po::value<std::string>()->value_name("DIR"), "write the workload as an Accel-Sim trace (version 5) into DIR, then run it")
      ("sched", po::value<std::string>()->value_name("POLICY"), "warp scheduling policy (--list-policies)")
      ("gpgpusim-config", po::value<std::vector<std::string>>()->value_name("FILE"), "import a GPGPU-Sim config (gpgpusim.config: -option value lines); repeatable, applied before --config")
      ("accelsim-trace-config", po::value<std::vector<std::string>>()->value_name("FILE"), "import an Accel-Sim trace.config; repeatable, after the --gpgpusim-config files")
      ("plugin", po::value<std::vector<std::string>>()->value_name("LIB.so"), "load policies and workloads from a shared library (doc/user-guide.md section 11); repeatable")
      ("config", po::value<std::vector<std::string>>()->value_name("FILE.ini"), "load a config file; repeatable, later files win")
      ("set", po::value<std::vector<std::string>>()->value_name("KEY=VALUE"), "set one config option; repeatable, applied after the files")
      ("stats", po::value<std::string>()->value_name("FILE.json"), "write statistics as JSON")
      ("stats-format", po::value<std::string>()->value_name("FORMAT"), "what --stats writes: json (default) or accelsim (GPGPU-Sim/Accel-Sim names, doc/user-guide.md section 4)")
      ("csv", po::value<std::string>()->value_name("FILE.csv"), "write every statistic and the GPU-wide totals as CSV")
      ("max-cycles", po::value<std::string>()->value_name("N"), "stop after N core cycles")
      ("timeline", po::value<std::string>()->value_name("FILE.json"), "write a Chrome/Perfetto trace of the run's warps, CTAs, cache misses and DRAM commands (doc/observability.md)")
      ("timeline-window", po::value<std::string>()->value_name("START:END"), "the core cycles the timeline covers (default 0:100000)")
      ("timeline-max-mb", po::value<std::string>()->value_name("N"), "the most the timeline file may hold, in MiB (default 256); the window is cut there, with a warning")
      ("sample-every", po::value<std::string>()->value_name("N"), "write a time series of the run's counters, a row every N core cycles (doc/observability.md)")
      ("series", po::value<std::string>()->value_name("FILE.csv"), "where --sample-every writes (default warpsim-series.csv)")
      ("quiet", po::bool_switch(), "print nothing but errors")
      ("list-workloads", po::bool_switch(), "list the known workloads and exit")
      ("list-policies", po::bool_switch(), "list the warp scheduling policies and exit")
      ("help-config", po::bool_switch(), "list every config option and exit")
      ("help-config-markdown", po::bool_switch(), "the same as Markdown tables (doc/config-reference.md)")
      ("dump-config", po::bool_switch(), "print the effective config as INI and exit")
      ("row-sharing", po::bool_switch(), "print the workload's DRAM row sharing by CTAs (OWL Table 4) and exit")
      ("help,h", po::bool_switch(), "print this help and exit");
  // clang-format on
  return desc;
}

std::string unknownOptionMessage(const po::options_description& desc, const std::string& token) {
  const auto eq = token.find('=');
  const std::string name = token.substr(0, eq);
  std::string message = "command line: unknown option '" + name + "'";
  const std::string bare = name.substr(std::min(name.find_first_not_of('-'), name.size()));
  if (bare.find('.') != std::string::npos) {
    const std::string value = eq == std::string::npos ? "VALUE" : token.substr(eq + 1);
    return message + "; to set a config option write --set " + bare + "=" + value;
  }
  // Only close misspellings: every option shares the leading "--", so distance alone would
  // suggest unrelated options.
  std::vector<std::string> names;
  if (bare.size() > config::kMaxSuggestedNameLength) return message + "; --help lists the options";
  for (const auto& option : desc.options()) {
    const std::string& known = option->long_name();
    if (config::editDistance(bare, known) <= std::max<std::size_t>(2, bare.size() / 3)) {
      names.push_back(known);
    }
  }
  names = config::nearestNames(bare, names, 3);
  if (names.empty()) return message + "; --help lists the options";
  message += "; did you mean: ";
  for (std::size_t i = 0; i < names.size(); ++i) message += (i == 0 ? "--" : ", --") + names[i];
  return message + "?";
}

po::variables_map parseToMap(int argc, const char* const argv[]) {
  const po::options_description desc = describeOptions();
  po::variables_map vm;
  try {
    const po::parsed_options parsed =
        po::command_line_parser(argc, argv)
            .options(desc)
            .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
            .run();
    // Without a positional description, stray words arrive unnamed; store() would drop them.
    for (const po::option& option : parsed.options) {
      if (option.string_key.empty()) {
        const std::string word = option.value.empty() ? "" : option.value.front();
        throw ConfigError("command line: unexpected argument '" + word +
                          "'; options start with -- (see --help)");
      }
    }
    po::store(parsed, vm);
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    throw ConfigError(unknownOptionMessage(desc, e.get_option_name()));
  } catch (const po::error& e) {
    throw ConfigError(std::string("command line: ") + e.what() + " (see --help)");
  }
  return vm;
}

std::string text(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0) return "";
  std::string value = vm[name].as<std::string>();
  if (value.empty()) {
    throw ConfigError(std::string("command line: --") + name + " = '': needs a non-empty value");
  }
  return value;
}

std::vector<std::string> list(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0) return {};
  return vm[name].as<std::vector<std::string>>();
}

std::uint64_t maxCycles(const po::variables_map& vm) {
  const std::string value = vm.count("max-cycles") ? vm["max-cycles"].as<std::string>() : "0";
  std::uint64_t cycles = 0;
  if (!config::parseUInt(value, cycles)) {
    throw ConfigError("command line: --max-cycles = '" + value +
                      "': not a cycle count; allowed: a non-negative integer (0 = no limit)");
  }
  return cycles;
}

// A positive count given as option `name` (at most `most`), or `otherwise` when absent.
std::uint64_t positive(const po::variables_map& vm, const char* name, std::uint64_t most,
                       std::uint64_t otherwise) {
  if (vm.count(name) == 0) return otherwise;
  const std::string value = vm[name].as<std::string>();
  std::uint64_t n = 0;
  if (!config::parseUInt(value, n) || n == 0 || n > most)
    throw ConfigError(std::string("command line: --") + name + " = '" + value +
                      "': allowed: an integer from 1 to " + std::to_string(most));
  return n;
}

// --timeline-window START:END, core cycles with START < END.
void timelineWindow(const po::variables_map& vm, CommandLine& cl) {
  if (vm.count("timeline-window") == 0) return;
  const std::string value = vm["timeline-window"].as<std::string>();
  const auto colon = value.find(':');
  if (colon == std::string::npos || !config::parseUInt(value.substr(0, colon), cl.timelineStart) ||
      !config::parseUInt(value.substr(colon + 1), cl.timelineEnd) ||
      cl.timelineStart >= cl.timelineEnd)
    throw ConfigError("command line: --timeline-window = '" + value +
                      "': allowed: START:END, core cycles with START < END (e.g. 0:50000)");
}

// Sets `key` from a shortcut option such as --workload, if the program declares the key.
void applyShortcut(Config& config, const std::string& option, const std::string& key,
                   const std::string& value) {
  if (config.schema().find(key) == nullptr) {
    throw ConfigError(option + " = '" + value + "': this program has no option '" + key + "'");
  }
  config.set(key, value, option);
}

}  // namespace

CommandLine parseCommandLine(int argc, const char* const argv[]) {
  const po::variables_map vm = parseToMap(argc, argv);
  CommandLine cl;
  cl.workload = text(vm, "workload");
  cl.trace = text(vm, "trace");
  cl.writeTrace = text(vm, "write-trace");
  cl.launchRecord = text(vm, "launch-record");
  if (int(!cl.trace.empty()) + int(!cl.workload.empty()) + int(!cl.launchRecord.empty()) > 1)
    throw ConfigError(
        "command line: more than one of --workload, --trace and --launch-record; a run takes "
        "one workload: a built-in one (--workload), a trace (--trace) or a PTX launch record "
        "(--launch-record)");
  cl.sched = text(vm, "sched");
  cl.configFiles = list(vm, "config");
  cl.plugins = list(vm, "plugin");
  cl.gpgpusimConfigs = list(vm, "gpgpusim-config");
  cl.accelsimTraceConfigs = list(vm, "accelsim-trace-config");
  cl.sets = list(vm, "set");
  cl.statsPath = text(vm, "stats");
  cl.csvPath = text(vm, "csv");
  if (vm.count("stats-format")) cl.statsFormat = text(vm, "stats-format");
  cl.maxCycles = maxCycles(vm);
  cl.timelinePath = text(vm, "timeline");
  timelineWindow(vm, cl);
  cl.timelineMaxBytes = positive(vm, "timeline-max-mb", 1u << 20, 256) << 20;
  cl.sampleEvery = positive(vm, "sample-every", UINT32_MAX, 0);
  if (vm.count("series")) cl.seriesPath = text(vm, "series");
  cl.quiet = vm["quiet"].as<bool>();
  cl.listWorkloads = vm["list-workloads"].as<bool>();
  cl.listPolicies = vm["list-policies"].as<bool>();
  cl.helpConfig = vm["help-config"].as<bool>();
  cl.helpConfigMarkdown = vm["help-config-markdown"].as<bool>();
  cl.dumpConfig = vm["dump-config"].as<bool>();
  cl.help = vm["help"].as<bool>();
  cl.rowSharing = vm["row-sharing"].as<bool>();
  for (const std::string& assignment : cl.sets) {
    if (assignment.find('=') == std::string::npos) {
      throw ConfigError("command line: --set = '" + assignment +
                        "': not an assignment; allowed: key=value (e.g. sm.max_warps=32)");
    }
  }
  return cl;
}

void printUsage(std::ostream& os, const std::string& program) {
  os << "Usage: " << program << " [--workload NAME] [options]\n\n"
     << describeOptions() << '\n'
     << "The platform's .ini applies first, then the imported GPGPU-Sim/Accel-Sim files, then\n"
     << "--config files and --set overrides, each in the order given; later ones win.\n"
     << "Sizes take units (32KiB, 1MiB), frequencies are in MHz (700, 1.4GHz).\n";
}

void applyCommandLine(Config& config, const CommandLine& commandLine) {
  for (const std::string& path : commandLine.configFiles) config.loadIniFile(path);
  if (!commandLine.workload.empty()) {
    applyShortcut(config, "--workload", "workload.name", commandLine.workload);
  }
  if (!commandLine.trace.empty()) {
    applyShortcut(config, "--trace", "workload.trace", commandLine.trace);
  }
  if (!commandLine.launchRecord.empty()) {
    applyShortcut(config, "--launch-record", "workload.launch_record", commandLine.launchRecord);
  }
  if (!commandLine.sched.empty()) {
    applyShortcut(config, "--sched", "sched.policy", commandLine.sched);
  }
  if (commandLine.maxCycles != 0) {
    applyShortcut(config, "--max-cycles", "sim.max_cycles", std::to_string(commandLine.maxCycles));
  }
  for (const std::string& assignment : commandLine.sets) config.setAssignment(assignment, "--set");
}

}  // namespace warpsim
