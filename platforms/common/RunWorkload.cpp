#include "warpsim/common/RunWorkload.h"

#include "warpsim/gpu/GpuParams.h"
#include "warpsim/workload/ptx/LaunchRecord.h"
#include "warpsim/workload/trace/TraceConfig.h"
#include "warpsim/workload/trace/TraceWorkload.h"

namespace warpsim {

void declareWorkloadOptions(ConfigSchema& s) {
  s.addString("workload.name", "stream", "workload (see --list-workloads)");
  s.addUInt("workload.size", 0, "workload problem size (0: the workload's default)", 0, 1u << 20);
  s.addString("workload.launch_record", "",
              "a PTX launch record folder to run instead of workload.name (doc/cuda.md)");
  s.addUInt("workload.ptx_cta_budget", ptx::kCtaInstructionBudget,
            "warp instructions a PTX CTA may execute before it is stopped as a spin-wait on "
            "another CTA (recorded, each takes 32 bytes plus 8 per lane of a memory access)",
            1, std::uint64_t{1} << 28);
  trace::declareTraceOptions(s);
}

ConfigSchema runSchema(const Registries& registries) {
  ConfigSchema s;
  GpuParams::declare(s, registries);
  declareWorkloadOptions(s);
  return s;
}

LoadedWorkload loadWorkload(const Config& config, const Registries& registries) {
  LoadedWorkload out;
  const std::string& record = config.getString("workload.launch_record");
  if (!record.empty()) {
    out.label = "launch record " + record;
    out.workload =
        ptx::loadLaunchRecord(record, &out.notes, config.getUInt("workload.ptx_cta_budget"));
    return out;
  }
  const std::string& tracePath = config.getString("workload.trace");
  if (!tracePath.empty()) {
    out.label = "trace " + tracePath;
    trace::TraceSummary summary;
    const trace::TraceOptions options = trace::loadTraceOptions(config);
    out.workload = trace::loadTrace(tracePath, options, &summary);
    if (!summary.cacheDir.empty())
      out.notes += "trace: " + std::to_string(summary.cachedKernels) + " of " +
                   std::to_string(summary.kernels) + " kernel files read from the cache in " +
                   summary.cacheDir + ", the others checked\n";
    out.traceLines = summary.warpInstructions;
    out.traceScanSeconds = summary.scanSeconds;
    out.traceSpillBytes = summary.spillBytes;
    out.traceCachedKernels = summary.cachedKernels;
    return out;
  }
  const std::string name = config.getString("workload.name");
  std::uint32_t size = static_cast<std::uint32_t>(config.getUInt("workload.size"));
  if (size == 0) size = registries.workloads.defaultSize(name);
  out.label = name + " (size " + std::to_string(size) + ")";
  out.workload = registries.workloads.make(name, size);
  return out;
}

}  // namespace warpsim
