#pragma once
// The command line shared by every platform executable:
//   sim --workload NAME [--sched POLICY] [--gpgpusim-config FILE]... [--config FILE.ini]...
//       [--set key=value]...
// Imported GPGPU-Sim/Accel-Sim files, then config files, then --set overrides apply in the order
// given, so later ones win.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "warpsim/config/Config.h"

namespace warpsim {

struct CommandLine {
  std::string workload;
  std::string trace;         // --trace PATH: an Accel-Sim kernelslist.g or its folder
  std::string writeTrace;    // --write-trace DIR
  std::string launchRecord;  // --launch-record DIR: a PTX launch record (doc/cuda.md)
  std::string sched;
  std::vector<std::string> configFiles;  // --config, in order
  std::vector<std::string> plugins;      // --plugin LIB.so, in order (common/Plugin.h)
  // GPGPU-Sim / Accel-Sim option files, in order (lib/config/gpgpusim, applyGpgpusimImports).
  std::vector<std::string> gpgpusimConfigs;       // --gpgpusim-config
  std::vector<std::string> accelsimTraceConfigs;  // --accelsim-trace-config
  std::vector<std::string> sets;                  // --set key=value, in order
  std::string statsPath;                          // --stats FILE.json
  std::string csvPath;                            // --csv FILE.csv
  std::string statsFormat = "json";               // --stats-format json|accelsim
  std::uint64_t maxCycles = 0;                    // 0: not given
  // Seeing inside a run (doc/observability.md).
  std::string timelinePath;         // --timeline FILE.json
  std::uint64_t timelineStart = 0;  // --timeline-window START:END, core cycles
  std::uint64_t timelineEnd = 100000;
  std::uint64_t timelineMaxBytes = 256ull << 20;  // --timeline-max-mb
  std::uint64_t sampleEvery = 0;                  // --sample-every N core cycles; 0: off
  std::string seriesPath = "warpsim-series.csv";  // --series FILE.csv
  bool quiet = false, listWorkloads = false, listPolicies = false, helpConfig = false,
       helpConfigMarkdown = false, dumpConfig = false, help = false;
  bool rowSharing = false;  // --row-sharing: OWL Table 4's metrics of the workload
};

// argv[0] is the program name. Throws ConfigError naming the option, the value and what is
// allowed, for an unknown option, a missing or bad value, or a stray argument.
CommandLine parseCommandLine(int argc, const char* const argv[]);

void printUsage(std::ostream& os, const std::string& program);

// Loads each --config file in order (the --gpgpusim-config and --accelsim-trace-config files are
// imported before, by applyGpgpusimImports in config/gpgpusim/Import.h); then --workload, --trace,
// --sched and --max-cycles set workload.name, workload.trace, sched.policy and sim.max_cycles
// (ConfigError if the schema lacks the key); then each --set in order, with source "--set".
void applyCommandLine(Config& config, const CommandLine& commandLine);

}  // namespace warpsim
