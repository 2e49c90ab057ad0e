#pragma once
#include <string>

#include "warpsim/core/Ids.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

// Per-SM statistics. Every core cycle of the run falls in exactly one category (OWL section 3):
//   issued          at least one instruction issued;
//   memory_block    warps present, all waiting on memory (OWL's MemoryBlockCycles);
//   no_warp         no warps on the SM while the kernel runs (OWL's NoWarpCycles);
//   scheduler_hold  a warp could have issued but the policy held it back (SWL, throttling);
//   pipeline_stall  a warp was free of hazards but the unit it needs was busy;
//   dependency_stall  otherwise: warps wait on ALU results, a barrier, or fetch.
// CINV (OWL section 3) = cycles without issue / all cycles. When `total` is set, every count
// is added there too (the GPU's sum over its SMs).
struct SmStats {
  enum class Category {
    Issued,
    MemoryBlock,
    NoWarp,
    SchedulerHold,
    PipelineStall,
    DependencyStall
  };

  Counter warpInstructions, threadInstructions;
  Counter cycles, issuedCycles, memoryBlockCycles, noWarpCycles, schedulerHoldCycles,
      pipelineStallCycles, dependencyStallCycles;
  Counter inactiveCycles;  // cycles with no issue: CINV's numerator
  Counter issueSlots;      // cycles x issue slots
  Counter ctasCompleted, warpsCompleted;
  std::uint32_t slotsPerCycle = 1;
  SmStats* total = nullptr;

  void add(Category c, Cycle n);
  void issued(unsigned activeLanes);
  void warpDone();
  void ctaDone();
  // `sumOverSms`: the GPU's sum (gpu.sm_total), whose `cycles` and `ipc` are registered as
  // `sm_cycles` and `ipc_per_sm`.
  void registerWith(StatsRegistry& r, const std::string& prefix, bool sumOverSms = false);
};

}  // namespace warpsim
