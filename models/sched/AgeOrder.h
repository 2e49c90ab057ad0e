#pragma once
// The warps of one issue slot sorted oldest first, for the age-based policies (GTO, two-level,
// SWL). Ages only change when a warp slot gets a new warp, so the order is kept across cycles
// and rebuilt only then: a query costs a few bit operations per warp it touches, and never
// sorts or allocates.
#include <array>
#include <cstdint>
#include <vector>

#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

class AgeOrder {
 public:
  // Ranks are positions in the slot's age order: rank 0 is the oldest warp of `slotWarps`
  // (smallest WarpState::age, ties by lower warp id). Returns the mask of the ranks of the
  // warps in `mask`, a subset of `slotWarps`; iterating its bits visits them oldest first.
  std::uint64_t ranks(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask);
  // The oldest warp of `mask` (a non-empty subset of `slotWarps`). Looks only at the warps
  // older than it, so it costs little when old warps are ready.
  std::uint32_t oldest(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask);
  // Up to `n` oldest warps of `slotWarps` that can still issue: not waiting at a barrier and
  // not finished. A warp mask.
  std::uint64_t oldestActive(const SchedView& view, std::uint64_t slotWarps, std::uint32_t n);
  // The warp of rank `r` in the order the last query saw.
  std::uint32_t warpAt(std::uint32_t r) const { return byRank_[r]; }
  // The age recorded for warp `w` (valid for warps a query has just returned).
  std::uint64_t ageOf(std::uint32_t w) const { return age_[w]; }
  // Appends the warps of rank mask `ranks` to `out`, oldest first.
  void append(std::uint64_t ranks, std::vector<WarpId>& out) const;

 private:
  bool current(const SchedView& view, std::uint32_t w) const {
    return view.warp(WarpId{w}).age == age_[w];
  }
  void rebuild(const SchedView& view, std::uint64_t slotWarps);

  std::uint64_t members_ = 0;  // the slot's warps when the order was built
  std::uint32_t count_ = 0;
  std::array<std::uint8_t, 64> byRank_{};  // rank -> warp
  std::array<std::uint8_t, 64> rank_{};    // warp -> rank
  std::array<std::uint64_t, 64> age_{};    // warp -> its age when the order was built
};

}  // namespace warpsim
