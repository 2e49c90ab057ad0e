#include "warpsim/dram/DramPolicies.h"

#include "warpsim/dram/GddrParams.h"

namespace warpsim {

DramSchedulerRegistry DramSchedulerRegistry::withBuiltins() {
  DramSchedulerRegistry r;
  r.add("fr-fcfs", "row hits first, then the oldest request (Rixner et al.; OWL Table 1)",
        [](const GddrParams&) { return std::make_unique<FrFcfsScheduler>(); });
  r.add("fcfs", "the oldest request of each bank, hit or not",
        [](const GddrParams&) { return std::make_unique<FcfsScheduler>(); });
  return r;
}

const DramSchedulerRegistry& DramSchedulerRegistry::builtins() {
  static const DramSchedulerRegistry r = withBuiltins();
  return r;
}

std::uint32_t OpportunisticPrefetcher::minimumLines(std::size_t pending) const {
  // pending < threshold, with the running average kept as sum / count (no rounding).
  const bool few = threshold_ ? pending < threshold_ : pending * arrivals_ < occupancySum_;
  return few ? higher_ : lower_;
}

bool OpportunisticPrefetcher::keepGoing(std::uint32_t sentThisRow, bool conflictWaiting,
                                        std::size_t pending) const {
  const std::uint32_t degree = minimumLines(pending);
  if (degree == 0) return false;  // OWL 5.1: a degree of 0 is no prefetching at all
  if (!conflictWaiting) return true;
  return sentThisRow < degree;  // a degree of the row's line count reads out the whole row
}

DramPrefetcherRegistry DramPrefetcherRegistry::withBuiltins() {
  DramPrefetcherRegistry r;
  r.add("none", "no memory-side prefetching",
        [](const GddrParams&) { return std::make_unique<NoPrefetcher>(); });
  r.add("opportunistic",
        "the open row's unsent lines while no other row is wanted, at least dram.prefetch_lower "
        "or _higher of them (OWL 4.4)",
        [](const GddrParams& p) {
          return std::make_unique<OpportunisticPrefetcher>(p.prefetchLower, p.prefetchHigher,
                                                           p.prefetchThreshold);
        });
  return r;
}

const DramPrefetcherRegistry& DramPrefetcherRegistry::builtins() {
  static const DramPrefetcherRegistry r = withBuiltins();
  return r;
}

}  // namespace warpsim
