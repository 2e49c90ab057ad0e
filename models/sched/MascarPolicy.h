#pragma once
#include <memory>

#include "warpsim/sched/GtoPolicy.h"
#include "warpsim/sched/MascarControl.h"

namespace warpsim {

// Mascar's warp scheduler (Mascar III-A, III-B), one per issue slot; the slots of an SM share
// one MascarControl (mode and owner warp). The slot's ready warps form two queues: memory-ready
// (next instruction is a memory instruction) and compute-ready (everything else).
// - EP mode (no L1 saturated): memory-ready before compute-ready, greedy-then-oldest within each.
// - MP mode: compute-ready first, oldest first; then memory-ready, oldest first, leaving out
//   warps whose next instruction goes to an L1 unless they own (the WST's stall bit; with no
//   owner yet, any may go, and the first to reach the L1 becomes the owner).
class MascarPolicy : public IWarpSchedulingPolicy {
 public:
  explicit MascarPolicy(std::shared_ptr<MascarControl> control) : control_(std::move(control)) {}

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override;
  // order()'s first warp: in EP mode GTO's first memory-ready warp, else its first compute
  // one; in MP mode the oldest compute-ready warp, else the oldest memory-ready one allowed.
  std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) override;
  void issued(WarpId w, const WarpInst& inst) override { gto_.issued(w, inst); }
  void attach(SmAttachment& sm) override { control_->attach(sm); }
  MascarControl& control() { return *control_; }

 private:
  // The ready warps of the slot whose next instruction is a memory one (`mem`), and those of
  // them that may not go past the L1 now (`stalled`: another warp owns the memory, MP mode).
  struct Split {
    std::uint64_t ready = 0, mem = 0, stalled = 0;
  };
  Split split(const SchedView& view, std::uint64_t slotWarps);
  std::shared_ptr<MascarControl> control_;
  GtoPolicy gto_;  // the greedy-then-oldest order and the slot's age order
};

}  // namespace warpsim
