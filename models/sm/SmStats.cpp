#include "warpsim/sm/SmStats.h"

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

void SmStats::add(Category c, Cycle n) {
  if (total) total->add(c, n);
  cycles.inc(n);
  issueSlots.inc(n * slotsPerCycle);
  switch (c) {
    case Category::Issued:
      issuedCycles.inc(n);
      return;
    case Category::MemoryBlock:
      memoryBlockCycles.inc(n);
      break;
    case Category::NoWarp:
      noWarpCycles.inc(n);
      break;
    case Category::SchedulerHold:
      schedulerHoldCycles.inc(n);
      break;
    case Category::PipelineStall:
      pipelineStallCycles.inc(n);
      break;
    case Category::DependencyStall:
      dependencyStallCycles.inc(n);
      break;
  }
  inactiveCycles.inc(n);
}

void SmStats::issued(unsigned activeLanes) {
  if (total) total->issued(activeLanes);
  warpInstructions.inc();
  threadInstructions.inc(activeLanes);
}

void SmStats::warpDone() {
  if (total) total->warpDone();
  warpsCompleted.inc();
}

void SmStats::ctaDone() {
  if (total) total->ctaDone();
  ctasCompleted.inc();
}

// The sum over SMs names what differs from one SM's figures (doc/stats-reference.md): its
// cycles are SM cycles (gpu.sms x the run), its IPC the mean IPC per SM.
void SmStats::registerWith(StatsRegistry& r, const std::string& p, bool sumOverSms) {
  r.addCounter(p + ".warp_instructions", warpInstructions);
  r.addCounter(p + ".thread_instructions", threadInstructions);
  r.addCounter(p + (sumOverSms ? ".sm_cycles" : ".cycles"), cycles);
  r.addCounter(p + ".issued_cycles", issuedCycles);
  r.addCounter(p + ".memory_block_cycles", memoryBlockCycles);
  r.addCounter(p + ".no_warp_cycles", noWarpCycles);
  r.addCounter(p + ".scheduler_hold_cycles", schedulerHoldCycles);
  r.addCounter(p + ".pipeline_stall_cycles", pipelineStallCycles);
  r.addCounter(p + ".dependency_stall_cycles", dependencyStallCycles);
  r.addCounter(p + ".ctas_completed", ctasCompleted);
  r.addCounter(p + ".warps_completed", warpsCompleted);
  r.addRatio(p + ".cinv", inactiveCycles, cycles);
  r.addRatio(p + (sumOverSms ? ".ipc_per_sm" : ".ipc"), threadInstructions, cycles);
  r.addRatio(p + ".issue_utilisation", warpInstructions, issueSlots);
}

}  // namespace warpsim
