#pragma once
#include <cstdint>

#include "warpsim/sched/AgeOrder.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

// Greedy-then-oldest (CCWS section 5.1, "GTO"): "GTO runs a single wavefront until it stalls
// then picks the oldest ready wavefront. The age of a wavefront is determined by the time it is
// assigned to the core." Age is WarpState::age; the SM numbers a CTA's warps in thread order,
// and warp ids break ties, as CCWS's smallest thread IDs do. The order is the last issuer if it
// is ready, then the other ready warps oldest first. The two-level and SWL policies use it as
// their building block through append().
class GtoPolicy : public IWarpSchedulingPolicy {
 public:
  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // The last issuer if it is ready, else the oldest ready warp: order()'s first ready warp.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  bool ordersWithoutReadiness() const override { return true; }
  void issued(WarpId w, const WarpInst& inst) override;

  // The first warp append() would give for `mask` (a subset of slotWarps), without building
  // the list; nothing if `mask` is empty.
  std::optional<WarpId> firstOf(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask);
  // Appends the warps of `mask` (a subset of slotWarps) in GTO order: the last issuer first if
  // it is in `mask`, then the rest oldest first.
  void append(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask,
              std::vector<WarpId>& out);
  // The slot's age order, shared with the policies built on this one.
  AgeOrder& ages() { return ages_; }

 private:
  static constexpr std::uint32_t kNone = 64;
  // The last issuer is in `mask`, and is still the warp that issued (not a new one in its slot).
  bool isGreedy(const SchedView& view, std::uint64_t mask) const {
    return last_ != kNone && ((mask >> last_) & 1u) && view.warp(WarpId{last_}).age == lastAge_;
  }
  AgeOrder ages_;
  std::uint32_t last_ = kNone;  // the warp that issued last
  std::uint64_t lastAge_ = 0;   // its age: a new warp in the same slot is not the greedy one
};

}  // namespace warpsim
