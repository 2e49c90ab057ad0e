#pragma once
// A whole GPU built from GpuParams: the clock engine and its domains, the CTA dispatcher, the
// SMs with their LSUs, the interconnect and the memory partitions, bound through their TLM
// sockets. Platforms (and users' own platforms) construct one, hand it a workload, and call
// sc_start().
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "core/ClockEngine.h"
#include "core/PayloadPool.h"
#include "cta/CtaDispatcher.h"
#include "dram/AddressMap.h"
#include "dram/FixedLatencyDram.h"
#include "gpu/GpuParams.h"
#include "noc/Crossbar.h"
#include "sched/PolicyRegistry.h"
#include "sm/Sm.h"
#include "stats/StatsRegistry.h"

namespace warpsim {

class Gpu : public sc_core::sc_module {
 public:
  enum class Outcome { Running, Finished, CycleLimit, NoProgress, Deadlock };

  Gpu(sc_core::sc_module_name name, const GpuParams& params, const PolicyRegistry& policies,
      const Config* config, StatsRegistry& stats);

  // Hands the workload to the dispatcher; call before sc_start(). Throws ConfigError when a
  // kernel cannot fit on an SM.
  void run(const Workload& workload);
  // After sc_start() returns: how the run ended, and for NoProgress/Deadlock, the dump.
  Outcome outcome() const;
  // After sc_start() returns without finishing (cycle limit, watchdog, deadlock): closes the
  // cycle accounting at the current cycle so the statistics cover the run so far.
  void finalize();
  std::string diagnosis() const;

  Cycle cycles() const { return endCycle_; }  // core cycles of the run
  std::uint64_t warpInstructions() const;
  std::uint64_t threadInstructions() const;
  const GpuParams& params() const { return params_; }
  std::size_t payloadsAllocated() const { return pool_.allocated(); }

 private:
  void kernelDone(const KernelDesc& k, Cycle start, Cycle end);
  void allDone(Cycle end);
  void closeAccounting(Cycle end);

  GpuParams params_;
  StatsRegistry& stats_;
  ClockEngine engine_;
  ClockDomain& core_;
  ClockDomain& icnt_;
  ClockDomain& dram_;
  PayloadPool pool_;
  AddressMap map_;
  CtaDispatcher dispatcher_;
  std::vector<std::unique_ptr<Sm>> sms_;
  Crossbar xbar_;
  std::vector<std::unique_ptr<FixedLatencyDram>> drams_;
  Cycle endCycle_ = 0;
  bool finished_ = false;
  std::uint64_t kernelWarpBase_ = 0, kernelThreadBase_ = 0;
};

const char* toString(Gpu::Outcome o);

}  // namespace warpsim
