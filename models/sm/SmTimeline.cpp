// The SM's part of --timeline (doc/observability.md): warp-slot and CTA-slot tracks.
#include <string>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/sm/Sm.h"

namespace warpsim {
namespace {
constexpr const char* kIssue = "issue";
}

void Sm::attachTimeline(Timeline& timeline) {
  timeline_ = &timeline;
  const std::string process = name();
  slotTracks_.resize(warps_.size());
  for (std::uint32_t w = 0; w < warps_.size(); ++w)
    slotTracks_[w].track = timeline.track(process, "warp slot " + std::to_string(w));
  for (std::uint32_t c = 0; c < ctas_.size(); ++c)
    ctaTracks_.push_back(timeline.track(process, "CTA slot " + std::to_string(c)));
  ctaSincePs_.assign(ctas_.size(), 0);
  for (Cache* l1 : l1s()) l1->attachTimeline(timeline);
  timeline.onClose([this](std::uint64_t endPs) {
    for (std::uint32_t w = 0; w < slotTracks_.size(); ++w) {
      SlotTrack& t = slotTracks_[w];
      timelineSettle(t, endPs);
      if (t.state)
        timeline_->span(t.track, t.state, t.sincePs, endPs, "cta", states_[w].cta.value());
    }
    for (std::uint32_t c = 0; c < ctas_.size(); ++c)
      if (ctas_[c].used)
        timeline_->span(ctaTracks_[c], "CTA", ctaSincePs_[c], endPs, "cta", ctas_[c].cta.value());
  });
}

// Why warp `id` does not issue, or that it could (the order of the tests is the order of
// precedence: a warp at a barrier may also wait on a register).
const char* Sm::timelineState(std::uint32_t id) const {
  const Warp& w = warps_[id];
  const WarpState& s = states_[id];
  if (!s.resident) return nullptr;
  if (w.finishedIssuing()) return "drain";
  if (w.atBarrier) return "barrier";
  if (!s.hasInst) return w.fetchPending ? "fetch (icache miss)" : "fetch";
  // Eligible and not issuing: another warp was chosen, or its unit is busy (for a memory
  // instruction, the LSU: the memory-bound case).
  if (s.eligible) return s.nextIsMem ? "eligible (memory instruction)" : "eligible";
  if (s.waitsOnMem) return "wait memory";
  if (w.inFence || w.ibuf.front().op == OpClass::Fence) return "fence";
  return "wait register";
}

// An issue run that ended before `ps` is closed, and the state noted meanwhile follows it.
void Sm::timelineSettle(SlotTrack& t, std::uint64_t ps) {
  if (t.state != kIssue || ps <= t.issueEndPs) return;
  timeline_->span(t.track, kIssue, t.sincePs, t.issueEndPs, "instructions", t.issues);
  t.state = t.after;
  t.sincePs = t.issueEndPs;
}

// The state warp `id` was in since t.sincePs, ended at `ps`.
void Sm::timelineClose(const SlotTrack& t, std::uint32_t id, std::uint64_t ps) {
  if (t.state && ps > t.sincePs)
    timeline_->span(t.track, t.state, t.sincePs, ps, "cta", states_[id].cta.value());
}

void Sm::timelineNote(std::uint32_t id) {
  SlotTrack& t = slotTracks_[id];
  const std::uint64_t ps = nowPs();
  timelineSettle(t, ps);
  const char* state = timelineState(id);
  if (t.state == kIssue) {
    t.after = state;
    return;
  }
  if (state == t.state) return;
  timelineClose(t, id, ps);
  t.state = state;
  t.sincePs = ps;
}

// Called after the issue's own state change (timelineNote from refreshState).
void Sm::timelineIssued(std::uint32_t id) {
  SlotTrack& t = slotTracks_[id];
  const std::uint64_t ps = nowPs(), period = domain().periodPs();
  if (t.state == kIssue && t.issueEndPs == ps) {  // the run goes on
    t.issueEndPs = ps + period;
    ++t.issues;
    return;
  }
  // The state noted at this issue (t.state since ps) is what follows the issue.
  const char* after = timelineState(id);
  timelineClose(t, id, ps);
  t = SlotTrack{t.track, kIssue, after, ps, ps + period, 1};
}

void Sm::timelineCta(std::uint32_t ctaSlot, bool launched) {
  if (launched)
    ctaSincePs_[ctaSlot] = nowPs();
  else
    timeline_->span(ctaTracks_[ctaSlot], "CTA", ctaSincePs_[ctaSlot], nowPs() + domain().periodPs(),
                    "cta", ctas_[ctaSlot].cta.value());
}

}  // namespace warpsim
