#pragma once
#include <array>
#include <cstdint>

#include "warpsim/sched/GtoPolicy.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

class Config;
class ConfigSchema;

// How a two-level scheduler orders warps within a fetch group (inner) or the groups (outer).
enum class SchedOrder { Rr, Gto };

// 2lvl's options (section [sched]), registered with the `2lvl` entry. CCWS 5.1, "2LVL-GTO":
// fetch group size in warps of one issue slot, and the orders within and across groups; CCWS
// presents groups of 2 with GTO at both levels. `ccws` with ccws.baseline = 2lvl reads them too.
struct TwoLevelParams {
  std::uint32_t groupSize = 2;
  SchedOrder inner = SchedOrder::Gto;
  SchedOrder outer = SchedOrder::Gto;

  // Adds sched.group_size, sched.inner and sched.outer, unless `schema` has them already: the
  // entries that read them (2lvl, ccws) each declare them, and a schema holds them once.
  static void declare(ConfigSchema& schema);
  static TwoLevelParams load(const Config& config);
};

// Two-level scheduling (CCWS section 5.1, "2LVL-GTO", after Narasiman et al.): the slot's warps
// are split into fetch groups of `groupSize` warps, and the scheduler "executes from only one
// fetch group until all wavefronts in that group are stalled": the current group's ready warps
// come first (inner order: RR or GTO), then the other groups' (outer order: RR, the groups after
// the current one; or GTO, the group holding the oldest warp first). Issuing from another
// group makes it the current one. CCWS presents groups of 2 with GTO at both levels; Narasiman
// et al. used groups of 8 with RR at both levels ("2LVL-LRR").
//
// Groups are fixed sets of warp slots, as hardware fetch groups are: group k of a slot holds
// the slot's warp slots k*G .. k*G+G-1 counted in ascending warp id (slot s of S owns the warps
// w with w % S == s), whichever warps occupy them; CCWS does not say how groups are formed.
class TwoLevelPolicy : public IWarpSchedulingPolicy {
 public:
  // `issueSlots`: the SM's issue slots, which interleave the warp slots.
  explicit TwoLevelPolicy(const TwoLevelParams& params, std::uint32_t issueSlots = 1);

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // order()'s first warp: the current group's first ready warp, else that of the group the outer
  // order puts first among those with a ready warp.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  // Groups are ranked by the current one, round-robin position or their oldest warp, and warps
  // within a group by GTO or round-robin: none of it looks at which warps are ready.
  bool ordersWithoutReadiness() const override { return true; }
  void issued(WarpId w, const WarpInst& inst) override;

  std::uint32_t currentGroup() const { return current_; }

 private:
  static constexpr std::uint32_t kMaxWarps = 64;
  void appendGroup(const SchedView& view, std::uint64_t slotWarps, std::uint32_t group,
                   std::uint64_t ready, std::vector<WarpId>& out);
  void appendOldestGroupsFirst(const SchedView& view, std::uint64_t slotWarps, std::uint64_t groups,
                               std::uint64_t ready, std::vector<WarpId>& out);
  // The groups of `groups` as a mask of their oldest warps' ranks (iterating it visits them
  // oldest first), and the group at each such rank in `groupAtRank`.
  std::uint64_t groupsByAge(const SchedView& view, std::uint64_t slotWarps, std::uint64_t groups,
                            std::array<std::uint8_t, kMaxWarps>& groupAtRank);
  std::optional<WarpId> firstOfGroup(const SchedView& view, std::uint64_t slotWarps,
                                     std::uint32_t group, std::uint64_t ready);

  SchedOrder inner_, outer_;
  std::array<std::uint64_t, kMaxWarps> groupMask_{};  // group -> its warp slots
  std::array<std::uint8_t, kMaxWarps> groupOf_{};     // warp slot -> group
  std::array<std::uint8_t, kMaxWarps> rrNext_{};      // group -> warp after its last issuer
  std::uint32_t current_ = 0;
  GtoPolicy gto_;  // inner GTO order, and the age order for outer GTO
};

}  // namespace warpsim
