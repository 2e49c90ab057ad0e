#pragma once
#include <string>

#include "core/Ids.h"
#include "stats/Counter.h"

namespace warpsim {

class StatsRegistry;

// Per-SM statistics. Every core cycle of the run falls in exactly one category (OWL section 3):
// an instruction issued; warps present but all waiting on memory (MemoryBlockCycles); no warps
// while the kernel runs (NoWarpCycles); or some other stall (scoreboard, pipeline, barrier).
struct SmStats {
  enum class Category { Issued, MemoryBlock, NoWarp, Stall };

  Counter warpInstructions, threadInstructions;
  Counter cycles, issuedCycles, memoryBlockCycles, noWarpCycles, stallCycles;
  Counter inactiveCycles;  // cycles with no issue: CINV's numerator
  Counter issueSlots;      // cycles x issue slots
  Counter ctasCompleted, warpsCompleted;
  std::uint32_t slotsPerCycle = 1;

  void add(Category c, Cycle n);
  void registerWith(StatsRegistry& r, const std::string& prefix);
};

}  // namespace warpsim
