#pragma once
// The workload of a run, public so that a custom sc_main chooses it the way the platforms do
// (doc/user-guide.md section 9): the same options select a named kernel (workload.name and
// workload.size, from the registries, built-in or a program's own), an Accel-Sim trace
// (workload.trace, the trace.* options; --trace) or a PTX launch record
// (workload.launch_record; --launch-record). runPlatform uses exactly these two calls.
#include <cstdint>
#include <string>

#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/gpu/Registries.h"
#include "warpsim/workload/KernelDesc.h"

namespace warpsim {

// Declares workload.name, workload.size, workload.launch_record, workload.trace and the
// trace.* options.
void declareWorkloadOptions(ConfigSchema& schema);

// Every option of a run, as runPlatform's command line, INI files and --help-config know them:
// every block's (GpuParams::declare, with the options the registries' entries declare), then
// declareWorkloadOptions.
ConfigSchema runSchema(const Registries& registries);

struct LoadedWorkload {
  Workload workload;
  // For the statistics and the summary (RunInfo::workload): "launch record DIR", "trace PATH"
  // or "NAME (size N)".
  std::string label;
  // What the loader has to say, for stderr: a launch record's occupancy sources; else empty.
  std::string notes;
  // A trace: its instruction lines, the time reading and checking them took, and the bytes of
  // decoded blocks its spill file holds.
  std::uint64_t traceLines = 0;
  double traceScanSeconds = 0;
  std::uint64_t traceSpillBytes = 0;
  std::uint64_t traceCachedKernels = 0;  // kernel files read from trace.cache_dir, not checked
};

// The workload `config` selects: workload.launch_record if set, else workload.trace if set,
// else workload.name at workload.size (0: the workload's default) from registries.workloads.
// Pass the registries the run uses, configured (Registries::configured) so that the entries'
// own options apply. Throws ConfigError for an unknown name or a bad size, std::runtime_error
// (ConfigError or a reader's error) for a file that cannot be read.
LoadedWorkload loadWorkload(const Config& config, const Registries& registries);

}  // namespace warpsim
