#pragma once
// CCWS §3.3.3's lost intra-wavefront locality detector: a victim tag array (tags only, no data)
// whose sets are divided among the warp slots of a core, so that every warp has a small VTA of
// its own. The L1D's evictions put the line's tag into the partition of the warp that reserved
// it; an L1D miss probes the missing warp's partition, and a hit there means the warp lost
// intra-warp locality (a VTA hit). Plain C++, no SystemC.
#include <cstdint>
#include <vector>

#include "warpsim/core/Ids.h"
#include "warpsim/interfaces/VtaGeometry.h"

namespace warpsim {

class VictimTagArray {
 public:
  // Partitions for `warps` warp slots; `lineSize` (a power of two) turns addresses into tags.
  // Throws std::invalid_argument if the geometry is empty or entries are not a multiple of ways.
  VictimTagArray(std::uint32_t warps, VtaGeometry geometry, std::uint32_t lineSize);

  // An L1D eviction of `line` reserved by `warp`: its tag enters the warp's partition (LRU).
  void insert(WarpId warp, Addr line);
  // An L1D miss on `line` by `warp`: true on a VTA hit, which removes the entry (the line is
  // fetched again and will re-enter on its next eviction).
  bool probe(WarpId warp, Addr line);
  // Forgets warp `warp`'s partition (a new warp takes the slot).
  void clear(WarpId warp);
  bool contains(WarpId warp, Addr line) const;

  std::uint32_t setsPerWarp() const { return sets_; }
  std::uint32_t ways() const { return ways_; }

 private:
  struct Entry {
    Addr tag = 0;
    std::uint64_t stamp = 0;  // 0: invalid; otherwise the LRU stamp
  };
  std::size_t base(WarpId warp, Addr line) const;
  std::uint32_t sets_, ways_, lineShift_, warps_;
  std::vector<Entry> entries_;  // warps x sets x ways
  std::uint64_t clock_ = 0;
};

}  // namespace warpsim
