#pragma once
// Replays a recorded L1D access stream (AccessTrace) through caches of the recorded geometry,
// one per SM, with LRU or with Belady's optimal replacement (OPT/MIN: the victim is the line
// re-referenced furthest in the future, CCWS §4), to tell whether the scheduler or the
// replacement policy matters more (CCWS §5.1, Fig. 8). No timing: MSHR merges are hits, and a
// line is usable as soon as it misses, as in CCWS's stand-alone cache simulator.
#include <cstdint>
#include <vector>

#include "warpsim/cache/AccessTrace.h"

namespace warpsim {

enum class ReplayPolicy { Lru, Opt };

struct ReplayResult {
  std::vector<std::uint64_t> accesses, misses;  // per SM
  std::uint64_t totalMisses() const;
};

ReplayResult replayTrace(const AccessTrace& trace, ReplayPolicy policy);

}  // namespace warpsim
