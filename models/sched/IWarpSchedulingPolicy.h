#pragma once
// A warp scheduling policy is plain C++ (testable without SystemC): it only orders the warps of
// its issue slot; the slot issues the first warp in that order whose next instruction can issue.
// Policies see the SM through SchedView, a read-only view, never the SM itself.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "warpsim/core/Ids.h"
#include "warpsim/interfaces/ILsuState.h"
#include "warpsim/interfaces/IMemorySaturation.h"

namespace warpsim {

struct WarpInst;
class StatsRegistry;

// What a policy may know about one warp.
struct WarpState {
  bool resident = false;
  bool eligible = false;    // its next instruction has no hazard: only a busy unit can stop it
  bool hasInst = false;     // an instruction is decoded and waiting in the I-buffer
  bool nextIsMem = false;   // that instruction is a memory instruction
  bool nextIsLoad = false;  // ... a load through the L1D (global or local space; CCWS 3.3.4)
  bool waitsOnMem = false;  // blocked on one of its own long-latency loads
  bool atBarrier = false;   // waiting at a CTA barrier for the rest of its CTA
  bool finished = false;    // issued its last instruction; resident until its results are in
  std::uint64_t age = 0;    // launch order on this SM: smaller is older
  std::uint32_t ctaSlot = 0;
  CtaId cta;
  std::uint32_t ctaWarps = 0;  // warps per CTA of its kernel (OWL's k); 0: not known

  // The next instruction is a memory instruction to an L1 (not to shared memory).
  bool nextLeavesSm = false;
};

// The read-only view of an SM's warps a policy gets. Plain data, so that a policy can be tested
// on a hand-made array of WarpStates without an SM.
class SchedView {
 public:
  SchedView(const WarpState* warps, std::uint32_t count, SmId sm)
      : warps_(warps), count_(count), sm_(sm) {}
  std::uint32_t warpSlots() const { return count_; }
  const WarpState& warp(WarpId w) const { return warps_[w.value()]; }
  // Bit w set: warp w can issue in this slot this cycle: it is eligible and the unit its next
  // instruction needs (SP, SFU, DP, LSU) is free. The issue stage takes the first such warp in
  // the policy's order, so a policy need only order these.
  std::uint64_t readyMask() const { return ready_; }
  void setReady(std::uint64_t mask) { ready_ = mask; }
  Cycle now() const { return now_; }
  SmId sm() const { return sm_; }
  void setNow(Cycle c) { now_ = c; }
  // Mascar III-A: whether one of the SM's L1s (L1D, L1T, L1C) signals that its MSHRs or miss
  // queue are nearly full.
  bool memorySaturated() const {
    for (const IMemorySaturation* s : saturation_)
      if (s && s->saturated()) return true;
    return false;
  }
  void setSaturation(const IMemorySaturation* s) { saturation_[0] = s; }
  // A further source (up to three in all).
  void addSaturation(const IMemorySaturation* s) { saturation_[saturation_[1] ? 2 : 1] = s; }
  // Changes whenever a CTA is launched on the SM or leaves it, so that CTA-aware policies
  // (OWL §4.1) re-form their groups only then.
  std::uint64_t ctaEpoch() const { return ctaEpoch_; }
  void ctaChanged() { ++ctaEpoch_; }

 private:
  const WarpState* warps_;
  std::uint32_t count_;
  SmId sm_;
  Cycle now_ = 0;
  std::uint64_t ready_ = 0;
  std::array<const IMemorySaturation*, 3> saturation_{};
  std::uint64_t ctaEpoch_ = 0;
};

// What an SM offers a policy that needs more than SchedView (Mascar's owner warp reaches the
// LSU and the L1s' saturation signals through it). Given once, after the SM is built.
struct SmAttachment {
  ILsuState& lsu;
  std::array<IMemorySaturation*, 3> l1s;  // L1D, L1T, L1C
  const SchedView& view;
  StatsRegistry& stats;
  std::string name;  // the SM's hierarchical name, for statistics
};

class IWarpSchedulingPolicy {
 public:
  virtual ~IWarpSchedulingPolicy() = default;
  // Writes into `order` warps of the slot (bit w of `slotWarps` set: warp w is resident and
  // belongs to this slot; an SM has at most 64 warp slots) in priority order, highest first.
  // Warps outside view.readyMask() cannot issue this cycle and may be left out.
  virtual void order(const SchedView& view, std::uint64_t slotWarps,
                     std::vector<WarpId>& order) = 0;
  // The issue stage takes the first warp of order() that is in view.readyMask(), and any ready
  // warp can issue. A policy that can name that warp without building its whole order returns
  // it here; std::nullopt (the default) makes the SM ask order() instead. Asked at most once
  // per issue slot and cycle, with a ready mask that is not empty.
  virtual std::optional<WarpId> firstReady(const SchedView& view, std::uint64_t slotWarps) {
    (void)view, (void)slotWarps;
    return std::nullopt;
  }
  // True when order() ranks the slot's warps without looking at which are ready (GTO, LRR,
  // SWL, 2LVL): its order of a subset of the ready warps is then its order with the others left
  // out, and firstReady() asked with a view whose ready mask is that subset names the subset's
  // first. A filter that takes warps out of the ready mask (CCWS) relies on it to ask firstReady().
  virtual bool ordersWithoutReadiness() const { return false; }
  // Feedback: warp `w` issued `inst` this cycle.
  virtual void issued(WarpId w, const WarpInst& inst) { (void)w, (void)inst; }
  // True when the policy may let a warp it held back go on time alone, with no event on the SM
  // (CCWS's decaying scores): the SM then stays awake while it holds a ready warp back, as
  // `sim.tick_all` would. Others are only re-asked when something on the SM changes.
  virtual bool decidesByTime() const { return false; }
  // Called once by the SM when it is built. Most policies need nothing more than SchedView.
  virtual void attach(SmAttachment& sm) { (void)sm; }
};

}  // namespace warpsim
