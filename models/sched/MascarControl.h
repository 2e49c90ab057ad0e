#pragma once
// Mascar's per-SM state (Mascar III-A, III-D, Table II), shared by the policies of all the SM's
// issue slots ("Multiple schedulers": one owner warp per SM): the scheduling mode, Equal
// Priority (EP) or Memory Access Priority (MP), switched by the memory-saturation flag of any of
// the SM's L1s, and the Warp Readiness Checker's owner warp. It is the LSU's gate: requests of
// non-owner warps in MP mode are flagged hit-only, so their L1 misses are refused.
#include <array>
#include <cstdint>

#include "warpsim/interfaces/ILsuGate.h"
#include "warpsim/interfaces/ILsuState.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class MascarControl : public ILsuGate {
 public:
  static constexpr std::uint32_t kNoOwner = 64;

  // Connects to the SM's LSU (as its gate) and L1s (their saturation changes switch the mode)
  // and registers statistics under `<sm>.mascar.`; the first slot's call does it, later calls
  // do nothing.
  void attach(SmAttachment& sm);
  // What attach connects, for tests without an SM: the LSU state and the warps' view.
  void connect(const ILsuState* lsu, const SchedView* view) {
    lsu_ = lsu;
    view_ = view;
  }

  bool mp() const { return saturatedL1s_ != 0; }
  std::uint32_t owner() const { return owner_; }
  // The Warp Readiness Checker (III-A): the owner relinquishes ownership once its next
  // instruction depends on one of its own pending long-latency loads (the scoreboard's extra
  // bit, WarpState::waitsOnMem) and the LSU no longer serves it (Lsu::servedWarps: no line of
  // its instruction left to send, none awaiting its ACK, none in the re-execution queue).
  // Also, so that MP mode cannot hold a warp that will not access memory for long: when it
  // waits at a barrier, has finished, or has left the SM.
  void refresh(const SchedView& view);
  // The Warp Status Table's stall bit for ownership (III-A): in MP mode, a warp whose next
  // instruction goes to an L1 may not issue unless it owns, or nobody owns yet.
  bool mayIssueMem(std::uint32_t w) const { return !mp() || owner_ == kNoOwner || owner_ == w; }

  // L1 `source` (0..2) changed its saturation flag at core cycle `cycle`.
  void setSaturated(std::uint32_t source, bool saturated, Cycle cycle);

  // ILsuGate. In MP mode with no owner, `w` becomes the owner: the next warp to access memory
  // (III-A); a re-executed request's warp only if no warp is memory-ready and the LSU's stage
  // has no line it may send now (III-D: the warp at the head of the re-execution queue).
  std::uint8_t requestFlags(WarpId w, bool fromQueue) override;
  void settleStats(Cycle cycle) override;

  const Counter& mpCycles() const { return mpCycles_; }
  const Counter& epCycles() const { return epCycles_; }
  // Ownership passed to a warp other than the previous owner.
  const Counter& ownerGrants() const { return grants_; }

 private:
  bool memoryReady() const;

  bool attached_ = false;
  const SchedView* view_ = nullptr;
  const ILsuState* lsu_ = nullptr;
  std::uint32_t saturatedL1s_ = 0;  // bit i: L1 i is saturated
  std::uint32_t owner_ = kNoOwner;
  std::uint32_t lastOwner_ = kNoOwner;  // owner_grants counts passes to another warp
  Cycle modeSince_ = 0;
  Counter mpCycles_, epCycles_, grants_, switches_;
};

}  // namespace warpsim
