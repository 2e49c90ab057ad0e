#include "warpsim/config/gpgpusim/Units.h"

#include <cmath>

namespace warpsim::gpgpusim {

std::uint64_t coreToDomainCycles(std::uint64_t coreCycles, double coreMHz, double domainMHz) {
  if (!(coreMHz > 0 && domainMHz > 0)) return coreCycles;  // a clock the program lacks
  return static_cast<std::uint64_t>(std::llround(double(coreCycles) * domainMHz / coreMHz));
}

UnitWidth lanesForInterval(std::uint32_t interval, std::uint32_t pipeClockRatio) {
  UnitWidth best{1, 0};
  std::uint32_t bestDistance = ~0u;
  for (std::uint32_t lanes = 1; lanes <= 32; ++lanes) {  // the fewest lanes that give it
    const std::uint32_t perCycle = lanes * pipeClockRatio;
    const std::uint32_t achieved = (32 + perCycle - 1) / perCycle;
    const std::uint32_t distance = achieved > interval ? achieved - interval : interval - achieved;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = {lanes, achieved};
    }
  }
  return best;
}

}  // namespace warpsim::gpgpusim
