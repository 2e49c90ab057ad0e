#include "sched/CtaAwarePolicy.h"

#include <stdexcept>

#include "sched/WarpMask.h"

namespace warpsim {

CtaAwarePolicy::CtaAwarePolicy(CtaScheme scheme, std::uint32_t minGroupWarps, SmId core)
    : scheme_(scheme), minGroupWarps_(minGroupWarps), core_(core.value()) {
  if (minGroupWarps == 0)
    throw std::invalid_argument("CtaAwarePolicy: the minimum group size must be positive");
  groupOf_.fill(kNoGroup);
}

void CtaAwarePolicy::order(const SchedView& view, std::uint64_t slotWarps,
                           std::vector<WarpId>& order) {
  order.clear();
  if (!formed_ || view.ctaEpoch() != epoch_) regroup(view);
  const std::uint64_t ready = slotWarps & view.readyMask();
  if (scheme_ == CtaScheme::CtaAware) {
    // §4.1: the current group first, then the groups after it, round-robin.
    currentBlocked_ = blocked(view, slotWarps & groupMask_[current_]);
    for (std::uint32_t i = 0; i < groups_.count; ++i) {
      const std::uint32_t g = current_ + i;
      appendGroup(g < groups_.count ? g : g - groups_.count, ready, order);
    }
  } else {
    for (std::uint32_t p = 0; p < groups_.count; ++p) appendGroup(byPriority_[p], ready, order);
  }
  // Warps of no group (none while the view's epoch is kept) come last, in slot order.
  for (std::uint64_t m = ready & ~grouped_; m != 0; m &= m - 1)
    order.push_back(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(m))});
}

void CtaAwarePolicy::issued(WarpId w, const WarpInst&) {
  const std::uint8_t g = groupOf_[w.value()];
  if (g == kNoGroup) return;
  rrNext_[g] = static_cast<std::uint8_t>(w.value() + 1);
  // Algorithm 1: another group is chosen only once every warp of the chosen one is blocked.
  if (scheme_ == CtaScheme::CtaAware && g != current_ && currentBlocked_) {
    current_ = g;
    currentKey_ = groupKey_[g];
  }
}

// Round-robin within the group (§4.1), from the warp after its last issuer.
void CtaAwarePolicy::appendGroup(std::uint32_t g, std::uint64_t ready,
                                 std::vector<WarpId>& out) const {
  const std::uint64_t m = ready & groupMask_[g];
  const std::uint64_t ahead = m & warpsFrom(rrNext_[g]);
  for (std::uint64_t part : {ahead, m & ~ahead})
    for (; part != 0; part &= part - 1)
      out.push_back(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(part))});
}

// Blocked: no warp of `warps` is eligible (a busy unit does not count: the data is there).
bool CtaAwarePolicy::blocked(const SchedView& view, std::uint64_t warps) const {
  if (warps & view.readyMask()) return false;
  for (std::uint64_t m = warps; m != 0; m &= m - 1)
    if (view.warp(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(m))}).eligible) return false;
  return true;
}

// FORM_GROUPS over the CTAs resident now, oldest first: a CTA's warps all launch together, so
// the age of any of its warps orders it. Runs only when a CTA arrived or left.
void CtaAwarePolicy::regroup(const SchedView& view) {
  formed_ = true;
  epoch_ = view.ctaEpoch();
  std::array<std::uint64_t, kMax> ctaWarps{}, ctaAge{};
  std::array<std::uint32_t, kMax> ctaK{};
  std::uint64_t used = 0;
  for (std::uint32_t w = 0; w < view.warpSlots(); ++w) {
    const WarpState& s = view.warp(WarpId{w});
    if (!s.resident || s.ctaSlot >= kMax) continue;
    const std::uint32_t c = s.ctaSlot;
    if (!(used & warpBit(c)) || s.age < ctaAge[c]) ctaAge[c] = s.age;
    used |= warpBit(c);
    ctaWarps[c] |= warpBit(w);
    ctaK[c] = s.ctaWarps;
  }
  // CTA slots sorted by age (insertion sort of at most 64).
  std::array<std::uint8_t, kMax> sorted{};
  std::uint32_t n = 0;
  for (std::uint64_t m = used; m != 0; m &= m - 1) {
    const auto c = static_cast<std::uint8_t>(__builtin_ctzll(m));
    std::uint32_t i = n++;
    for (; i > 0 && ctaAge[sorted[i - 1]] > ctaAge[c]; --i) sorted[i] = sorted[i - 1];
    sorted[i] = c;
  }
  // k: the oldest CTA's warps per CTA (OWL runs one kernel at a time); its resident warps when
  // the SM does not say.
  std::uint32_t k = 1;
  if (n > 0) {
    const std::uint8_t oldest = sorted[0];
    k = ctaK[oldest] ? ctaK[oldest]
                     : static_cast<std::uint32_t>(__builtin_popcountll(ctaWarps[oldest]));
  }
  groups_ = formCtaGroups(n, k, minGroupWarps_);
  groupMask_.fill(0);
  groupOf_.fill(kNoGroup);
  rrNext_.fill(0);  // a re-formed group starts its round-robin at its lowest warp slot
  grouped_ = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint8_t c = sorted[i];
    const std::uint32_t g = groups_.groupOf(i);
    if (groupMask_[g] == 0) groupKey_[g] = ctaAge[c];
    groupMask_[g] |= ctaWarps[c];
    grouped_ |= ctaWarps[c];
    for (std::uint64_t m = ctaWarps[c]; m != 0; m &= m - 1)
      groupOf_[__builtin_ctzll(m)] = static_cast<std::uint8_t>(g);
  }
  // Priorities are a permutation of the groups for -Locality and -Locality-BLP; CtaAware's are
  // all equal and it goes by current_ instead.
  for (std::uint32_t g = 0; g < groups_.count; ++g) {
    const std::uint32_t p =
        scheme_ == CtaScheme::CtaAware ? g : ctaGroupPriority(scheme_, g, core_, groups_.count);
    byPriority_[p] = static_cast<std::uint8_t>(g);
  }
  // CtaAware keeps running the group holding the oldest CTA not older than the current one's.
  current_ = 0;
  for (std::uint32_t i = 0; i < n; ++i)
    if (ctaAge[sorted[i]] >= currentKey_) {
      current_ = groups_.groupOf(i);
      break;
    }
  currentKey_ = groups_.count ? groupKey_[current_] : 0;
}

}  // namespace warpsim
