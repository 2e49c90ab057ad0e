#pragma once
// The simulated GPU a CUDA host program runs its kernels on (doc/cuda.md, "CUDA programs"):
// one per process, elaborated at the first launch and kept alive until the program exits. Each
// launch is one sc_start(): the GPU runs the kernel to its end and pauses (Gpu::setResumable),
// so the statistics cover every kernel, each on its own, as for a workload of several kernels.
//
// Configured from the environment: WARPSIM_PLATFORM (fermi, owl28, ccws30; default fermi),
// WARPSIM_CONFIG (an .ini file applied over the platform's), WARPSIM_SET (key=value settings,
// separated by spaces or ';'), WARPSIM_STATS / WARPSIM_CSV (the files --stats and --csv write,
// at exit), WARPSIM_QUIET (1: no line per kernel on stderr), WARPSIM_PTXAS_LOG (`ptxas -v` output
// for the program's kernels: their registers and shared memory size occupancy).
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/gpu/Gpu.h"
#include "warpsim/stats/StatsRegistry.h"
#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/ptx/PtxasLog.h"

namespace warpsim::cudart {

struct LaunchOutcome {
  bool finished = false;
  bool fault = false;  // the kernel accessed memory outside every allocation (or the like)
  std::string error;   // why not: a fault in the kernel, a deadlock, the cycle limit
  std::uint64_t cycles = 0, warpInstructions = 0;
};

class Session {
 public:
  // Reads the environment and elaborates the GPU. Throws ConfigError for a bad setting.
  Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Runs `kernel` to its end (one sc_start()). After a failure the GPU cannot run again (CUDA's
  // sticky errors): every later launch fails with the same message. `occupancySource` says
  // where its register count came from, for the line on stderr.
  LaunchOutcome launch(KernelDesc kernel, const std::string& occupancySource);
  // WARPSIM_PTXAS_LOG's figures for the entry `name` (mangled), or nullptr.
  const ptx::PtxasFigures* ptxas(const std::string& name) const;
  bool failed() const { return !failure_.empty(); }
  // The simulated time so far, in milliseconds (events measure it).
  double elapsedMs() const;
  const Config& config() const { return config_; }
  const std::string& platform() const { return platform_; }
  const GpuParams& params() const { return gpu_->params(); }
  std::uint64_t ptxCtaBudget() const { return config_.getUInt("workload.ptx_cta_budget"); }
  // Settles the statistics and writes WARPSIM_STATS / WARPSIM_CSV; once, at exit.
  void finish();

 private:
  std::string platform_;
  ConfigSchema schema_;
  Config config_;
  StatsRegistry stats_;
  std::unique_ptr<Gpu> gpu_;
  std::map<std::string, ptx::PtxasFigures> ptxas_;
  std::unique_ptr<Workload> current_;  // the workload the dispatcher points at
  std::string failure_;
  bool fault_ = false;
  bool quiet_ = false, finished_ = false;
  std::uint32_t kernels_ = 0;
};

}  // namespace warpsim::cudart
