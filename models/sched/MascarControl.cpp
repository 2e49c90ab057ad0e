#include "sched/MascarControl.h"

#include "cache/Cache.h"
#include "lsu/Lsu.h"
#include "stats/StatsRegistry.h"

namespace warpsim {

void MascarControl::attach(SmAttachment& sm) {
  if (attached_) return;
  attached_ = true;
  view_ = &sm.view;
  sm.lsu.setGate(this);
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
  if (!s.resident || s.finished || s.atBarrier || s.waitsOnMem) owner_ = kNoOwner;
}

std::uint8_t MascarControl::requestFlags(WarpId w) {
  if (!mp()) return 0;
  if (view_) refresh(*view_);
  if (owner_ == kNoOwner) {
    owner_ = w.value();
    grants_.inc();
  }
  return owner_ == w.value() ? GpuRequest::kMascarOwner : GpuRequest::kHitOnly;
}

void MascarControl::settleStats(Cycle cycle) {
  if (cycle <= modeSince_) return;
  (mp() ? mpCycles_ : epCycles_).inc(cycle - modeSince_);
  modeSince_ = cycle;
}

}  // namespace warpsim
