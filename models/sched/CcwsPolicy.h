#pragma once
// Cache-conscious wavefront scheduling (Rogers, O'Connor, Aamodt, MICRO'12, §3.3): a filter on
// a baseline prioritisation (GTO by default, §5.1). Every warp has a lost-locality score (LLS)
// that starts at the base score; a VTA hit from the L1D's lost-locality detector (§3.3.3,
// VictimTagArray) raises it to the lost-locality detected score (LLDS, Eq. 1); scores decay by
// one point per cycle back to the base (§3.3.4). The warps sorted by score, largest first, are
// summed; a warp whose running sum has reached the cumulative cutoff (active warps x base
// score) before it may not issue loads this cycle. Other instructions are unaffected.
#include <array>
#include <cstdint>
#include <memory>

#include "warpsim/interfaces/ILostLocalitySink.h"
#include "warpsim/sched/CcwsParams.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class CcwsPolicy : public IWarpSchedulingPolicy, public ILostLocalitySink {
 public:
  CcwsPolicy(const CcwsParams& params, std::unique_ptr<IWarpSchedulingPolicy> baseline);

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // The baseline's first ready warp when no ready warp is refused a load. Otherwise, with a
  // baseline that orders without looking at readiness (GTO, LRR, 2LVL): its first among the
  // ready warps not refused, the refusals counted as order() counts them. Nothing (order()
  // decides) with a baseline that does not say so, or when every ready warp is refused.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  void issued(WarpId w, const WarpInst& inst) override;
  bool decidesByTime() const override { return true; }  // scores decay every cycle

  void lostLocality(WarpId warp, Cycle now) override;
  VtaGeometry vtaGeometry() const override { return params_.vta; }
  void registerStats(StatsRegistry& stats, const std::string& prefix) override;

  // Eq. 1: LLDS = VTA hits / instructions issued x K_THROTTLE x cumulative cutoff.
  static std::uint64_t llds(std::uint64_t vtaHits, std::uint64_t issued, double kThrottle,
                            std::uint64_t cutoff);
  // Warp `w`'s lost-locality score at cycle `now` (decay computed from its last raise).
  std::uint64_t score(WarpId w, Cycle now) const;
  // Bit w: resident warp w of `slotWarps` may not issue loads at view.now().
  std::uint64_t loadThrottled(const SchedView& view, std::uint64_t slotWarps);

  std::uint64_t vtaHits() const { return vtaHits_.value(); }
  std::uint64_t instructions() const { return issued_.value(); }
  std::uint64_t refusals() const { return refusals_.value(); }

 private:
  static constexpr std::uint32_t kWarps = 64;
  // A warp slot's score is reset when a new warp (another age) takes it.
  void track(const SchedView& view, std::uint64_t slotWarps);

  CcwsParams params_;
  std::unique_ptr<IWarpSchedulingPolicy> baseline_;
  std::array<std::uint64_t, kWarps> peak_{};      // score set by the last raise (0: none)
  std::array<Cycle, kWarps> raisedAt_{};          // cycle of the last raise
  std::array<std::uint64_t, kWarps> age_{};       // the age of the warp the score belongs to
  std::uint32_t active_ = 0;                      // resident warps at the last order()
  Cycle raisedUntil_ = 0;                         // every score is at the base from here on
  Counter vtaHits_, issued_, refusals_, raises_;  // raises: hits that set a score above base
};

}  // namespace warpsim
