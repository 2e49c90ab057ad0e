#pragma once
#include <cstdint>

#include "warpsim/sched/GtoPolicy.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

class Config;
class ConfigSchema;

// swl's option (section [sched]), registered with the `swl` entry (CCWS 3.2): warps per SM
// allowed to issue; 0 = no limit.
struct SwlParams {
  std::uint32_t limit = 0;

  static void declare(ConfigSchema& schema);  // sched.swl_limit
  static SwlParams load(const Config& config);
};

// Static wavefront limiting (CCWS sections 3.2 and 5.1, "Best-SWL"): "a register is used to
// determine how many wavefronts are actively issued"; "The GTO policy is used to select
// between wavefronts." Only the `limit` oldest warps of the slot may issue, GTO among them.
// Warps waiting at a barrier or finished do not count: "SWL limits the number of wavefronts
// running until a barrier, allows the rest of the work-group to reach the barrier, then
// continues with the same multithreading constraints" (section 3.2). The limit is per SM
// (CCWS: "per compute unit"); slotShare() splits it over the issue slots.
class SwlPolicy : public IWarpSchedulingPolicy {
 public:
  // Limits slot `slot` of `issueSlots` to its share of params.limit.
  explicit SwlPolicy(const SwlParams& params, std::uint32_t slot = 0, std::uint32_t issueSlots = 1);

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // GTO's first among the ready warps of the allowed ones.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  bool ordersWithoutReadiness() const override { return true; }
  void issued(WarpId w, const WarpInst& inst) override { gto_.issued(w, inst); }

  std::uint32_t limit() const { return limit_; }
  // Slot `slot`'s share of an SM-wide limit: as even as possible, lower slots taking the
  // remainder, and at least one warp so that no slot starves. 0 (no limit) gives 64.
  static std::uint32_t slotShare(std::uint32_t smLimit, std::uint32_t slot,
                                 std::uint32_t issueSlots);

 private:
  std::uint32_t limit_;
  GtoPolicy gto_;
};

}  // namespace warpsim
