#pragma once
#include <array>
#include <cstdint>

#include "sched/CtaGroups.h"
#include "sched/IWarpSchedulingPolicy.h"

namespace warpsim {

// OWL's CTA-aware warp schedulers (Jog et al., ASPLOS'13, §4.1-4.3, Algorithm 1). The CTAs on
// the SM, in launch order, form groups of at least `minGroupWarps` warps (FORM_GROUPS); warps
// of one group are ordered round-robin (§4.1), and groups by the scheme:
//  - CtaAware (§4.1): one current group first, then the others round-robin after it; the
//    current group changes only once none of its warps is eligible ("all warps of the
//    already-chosen group are blocked", Algorithm 1) and another group's warp issues.
//  - CtaAwareLocality (§4.2): strict priority g_pri = g_num: group 0 (the oldest CTAs) first,
//    so its warps are chosen again the cycle any of them is ready.
//  - CtaAwareLocalityBlp (§4.3): strict priority g_pri = (g_num - core_ID) mod g_core.
// Groups re-form whenever a CTA arrives or leaves (SchedView::ctaEpoch), over the CTAs then
// resident: group 0 is always the oldest unfinished CTAs. Groups span the whole SM (OWL's core
// has one scheduler); with several issue slots each orders its own warps by them.
class CtaAwarePolicy : public IWarpSchedulingPolicy {
 public:
  CtaAwarePolicy(CtaScheme scheme, std::uint32_t minGroupWarps, SmId core);

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  void issued(WarpId w, const WarpInst& inst) override;

  // The groups as last formed (for tests and diagnosis).
  const CtaGroups& groups() const { return groups_; }
  // Warps (SM-wide) of group g, and g's priority position (0 first); CtaAware: the current one.
  std::uint64_t groupWarps(std::uint32_t g) const { return groupMask_[g]; }
  std::uint32_t currentGroup() const { return current_; }

 private:
  static constexpr std::uint32_t kMax = 64;
  static constexpr std::uint8_t kNoGroup = 0xff;
  void regroup(const SchedView& view);
  void appendGroup(std::uint32_t g, std::uint64_t ready, std::vector<WarpId>& out) const;
  bool blocked(const SchedView& view, std::uint64_t warps) const;

  CtaScheme scheme_;
  std::uint32_t minGroupWarps_;
  std::uint32_t core_;
  bool formed_ = false;
  std::uint64_t epoch_ = 0;
  CtaGroups groups_;
  std::uint64_t grouped_ = 0;                    // warps in some group
  std::array<std::uint64_t, kMax> groupMask_{};  // group -> its warps
  std::array<std::uint64_t, kMax> groupKey_{};   // group -> launch age of its oldest warp
  std::array<std::uint8_t, kMax> groupOf_{};     // warp -> group
  std::array<std::uint8_t, kMax> byPriority_{};  // priority position -> group
  std::array<std::uint8_t, kMax> rrNext_{};      // group -> warp after its last issuer
  std::uint32_t current_ = 0;                    // CtaAware: the group being run
  std::uint64_t currentKey_ = 0;                 // its groupKey_, to find it again after regrouping
  bool currentBlocked_ = false;  // none of its warps was eligible at the last order()
};

}  // namespace warpsim
