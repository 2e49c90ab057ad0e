#include "sm/SmStats.h"

#include "stats/StatsRegistry.h"

namespace warpsim {

void SmStats::add(Category c, Cycle n) {
  cycles.inc(n);
  issueSlots.inc(n * slotsPerCycle);
  switch (c) {
    case Category::Issued: issuedCycles.inc(n); return;
    case Category::MemoryBlock: memoryBlockCycles.inc(n); break;
    case Category::NoWarp: noWarpCycles.inc(n); break;
    case Category::Stall: stallCycles.inc(n); break;
  }
  inactiveCycles.inc(n);
}

void SmStats::registerWith(StatsRegistry& r, const std::string& p) {
  r.addCounter(p + ".warp_instructions", warpInstructions);
  r.addCounter(p + ".thread_instructions", threadInstructions);
  r.addCounter(p + ".cycles", cycles);
  r.addCounter(p + ".issued_cycles", issuedCycles);
  r.addCounter(p + ".memory_block_cycles", memoryBlockCycles);
  r.addCounter(p + ".no_warp_cycles", noWarpCycles);
  r.addCounter(p + ".stall_cycles", stallCycles);
  r.addCounter(p + ".ctas_completed", ctasCompleted);
  r.addCounter(p + ".warps_completed", warpsCompleted);
  r.addRatio(p + ".cinv", inactiveCycles, cycles);
  r.addRatio(p + ".ipc", threadInstructions, cycles);
  r.addRatio(p + ".issue_utilisation", warpInstructions, issueSlots);
}

}  // namespace warpsim
