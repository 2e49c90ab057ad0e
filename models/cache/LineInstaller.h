#pragma once
// What putting a line into the tags does: the victim it displaces is counted, reported (CCWS's
// victim tag array listens) and, if dirty, written back below through the miss queue; the new
// line is reserved for a pending fill, filled, or installed whole. The callers (the cache's
// access paths and its fill stage) have checked every reservation first, so nothing here
// fails except a fill or a prefetch that finds every way of its set reserved.
// Plain C++: no SystemC module.
#include <cstdint>
#include <functional>

#include "warpsim/cache/CacheStats.h"
#include "warpsim/cache/MissQueue.h"
#include "warpsim/cache/TagArray.h"

namespace warpsim {

class LineInstaller {
 public:
  // Called when a valid line is replaced (not when a store invalidates it).
  using EvictionObserver = std::function<void(Addr lineAddr, OwnerWarp owner)>;

  LineInstaller(TagArray& tags, MissQueue& missQueue, CacheStats& stats)
      : tags_(tags), missQueue_(missQueue), stats_(stats) {}
  void setEvictionObserver(EvictionObserver f) { evictionObserver_ = std::move(f); }

  // Whether replacing the line in (set, way) writes it back (it is valid and dirty): the
  // victim then needs a miss-queue slot of its own.
  bool writesBack(std::uint32_t set, std::uint32_t way) const {
    const CacheLine& v = tags_.line(set, way);
    return v.state == LineState::Valid && v.dirty;
  }
  // Replaces the line in (set, way) if it is valid: counted, written back if dirty (posted,
  // even past the miss queue's bound), counted useless if a prefetch nobody hit, and reported.
  void evict(std::uint32_t set, std::uint32_t way, Cycle t);
  // A miss with allocate-on-miss: `line` takes the victim way, reserved for its fill.
  void reserve(std::uint32_t set, std::uint32_t way, Addr line, OwnerWarp owner, Cycle t);
  // A whole line from above (a write-back cache's Writeback): valid and dirty, without a fetch.
  void installDirty(std::uint32_t set, std::uint32_t way, Addr line, OwnerWarp owner, Cycle t);
  // The fill of `line`: its reserved way becomes valid or, with allocate-on-fill, a victim
  // chosen now takes it for `owner`; dirty when a store waits on it. When every way of the set
  // is reserved the data passes uncached (not a fill).
  void fill(Addr line, bool dirty, OwnerWarp owner, Cycle t);
  // A line pushed up by a memory-side prefetcher (OWL 4.4): installed clean and marked
  // prefetched in the victim way (`firstOut`: where the policy replaces first), unless the line
  // is present or reserved, or every way is reserved; then the push is dropped.
  void installPrefetch(Addr line, bool firstOut, Cycle t);

 private:
  TagArray& tags_;
  MissQueue& missQueue_;
  CacheStats& stats_;
  EvictionObserver evictionObserver_;
};

}  // namespace warpsim
