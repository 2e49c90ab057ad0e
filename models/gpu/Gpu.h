#pragma once
// A whole GPU built from GpuParams: the clock engine and its domains, the CTA dispatcher, the
// SMs with their LSUs, the interconnect and the memory partitions, bound through their TLM
// sockets. Platforms (and users' own platforms) construct one, hand it a workload, and call
// sc_start().
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "cache/AccessTrace.h"
#include "core/ClockEngine.h"
#include "core/PayloadPool.h"
#include "cta/CtaDispatcher.h"
#include "dram/AddressMap.h"
#include "dram/FixedLatencyDram.h"
#include "dram/GddrController.h"
#include "gpu/GpuParams.h"
#include "noc/Interconnect.h"
#include "predictor/PredictionObserver.h"
#include "predictor/PrefetchInjector.h"
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
  // After sc_start() returns: settles the SMs' cycle accounts up to the end of the run (or the
  // current cycle, if it stopped early), so that the statistics cover every cycle. Call once.
  void finalize();
  std::string diagnosis() const;

  Cycle cycles() const { return endCycle_; }  // core cycles of the run
  std::uint64_t warpInstructions() const;
  std::uint64_t threadInstructions() const;
  const GpuParams& params() const { return params_; }
  std::size_t payloadsAllocated() const { return pool_.allocated(); }
  // Finished CTAs over all CTAs of the workload.
  double shareDone() const { return dispatcher_.shareDone(); }
  // The engine that drives every block (e.g. for ClockEngine::setProgressHook).
  ClockEngine& engine() { return engine_; }
  const ClockDomain& coreClock() const { return core_; }
  // With dram.model=external: L2 slice p's memory-side socket, for the platform to bind to its
  // own TLM target (e.g. through a BlockingBridge) before sc_start().
  tlm_utils::simple_initiator_socket<Cache>& memorySocket(std::uint32_t p) {
    return l2s_.at(p)->downstream;
  }
  // SM `i`, e.g. to bind observers to its ports before sc_start().
  Sm& sm(std::uint32_t i) { return *sms_.at(i); }

 private:
  // A kernel's statistics are closed at the end of the core edge in which it finished, after
  // every SM has had its turn in that cycle: a block registered last in the core domain.
  struct KernelBoundary : Clocked {
    explicit KernelBoundary(Gpu& g) : gpu(g) {}
    bool tick() override;
    Gpu& gpu;
  };
  struct PendingKernel {
    const KernelDesc* kernel = nullptr;
    Cycle start = 0, end = 0;
  };
  void kernelDone(const KernelDesc& k, Cycle start, Cycle end);
  void closeKernel();
  // Books every span still open (SM cycles before `end`, LSU stalls, full DRAM queues).
  void settleStats(Cycle end);
  void allDone(Cycle end);

  GpuParams params_;
  StatsRegistry& stats_;
  ClockEngine engine_;
  ClockDomain& core_;
  ClockDomain& icnt_;
  ClockDomain& l2clk_;
  ClockDomain& dram_;
  PayloadPool pool_;
  AddressMap map_;
  CtaDispatcher dispatcher_;
  std::vector<std::unique_ptr<Sm>> sms_;
  std::unique_ptr<IInterconnect> net_;       // gpu.icnt: crossbar or mesh (icnt.topology)
  std::vector<std::unique_ptr<Cache>> l2s_;  // one slice per partition: gpu.l2_P
  std::vector<std::unique_ptr<FixedLatencyDram>> drams_;

  // The GDDR channels (dram.model = gddr); drams_ holds the fixed-latency ones otherwise.
  std::vector<std::unique_ptr<GddrController>> gddrs_;
  SmStats smTotal_;  // the sum over the SMs: gpu.sm_total
  KernelBoundary boundary_{*this};
  PendingKernel pendingKernel_;
  Cycle endCycle_ = 0;
  bool finished_ = false;
  std::uint64_t kernelWarpBase_ = 0, kernelThreadBase_ = 0;

  std::unique_ptr<AccessTraceWriter> l1dTrace_;    // l1d.trace
  std::unique_ptr<PredictionObserver> predictor_;  // gpu.predictor, when predictor.enable
  // gpu.prefetch_P in front of slice P, when predictor.prefetch
  std::vector<std::unique_ptr<PrefetchInjector>> injectors_;
  void buildPrefetcher();  // binds the crossbar to the slices through the injectors
};

const char* toString(Gpu::Outcome o);

}  // namespace warpsim
