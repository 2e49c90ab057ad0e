#include "warpsim/sm/InstCache.h"

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

InstCache::InstCache(std::uint32_t sets, std::uint32_t ways, std::uint32_t lineSize,
                     std::uint32_t missLatency)
    : sets_(sets),
      ways_(ways),
      lineSize_(lineSize),
      missLatency_(missLatency),
      tags_(sets * ways) {}

Cycle InstCache::access(std::uint32_t pc, Cycle now) {
  accesses_.inc();
  const std::uint64_t line = pc / lineSize_;
  Way* set = &tags_[(line % sets_) * ways_];
  Way* victim = set;
  for (Way* w = set; w != set + ways_; ++w) {
    if (w->valid && w->line == line) {
      w->lastUse = now;
      if (w->ready > now) pendingHits_.inc();
      return w->ready;
    }
    if (!w->valid || (victim->valid && w->lastUse < victim->lastUse)) victim = w;
  }
  misses_.inc();
  *victim = Way{true, line, now + missLatency_, now};
  return victim->ready;
}

void InstCache::registerWith(StatsRegistry& stats, const std::string& p) {
  stats.addCounter(p + ".accesses", accesses_);
  stats.addCounter(p + ".misses", misses_);
  stats.addCounter(p + ".pending_hits", pendingHits_);
}

}  // namespace warpsim
