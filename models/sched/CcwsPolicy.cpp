#include "warpsim/sched/CcwsPolicy.h"

#include <algorithm>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

CcwsPolicy::CcwsPolicy(const CcwsParams& params, std::unique_ptr<IWarpSchedulingPolicy> baseline)
    : params_(params), baseline_(std::move(baseline)) {}

std::uint64_t CcwsPolicy::llds(std::uint64_t vtaHits, std::uint64_t issued, double kThrottle,
                               std::uint64_t cutoff) {
  if (issued == 0) return 0;
  // Multiplied first, so that whole results come out exact.
  return static_cast<std::uint64_t>(static_cast<double>(vtaHits) * kThrottle *
                                    static_cast<double>(cutoff) / static_cast<double>(issued));
}

std::uint64_t CcwsPolicy::score(WarpId w, Cycle now) const {
  const std::uint64_t base = params_.baseScore;
  const std::uint64_t peak = peak_[w.value()];
  const Cycle since = now - raisedAt_[w.value()];
  return peak > base + since ? peak - since : base;
}

// §3.3.4: "A wavefront's LLS can increase when the LLD sends a VTA hit signal"; the new score
// is the LLDS of Eq. 1 computed now, which also caps it ("capping each wavefront's score at
// LLDS, regardless of how many VTA hits it has received").
void CcwsPolicy::lostLocality(WarpId warp, Cycle now) {
  vtaHits_.inc();
  const std::uint64_t cutoff = std::uint64_t{std::max(active_, 1u)} * params_.baseScore;
  const std::uint64_t s = llds(vtaHits_.value(), issued_.value(), params_.kThrottle, cutoff);
  if (s <= params_.baseScore || warp.value() >= kWarps) return;
  raises_.inc();
  peak_[warp.value()] = s;
  raisedAt_[warp.value()] = now;
  raisedUntil_ = std::max(raisedUntil_, now + (s - params_.baseScore));
}

void CcwsPolicy::track(const SchedView& view, std::uint64_t slotWarps) {
  active_ = static_cast<std::uint32_t>(__builtin_popcountll(slotWarps));
  for (std::uint64_t m = slotWarps; m != 0; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    const std::uint64_t age = view.warp(WarpId{w}).age;
    if (age_[w] != age) {
      age_[w] = age;
      peak_[w] = 0;
    }
  }
}

// §3.3.4: "Wavefronts whose LLS falls above the cumulative LLS cutoff in the sorted heap are
// prevented from issuing loads": a warp is above the cutoff when the scores sorted before it
// (larger, or equal and older) already sum to the cutoff, so the warp with the largest score
// always keeps its permission.
std::uint64_t CcwsPolicy::loadThrottled(const SchedView& view, std::uint64_t slotWarps) {
  track(view, slotWarps);
  const Cycle now = view.now();
  if (now >= raisedUntil_) return 0;  // every score at the base: the sum reaches the cutoff last
  struct Entry {
    std::uint64_t score, age;
    std::uint32_t warp;
  };
  std::array<Entry, kWarps> sorted;
  std::uint32_t n = 0;
  for (std::uint64_t m = slotWarps; m != 0; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    Entry e{score(WarpId{w}, now), view.warp(WarpId{w}).age, w};
    std::uint32_t i = n++;
    for (; i > 0 && (sorted[i - 1].score < e.score ||
                     (sorted[i - 1].score == e.score && sorted[i - 1].age > e.age));
         --i)
      sorted[i] = sorted[i - 1];
    sorted[i] = e;
  }
  const std::uint64_t cutoff = std::uint64_t{n} * params_.baseScore;
  std::uint64_t sum = 0, throttled = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (sum >= cutoff) throttled |= std::uint64_t{1} << sorted[i].warp;
    sum += sorted[i].score;
  }
  return throttled;
}

void CcwsPolicy::order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) {
  baseline_->order(view, slotWarps, order);
  const std::uint64_t throttled = loadThrottled(view, slotWarps);
  if (throttled == 0) return;
  std::size_t kept = 0;
  for (WarpId w : order) {
    const WarpState& s = view.warp(w);
    if (((throttled >> w.value()) & 1u) && s.nextIsLoad && s.eligible) {
      refusals_.inc();
      continue;
    }
    order[kept++] = w;
  }
  order.resize(kept);
}

std::optional<WarpId> CcwsPolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  const std::uint64_t ready = slotWarps & view.readyMask();
  const std::uint64_t throttled = loadThrottled(view, slotWarps) & ready;
  if (throttled == 0) return baseline_->firstReady(view, slotWarps);
  if (!baseline_->ordersWithoutReadiness()) return std::nullopt;  // order() filters the order
  std::uint64_t refused = 0;  // what order() leaves out: ready warps whose next load is throttled
  for (std::uint64_t m = throttled; m != 0; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    if (view.warp(WarpId{w}).nextIsLoad) refused |= std::uint64_t{1} << w;
  }
  if ((ready & ~refused) == 0) return std::nullopt;  // order() finds none, and counts them
  refusals_.inc(static_cast<std::uint64_t>(__builtin_popcountll(refused)));
  SchedView kept = view;
  kept.setReady(view.readyMask() & ~refused);
  return baseline_->firstReady(kept, slotWarps);
}

void CcwsPolicy::issued(WarpId w, const WarpInst& inst) {
  issued_.inc();
  baseline_->issued(w, inst);
}

void CcwsPolicy::registerStats(StatsRegistry& stats, const std::string& prefix) {
  stats.addCounter(prefix + ".vta_hits", vtaHits_);
  stats.addCounter(prefix + ".score_raises", raises_);
  stats.addCounter(prefix + ".load_refusals", refusals_);
  stats.addCounter(prefix + ".instructions", issued_);
}

}  // namespace warpsim
