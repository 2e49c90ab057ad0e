#include "warpsim/sched/MascarControl.h"

#include "warpsim/core/GpuRequest.h"
#include "warpsim/interfaces/MascarFlags.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

void MascarControl::attach(SmAttachment& sm) {
  if (attached_) return;
  attached_ = true;
  view_ = &sm.view;
  sm.lsu.setGate(this);
  lsu_ = &sm.lsu;
  for (std::uint32_t i = 0; i < sm.l1s.size(); ++i) {
    if (!sm.l1s[i]) continue;
    if (sm.l1s[i]->saturated()) saturatedL1s_ |= 1u << i;  // a span open from cycle 0
    sm.l1s[i]->setSaturationObserver([this, i](bool s, Cycle cycle) { setSaturated(i, s, cycle); });
  }
  const std::string p = sm.name + ".mascar.";
  sm.stats.addCounter(p + "mp_cycles", mpCycles_);
  sm.stats.addCounter(p + "ep_cycles", epCycles_);
  sm.stats.addCounter(p + "mode_switches", switches_);
  sm.stats.addCounter(p + "owner_grants", grants_);
}

void MascarControl::setSaturated(std::uint32_t source, bool saturated, Cycle cycle) {
  const std::uint32_t next =
      saturated ? saturatedL1s_ | (1u << source) : saturatedL1s_ & ~(1u << source);
  if ((next != 0) != mp()) {
    settleStats(cycle);  // books the mode that ends
    switches_.inc();
    owner_ = kNoOwner;  // EP clears every stall bit; MP starts without an owner
  }
  saturatedL1s_ = next;
}

void MascarControl::refresh(const SchedView& view) {
  if (owner_ == kNoOwner) return;
  const WarpState& s = view.warp(WarpId{owner_});
  // III-A: "The owner warp continues to issue all of its memory requests through the LSU": while
  // the LSU still serves it (lines of its instruction in the stage, a request awaiting its ACK,
  // requests in the re-execution queue), it keeps ownership even if its next instruction
  // already waits on one of those loads.
  const bool served = lsu_ && ((lsu_->servedWarps() >> owner_) & 1u);
  if (!s.resident || s.finished || s.atBarrier || (s.waitsOnMem && !served)) owner_ = kNoOwner;
}

std::uint8_t MascarControl::requestFlags(WarpId w, bool fromQueue) {
  if (!mp()) return 0;
  if (view_) refresh(*view_);
  // III-D: a re-executed request's warp takes ownership only if no warp is memory-ready; the
  // warp whose instruction the LSU's stage is sending is: it claims ownership with its next line.
  if (owner_ == kNoOwner && !(fromQueue && (memoryReady() || (lsu_ && lsu_->stageCanSend())))) {
    owner_ = w.value();
    if (owner_ != lastOwner_) grants_.inc();
    lastOwner_ = owner_;
  }
  return owner_ == w.value() ? mascar::kOwner : mascar::kHitOnly;
}

// Some warp could issue a memory instruction to an L1 now (the memory-ready queue): its next
// instruction has its operands, and the LSU takes new instructions from it.
bool MascarControl::memoryReady() const {
  if (!view_ || !lsu_ || !lsu_->canAccept()) return false;
  for (std::uint32_t w = 0; w < view_->warpSlots(); ++w) {
    const WarpState& s = view_->warp(WarpId{w});
    if (s.resident && s.eligible && s.nextLeavesSm && !((lsu_->blockedWarps() >> w) & 1u))
      return true;
  }
  return false;
}

void MascarControl::settleStats(Cycle cycle) {
  if (cycle <= modeSince_) return;
  (mp() ? mpCycles_ : epCycles_).inc(cycle - modeSince_);
  modeSince_ = cycle;
}

}  // namespace warpsim
