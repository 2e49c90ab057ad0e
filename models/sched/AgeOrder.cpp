#include "warpsim/sched/AgeOrder.h"

#include <stdexcept>

namespace warpsim {

// A warp slot can lose its warp and get a new one between two calls while the slot's mask
// stays the same, so each warp a query touches is checked against the age it was sorted by;
// warps a query does not touch cannot affect its answer.
std::uint64_t AgeOrder::ranks(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask) {
  if (slotWarps != members_) rebuild(view, slotWarps);
  std::uint64_t r = 0;
  for (std::uint64_t m = mask; m != 0; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    if (!current(view, w)) {
      rebuild(view, slotWarps);
      return ranks(view, slotWarps, mask);  // at most once: every age is now current
    }
    r |= std::uint64_t{1} << rank_[w];
  }
  return r;
}

// Warps are found in the order they were sorted by; only the one returned is checked for a
// new age. A warp slot refilled since (not checked) holds a warp launched after every sorted
// one, so it is younger than the one returned whatever its place in the stale order.
std::uint32_t AgeOrder::oldest(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask) {
  if (slotWarps != members_) rebuild(view, slotWarps);
  for (std::uint32_t r = 0; r < count_; ++r) {
    const std::uint32_t w = byRank_[r];
    if (((mask >> w) & 1u) == 0) continue;
    if (!current(view, w)) {
      rebuild(view, slotWarps);
      return oldest(view, slotWarps, mask);  // at most once: every age is now current
    }
    return w;
  }
  throw std::logic_error("AgeOrder::oldest: a mask outside the slot's warps");
}

std::uint64_t AgeOrder::oldestActive(const SchedView& view, std::uint64_t slotWarps,
                                     std::uint32_t n) {
  if (slotWarps != members_) rebuild(view, slotWarps);
  std::uint64_t active = 0;
  std::uint32_t taken = 0;
  for (std::uint32_t r = 0; r < count_ && taken < n; ++r) {
    const std::uint32_t w = byRank_[r];
    if (!current(view, w)) {
      rebuild(view, slotWarps);
      return oldestActive(view, slotWarps, n);
    }
    const WarpState& s = view.warp(WarpId{w});
    if (s.atBarrier || s.finished) continue;
    active |= std::uint64_t{1} << w;
    ++taken;
  }
  return active;
}

void AgeOrder::append(std::uint64_t ranks, std::vector<WarpId>& out) const {
  for (; ranks != 0; ranks &= ranks - 1) out.push_back(WarpId{byRank_[__builtin_ctzll(ranks)]});
}

// Insertion sort of at most 64 warps, run only when the slot's warps change (a CTA launched or
// a warp retired). Warps are collected in ascending id, so equal ages keep the lower id first.
void AgeOrder::rebuild(const SchedView& view, std::uint64_t slotWarps) {
  members_ = slotWarps;
  count_ = 0;
  for (std::uint64_t m = slotWarps; m != 0; m &= m - 1) {
    const auto w = static_cast<std::uint8_t>(__builtin_ctzll(m));
    const std::uint64_t age = view.warp(WarpId{w}).age;
    age_[w] = age;
    std::uint32_t i = count_++;
    for (; i > 0 && age_[byRank_[i - 1]] > age; --i) byRank_[i] = byRank_[i - 1];
    byRank_[i] = w;
  }
  for (std::uint32_t r = 0; r < count_; ++r) rank_[byRank_[r]] = static_cast<std::uint8_t>(r);
}

}  // namespace warpsim
