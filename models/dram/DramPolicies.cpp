#include "dram/DramPolicies.h"

#include "config/Config.h"
#include "dram/GddrParams.h"

namespace warpsim {

std::unique_ptr<IDramScheduler> makeDramScheduler(const std::string& name) {
  if (name == "fr-fcfs") return std::make_unique<FrFcfsScheduler>();
  if (name == "fcfs") return std::make_unique<FcfsScheduler>();
  throw ConfigError("dram.scheduler = " + name + ": allowed values are fr-fcfs, fcfs");
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

std::unique_ptr<IDramPrefetcher> makeDramPrefetcher(const GddrParams& p) {
  if (p.prefetch == DramPrefetch::Opportunistic)
    return std::make_unique<OpportunisticPrefetcher>(p.prefetchLower, p.prefetchHigher,
                                                     p.prefetchThreshold);
  return std::make_unique<NoPrefetcher>();
}

}  // namespace warpsim
