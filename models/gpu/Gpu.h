#pragma once
// A whole GPU: the clock engine and its domains, the payload pool and the CTA dispatcher, plus
// the blocks an assembly adds and binds: the SMs (each with its LSU and L1s), the interconnect
// and the memory partitions. The platforms' sc_main files each pass their own assembly (see
// platforms/fermi/main.cpp); without one, the GPU assembles itself the same way. Platforms
// construct one, hand it a workload, and call sc_start().
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "warpsim/cache/AccessTrace.h"
#include "warpsim/core/ClockEngine.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/cta/CtaDispatcher.h"
#include "warpsim/gpu/GpuParams.h"
#include "warpsim/gpu/MemoryPartition.h"
#include "warpsim/gpu/Registries.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/noc/Interconnect.h"
#include "warpsim/predictor/PredictionObserver.h"
#include "warpsim/sm/Sm.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

class Gpu : public sc_core::sc_module {
 public:
  enum class Outcome { Running, Finished, CycleLimit, NoProgress, Deadlock, Interrupted };

  // Adds and binds the blocks, from inside the Gpu's constructor (so that they are its
  // children): addInterconnect() once, addSm() gpu.sms times, addPartition() once per
  // partition, binding each SM's l1s() and each partition's upstream() to the interconnect.
  using Assembly = std::function<void(Gpu&)>;
  // The assembly the platforms use: the interconnect of icnt.topology, every SM's L1s on its
  // SM-side ports in SM order, every partition on its memory-side port.
  static void standardAssembly(Gpu& gpu);

  // Throws ConfigError when `assemble` did not add what `params` describe. SystemC cannot undo
  // an elaboration: after such an error, end the process rather than build another Gpu.
  // `registries` (copied) supplies the policies `params` name; a PolicyRegistry converts to
  // Registries with the built-ins of every other kind.
  Gpu(sc_core::sc_module_name name, const GpuParams& params, const Registries& registries,
      const Config* config, StatsRegistry& stats, const Assembly& assemble = standardAssembly);

  // The blocks, for an assembly (only while the Gpu is being constructed).
  IInterconnect& addInterconnect();  // of icnt.topology: gpu.icnt
  Sm& addSm();                       // the next SM, gpu.smN, with its scheduling policies
  MemoryPartition& addPartition();   // the next partition P: gpu.l2_P and its channel gpu.partP

  // Hands the workload to the dispatcher; call before sc_start(). Throws ConfigError when a
  // kernel cannot fit on an SM. A resumable GPU takes the next workload once sc_start() has
  // returned with the previous one Finished; its kernels start on the next cycle.
  void run(const Workload& workload);
  // Keeps the GPU alive between workloads (libwarpsim_cudart: one model for every launch of a
  // host program): when a workload is done the simulation pauses (sc_start() returns) instead of
  // ending. Statistics accumulate over the runs, the kernels' each on its own; call finalize()
  // once, after the last.
  void setResumable(bool on) { resumable_ = on; }
  // When the last CTA finishes, takes the statistics (finalize(), then the registry is frozen),
  // then lets the requests still in flight complete (posted writes that no warp waits for)
  // before sc_start() returns, so that checkConservation() can require every block to be empty.
  // The platforms set it (doc/reliability.md); not with setResumable.
  void setDrainAtEnd(bool on) { drainAtEnd_ = on; }
  // Calls `sample(start, end)` for every `interval` core cycles [start, end) of the run, with the
  // statistics settled up to `end` (doc/observability.md), and once more from finalize() for
  // the cycles since the last call; call before sc_start(). Nothing runs when it is not called.
  using SampleHook = std::function<void(Cycle start, Cycle end)>;
  void sampleEvery(Cycle interval, SampleHook sample);
  // --timeline (doc/observability.md): every SM, L1, L2 slice and DRAM channel reports to
  // `timeline`, which finalize() closes at the run's last cycle. Call before sc_start().
  void attachTimeline(Timeline& timeline);
  // After sc_start() returns: how the run ended, and for NoProgress/Deadlock, the dump.
  Outcome outcome() const;
  // After sc_start() returns: settles the SMs' cycle accounts up to the end of the run (or the
  // current cycle, if it stopped early), so that the statistics cover every cycle. Only the
  // first call does anything.
  void finalize();
  std::string diagnosis() const;
  // After finalize(): every block's conservation rules (core/Conservation.h, doc/reliability.md),
  // the payload pool's balance and the GPU-wide counters' agreement. A finished run is checked
  // for empty blocks too; a run stopped early only for agreeing counters.
  ConservationCheck checkConservation() const;

  Cycle cycles() const { return endCycle_; }  // core cycles of the run
  std::uint64_t warpInstructions() const;
  std::uint64_t threadInstructions() const;
  const GpuParams& params() const { return params_; }
  std::size_t payloadsAllocated() const { return pool_.allocated(); }
  // Finished CTAs over all CTAs of the workload.
  double shareDone() const { return dispatcher_.shareDone(); }
  // The engine that drives every block (e.g. for ClockEngine::setProgressHook).
  ClockEngine& engine() { return engine_; }
  // The run's statistics registry (the one given to the constructor): a block that an assembly
  // adds registers its counters here, under its SystemC name, to have them in the run's files.
  StatsRegistry& stats() { return stats_; }
  const ClockDomain& coreClock() const { return core_; }
  // With dram.model=external: L2 slice p's memory-side socket, for the platform to bind to its
  // own TLM target (e.g. through a BlockingBridge) before sc_start().
  tlm::tlm_initiator_socket<>& memorySocket(std::uint32_t p) {
    return partitions_.at(p).memorySocket();
  }
  // Memory partition `p`, e.g. to bind a HostPort to its DRAM channel before sc_start().
  MemoryPartition& partition(std::uint32_t p) { return partitions_.at(p); }
  const AddressMap& addressMap() const { return map_; }
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
  // The time series' clock: a block registered after KernelBoundary, asleep between samples.
  struct Sampler : Clocked {
    Sampler(Gpu& g, Cycle every, SampleHook hook)
        : gpu(g), interval(every), sample(std::move(hook)) {}
    bool tick() override;
    Gpu& gpu;
    Cycle interval;
    SampleHook sample;
    Cycle last = 0;  // the end of the previous sample
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
  void checkAssembly() const;
  void checkRunCounters();   // into runCounters_
  void connectPrefetcher();  // the predictor's prefetches into the partitions' injectors

  GpuParams params_;
  const Registries registries_;
  const Config* config_;
  StatsRegistry& stats_;
  ClockEngine engine_;
  ClockDomain& core_;
  ClockDomain& icnt_;
  ClockDomain& l2clk_;
  ClockDomain& dram_;
  PayloadPool pool_;
  AddressMap map_;
  CtaDispatcher dispatcher_;
  SmStats smTotal_;  // the sum over the SMs: gpu.sm_total
  std::vector<std::unique_ptr<Sm>> sms_;
  std::unique_ptr<IInterconnect> net_;  // gpu.icnt: crossbar or mesh (icnt.topology)
  std::vector<MemoryPartition> partitions_;
  KernelBoundary boundary_{*this};
  std::unique_ptr<Sampler> sampler_;  // sampleEvery()
  Timeline* timeline_ = nullptr;      // attachTimeline()
  PendingKernel pendingKernel_;
  Cycle endCycle_ = 0;
  bool finished_ = false;
  bool resumable_ = false;
  bool drainAtEnd_ = false;
  bool finalized_ = false;
  ConservationCheck runCounters_{false};  // checkRunCounters' findings
  std::uint64_t kernelWarpBase_ = 0, kernelThreadBase_ = 0;

  std::unique_ptr<AccessTraceWriter> l1dTrace_;    // l1d.trace
  std::unique_ptr<PredictionObserver> predictor_;  // gpu.predictor, when predictor.enable
};

const char* toString(Gpu::Outcome o);

}  // namespace warpsim
