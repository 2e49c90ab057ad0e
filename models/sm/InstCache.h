#pragma once
// The SM's L1 instruction cache (GPGPU-Sim's -gpgpu_cache:il1), when sm.il1_sets > 0: LRU tags
// over instruction lines, and a miss that makes its line available sm.il1_miss_latency core
// cycles later. Fetches of a line still on its way wait for it (merged misses). The miss does
// not travel through the memory system (a choice: models/sm/README.md).
#include <cstdint>
#include <vector>

#include "warpsim/core/Ids.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

class InstCache {
 public:
  InstCache(std::uint32_t sets, std::uint32_t ways, std::uint32_t lineSize,
            std::uint32_t missLatency);
  // The cycle from which the line holding `pc` can be read, fetching it if absent.
  Cycle access(std::uint32_t pc, Cycle now);
  void registerWith(StatsRegistry& stats, const std::string& prefix);

 private:
  struct Way {
    bool valid = false;
    std::uint64_t line = 0;
    Cycle ready = 0;    // when the line's data is in
    Cycle lastUse = 0;  // LRU
  };
  std::uint32_t sets_, ways_, lineSize_, missLatency_;
  std::vector<Way> tags_;  // sets_ x ways_
  Counter accesses_, misses_, pendingHits_;
};

}  // namespace warpsim
