#pragma once
// The statistics of one cache, registered under its module name (`gpu.sm3.l1d.hits`). Every
// access is exactly one of a hit, a miss or an MSHR merge (accesses = hits + misses +
// mshr_merges). Cycle counts are accrued per span (from the cycle a state began to the cycle it
// ended), never per tick, so they do not depend on when the cache slept.
#include <string>

#include "warpsim/stats/Counter.h"
#include "warpsim/stats/Histogram.h"

namespace warpsim {

class StatsRegistry;

struct CacheStats {
  Counter accesses, hits, misses, mshrMerges;
  Counter intraWarpHits, interWarpHits;  // CCWS Fig. 11: same warp as the line's owner, or not
  // Reservation failures by cause: episodes in which the request at the head of the input queue
  // could not proceed (a new episode starts when the cause changes), and their cycles.
  Counter failLine, failMshr, failMissQueue;
  Counter failLineCycles, failMshrCycles, failMissQueueCycles;
  Counter fills, evictions, writebacks;
  Counter readsBelow, writesBelow;  // requests sent below, by TLM command
  Counter upstreamStallCycles;      // END_REQ withheld from the sender (input queue full)
  Counter saturatedCycles;          // the saturation signal was on
  Histogram loadLatency{32, 64};    // cycles from arrival to response, reads only
  // Lines pushed up by a memory-side prefetcher (OWL 4.4): installed, dropped (already present
  // or pending), of those dropped the late ones (a demand miss for the line was already on its
  // way), later hit by a demand (useful), evicted without a demand hit (useless), and the dirty
  // victims an installed prefetch wrote back.
  Counter prefetchFills, prefetchDropped, prefetchLate, prefetchUseful, prefetchUseless;
  Counter prefetchWritebacks;
  // Mascar III-C/III-D: refusals (NACKs) of mascar::kRefusable requests whose reservation failed
  // and of mascar::kHitOnly requests that missed, and hits of requests re-sent from a re-execution
  // queue.
  Counter refusals, refusalsNotOwner, reexecHits;

  void registerWith(StatsRegistry& stats, const std::string& prefix);
};

}  // namespace warpsim
