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

void OpportunisticParams::declare(ConfigSchema& s) {
  s.addUInt("dram.prefetch_lower", 8,
            "opportunistic prefetcher: lines prefetched at least from a row even when a demand "
            "to another row waits (OWL 4.4 'lower')",
            0, 4096);
  s.addUInt("dram.prefetch_higher", 16,
            "opportunistic prefetcher: that minimum when fewer demands than the threshold are "
            "pending (OWL 4.4 'higher')",
            0, 4096);
  s.addUInt("dram.prefetch_threshold", 0,
            "opportunistic prefetcher: pending demands below which 'higher' applies (0: the "
            "running average queue occupancy, OWL 4.4)",
            0, 4096);
}

OpportunisticParams OpportunisticParams::load(const Config& c) {
  OpportunisticParams p;
  p.lower = static_cast<std::uint32_t>(c.getUInt("dram.prefetch_lower"));
  p.higher = static_cast<std::uint32_t>(c.getUInt("dram.prefetch_higher"));
  p.threshold = static_cast<std::uint32_t>(c.getUInt("dram.prefetch_threshold"));
  if (p.higher < p.lower)
    throw ConfigError("dram.prefetch_higher = " + std::to_string(p.higher) +
                      ": must be at least dram.prefetch_lower = " + std::to_string(p.lower) +
                      " (OWL 4.4: higher is used when few "
                      "demands wait)");
  return p;
}

DramPrefetcherRegistry DramPrefetcherRegistry::withBuiltins() {
  DramPrefetcherRegistry r;
  r.add("none", "no memory-side prefetching",
        [](const GddrParams&) { return std::make_unique<NoPrefetcher>(); });
  r.addWithOptions(
      "opportunistic",
      "the open row's unsent lines while no other row is wanted, at least dram.prefetch_lower "
      "or _higher of them (OWL 4.4)",
      OpportunisticParams::declare, OpportunisticParams::load,
      [](const OpportunisticParams& o, const GddrParams&) {
        return std::make_unique<OpportunisticPrefetcher>(o.lower, o.higher, o.threshold);
      });
  return r;
}

const DramPrefetcherRegistry& DramPrefetcherRegistry::builtins() {
  static const DramPrefetcherRegistry r = withBuiltins();
  return r;
}

}  // namespace warpsim
