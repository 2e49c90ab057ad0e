#pragma once
// What the platform executables share: which platforms exist (each an .ini of its paper's
// table, compiled into the binaries), and the run driver behind their common command line.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "warpsim/common/RunWorkload.h"
#include "warpsim/gpu/Registries.h"

namespace warpsim {

class Gpu;

struct PlatformInfo {
  std::string name;         // fermi, owl28, ccws30
  std::string description;  // one line, with its source
  std::string iniName;      // for messages: "fermi.ini"
  std::string iniText;
};

const std::vector<PlatformInfo>& platforms();
// nullptr when unknown.
const PlatformInfo* findPlatform(const std::string& name);

// What a finished run reports; also what warpsim-bench measures.
struct RunResult {
  int exitCode = 0;
  bool simulated = false;  // false for --help, --list-*, --dump-config and errors
  std::uint64_t cycles = 0, warpInstructions = 0, threadInstructions = 0;
  double wallSeconds = 0;
  // A trace run: its instruction lines and the time reading and checking them took, before the
  // simulation (lib/workload/trace/README.md).
  std::uint64_t traceLines = 0;
  double traceScanSeconds = 0;
  std::uint64_t traceSpillBytes = 0;
  std::uint64_t traceCachedKernels = 0;
  nlohmann::json stats;
};

// Runs `platform` with the common command line (see --help) on a Gpu built by `assemble`
// (Gpu::Assembly; empty: Gpu::standardAssembly). Prints the results summary to stdout, errors
// and diagnoses to stderr; writes the statistics files through common/RunStats.h. Exit codes: 0
// done, 1 failed to run (bad config, workload or file), 3 stopped without progress (watchdog or
// deadlock, with a dump). The options that select a policy or a workload accept the names of
// `registries`, and the options its entries declare join the command line and INI files (a
// PolicyRegistry converts: user warp schedulers with every other kind built in). The options
// are runSchema's and the workload is loadWorkload's (common/RunWorkload.h): a named kernel, a
// trace or a launch record. `finished` (optional) is called after a run that wrote its
// statistics (r.stats filled, the summary printed), while the Gpu and the blocks `assemble`
// added still exist: to check or print what they hold; it may set r.exitCode, and a
// ConfigError or std::runtime_error it throws is reported like the run's own (exit code 1).
RunResult runPlatform(const PlatformInfo& platform, int argc, const char* const argv[],
                      const Registries& registries = Registries::builtins(),
                      const std::function<void(Gpu&)>& assemble = {},
                      const std::function<void(Gpu&, RunResult&)>& finished = {});

// Silences SystemC's routine messages: its start-up banner (call before SystemC starts) and
// the "simulation stopped" note at every sc_stop().
void quietSystemC();

}  // namespace warpsim
