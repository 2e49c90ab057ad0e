#include "warpsim/cache/CacheStats.h"

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

void CacheStats::registerWith(StatsRegistry& s, const std::string& prefix) {
  const std::string p = prefix + ".";
  s.addCounter(p + "accesses", accesses);
  s.addCounter(p + "hits", hits);
  s.addCounter(p + "misses", misses);
  s.addCounter(p + "mshr_merges", mshrMerges);
  s.addRatio(p + "hit_rate", hits, accesses);
  s.addCounter(p + "intra_warp_hits", intraWarpHits);
  s.addCounter(p + "inter_warp_hits", interWarpHits);
  s.addCounter(p + "reservation_fail_line", failLine);
  s.addCounter(p + "reservation_fail_mshr", failMshr);
  s.addCounter(p + "reservation_fail_miss_queue", failMissQueue);
  s.addCounter(p + "reservation_fail_line_cycles", failLineCycles);
  s.addCounter(p + "reservation_fail_mshr_cycles", failMshrCycles);
  s.addCounter(p + "reservation_fail_miss_queue_cycles", failMissQueueCycles);
  s.addCounter(p + "fills", fills);
  s.addCounter(p + "evictions", evictions);
  s.addCounter(p + "writebacks", writebacks);
  s.addCounter(p + "reads_below", readsBelow);
  s.addCounter(p + "writes_below", writesBelow);
  s.addCounter(p + "upstream_stall_cycles", upstreamStallCycles);
  s.addCounter(p + "saturated_cycles", saturatedCycles);
  s.addCounter(p + "refusals", refusals);
  s.addCounter(p + "refusals_not_owner", refusalsNotOwner);
  s.addCounter(p + "reexec_hits", reexecHits);
  s.addHistogram(p + "load_latency", loadLatency);
  s.addCounter(p + "prefetch_fills", prefetchFills);
  s.addCounter(p + "prefetch_dropped", prefetchDropped);
  s.addCounter(p + "prefetch_useful", prefetchUseful);
  s.addCounter(p + "prefetch_useless", prefetchUseless);
  s.addCounter(p + "prefetch_late", prefetchLate);
  s.addCounter(p + "prefetch_writebacks", prefetchWritebacks);
  // accuracy = useful / fills; coverage = useful / (useful + demand misses); lateness = late /
  // prefetches received (installed or dropped).
  s.addRatio(p + "prefetch_accuracy", prefetchUseful, prefetchFills);
  s.addRatioOfSum(p + "prefetch_coverage", prefetchUseful, prefetchUseful, misses);
  s.addRatioOfSum(p + "prefetch_lateness", prefetchLate, prefetchFills, prefetchDropped);
}

}  // namespace warpsim
