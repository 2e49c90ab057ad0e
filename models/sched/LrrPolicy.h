#pragma once
#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

// Loose round-robin (CCWS section 5.1, "LRR"): every warp gets an equal chance; the search
// starts at the warp after the one that issued last.
class LrrPolicy : public IWarpSchedulingPolicy {
 public:
  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // The first ready warp at or after the one after the last issuer, wrapping.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  bool ordersWithoutReadiness() const override { return true; }
  void issued(WarpId w, const WarpInst& inst) override;

 private:
  std::uint32_t next_ = 0;  // the warp after the last issuer
};

}  // namespace warpsim
