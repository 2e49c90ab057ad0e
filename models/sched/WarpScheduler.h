#pragma once
// One issue slot's warp scheduler (doc/architecture.md): a module in the hierarchy
// (gpu.sm3.sched1) around a plain IWarpSchedulingPolicy, counting what the slot issued.
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "warpsim/sched/IWarpSchedulingPolicy.h"
#include "warpsim/stats/Counter.h"
#include "warpsim/workload/WarpInst.h"

namespace warpsim {

class StatsRegistry;

class WarpScheduler : public sc_core::sc_module {
 public:
  WarpScheduler(sc_core::sc_module_name name, std::unique_ptr<IWarpSchedulingPolicy> policy,
                std::uint32_t maxWarps, StatsRegistry& stats);

  // The slot's warps in the policy's priority order (see IWarpSchedulingPolicy::order).
  const std::vector<WarpId>& order(const SchedView& view, std::uint64_t slotWarps) {
    policy_->order(view, slotWarps, order_);
    return order_;
  }
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) {
    return policy_->firstReady(view, slotWarps);
  }
  void issued(WarpId w, const WarpInst& in) {
    (in.isMem() ? memIssued_ : computeIssued_).inc();
    policy_->issued(w, in);
  }
  IWarpSchedulingPolicy& policy() { return *policy_; }

 private:
  std::unique_ptr<IWarpSchedulingPolicy> policy_;
  std::vector<WarpId> order_;  // reserved once: order() does not allocate
  Counter memIssued_, computeIssued_;
};

}  // namespace warpsim
