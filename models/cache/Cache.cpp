#include "warpsim/cache/Cache.h"

#include <algorithm>
#include <ostream>
#include <sstream>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/interfaces/MascarFlags.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {
namespace {

constexpr Cycle kNever = ~Cycle{0};

// Cycles from `since` to `t`; none if accountUntil() already counted past t.
Cycle spanTo(Cycle since, Cycle t) {
  return t > since ? t - since : 0;
}

TagArray::Geometry geometryOf(const CacheParams& p) {
  return TagArray::Geometry{p.sets, p.ways, p.lineSize};
}

// Mascar: a request its sender will retry is answered with a refusal instead of stalling.
bool refusable(const tlm::tlm_generic_payload& p) {
  return (GpuRequest::of(p).flags & (mascar::kRefusable | mascar::kHitOnly)) != 0;
}

}  // namespace

Cache::Cache(sc_core::sc_module_name name, const CacheParams& params, PayloadPool& pool,
             Watchdog& watchdog, StatsRegistry& stats, const ReplacementRegistry& replacements)
    : sc_core::sc_module(name),
      upstream("upstream"),
      downstream("downstream"),
      sentBelow("sent_below"),
      params_(params),
      watchdog_(watchdog),
      input_(params.inputQueue),
      missQueue_(params.missQueue, params.lineSize, pool),
      mshrs_(params.mshrEntries, params.mshrMerges),
      tags_(geometryOf(params), replacements.create(params.replacement, params.sets, params.ways)),
      writePath_(params.writePolicy),
      installer_(tags_, missQueue_, stats_),
      stall_(stats_) {
  if (params.lineSize > PayloadPool::kDataBytes || params.hitLatency == 0)
    SC_REPORT_ERROR(this->name(), "line size above the payload buffer, or a hit latency of 0");
  upstream.bind(static_cast<NbTarget&>(*this));
  downstream.bind(static_cast<NbInitiator&>(*this));
  stats_.registerWith(stats, this->name());
  wasSaturated_ = saturated();  // a span open from cycle 0 (saturatedSince_ = 0)
}

// ---- transport ----------------------------------------------------------------------------

tlm::tlm_sync_enum Cache::nb_transport_fw(Payload& trans, tlm::tlm_phase& phase,
                                          sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;  // END_RESP: nothing to do
  if (!GpuRequest::find(trans))
    SC_REPORT_ERROR(name(), "a request without the GpuRequest extension (use a PayloadPool)");
  ++ledger_.taken;
  if (input_.full()) {
    wake();
    if (!held_.hold(0, trans, now()))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    return tlm::TLM_ACCEPTED;
  }
  // Visible in the input queue (or leaving the access pipeline) only from the next cycle on.
  const Cycle t = wakeIn(1 + params_.accessLatency);
  enter(Waiter{&trans, t}, t);
  // A refusable request learns at its lookup whether it was taken (END_REQ) or refused.
  if (refusable(trans)) return tlm::TLM_ACCEPTED;
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

tlm::tlm_sync_enum Cache::nb_transport_bw(Payload& trans, tlm::tlm_phase& phase,
                                          sc_core::sc_time&) {
  below_.backward(trans, phase);
  if (phase != tlm::BEGIN_RESP) {  // END_REQ: the miss queue may send again
    wake();
    return tlm::TLM_ACCEPTED;
  }
  if (!GpuRequest::find(trans))  // not a payload of warpsim's, so never one we sent
    SC_REPORT_ERROR(name(), "a response from below without the GpuRequest extension");
  if (FillQueue::kindOf(trans) != FillQueue::Kind::Prefetch) {
    answered(trans);
    ++ledger_.received;
  }
  fills_.push(&trans, wakeIn(1) + 1);  // visible the next cycle
  return tlm::TLM_COMPLETED;
}

// A response from below must answer a request this cache sent and that is still unanswered: a
// memory that answers twice, or answers what it never got, is reported here (doc/reliability.md)
// before its payload, perhaps already reused, could complete another request.
void Cache::answered(Payload& trans) {
  GpuRequest& r = GpuRequest::of(trans);
  if (r.awaitedBy != this) {
    std::ostringstream os;
    os << "a response from below to a request this cache is not waiting for (answered twice, or "
          "never sent): "
       << (trans.is_write() ? "write" : "read") << " of 0x" << std::hex << trans.get_address();
    SC_REPORT_ERROR(name(), os.str().c_str());
  }
  r.awaitedBy = nullptr;
}

// ---- one cycle ----------------------------------------------------------------------------

// An accepted request goes through the access pipeline, if any, then waits in the input queue.
void Cache::enter(const Waiter& w, Cycle t) {
  if (params_.accessLatency == 0)
    input_.push(w, t + 1);
  else
    pipeline_.push(w, t + 1 + params_.accessLatency);
}

// Requests leave the pipeline in order, as the input queue has room; it admits new ones only
// while the input queue has room, so it holds at most what arrives in access_latency cycles.
void Cache::drainPipeline(Cycle t) {
  while (pipeline_.ready(t) && !input_.full()) input_.push(pipeline_.pop(), t);
}

bool Cache::tick() {
  const Cycle t = now();
  drainPipeline(t);
  processFills(t);
  sendBelow(t);
  processInput(t);
  sendHitResponses(t);
  updateSaturation(t);
  return scheduleNext(t);
}

// Write acknowledgements are only released; at most one response per cycle fills a line.
void Cache::processFills(Cycle t) {
  fills_.beginCycle();
  FillQueue::Response f;
  while (fills_.next(t, f)) {
    lookupMayChange_ = true;
    Payload* d = f.payload;
    if (f.kind == FillQueue::Kind::Prefetch) {  // no MSHR waits for it
      // OWL 4.4 does not say where a pushed line goes: prefetch_insert chooses.
      installer_.installPrefetch(tags_.lineOf(d->get_address()), params_.prefetchInsertLru, t);
      d->release();
      continue;
    }
    d->release();
    watchdog_.progress();
    if (f.kind == FillQueue::Kind::Ack) continue;
    complete(f.entry, t);
  }
}

// The line of a completed (non-bypass) MSHR entry becomes valid, then every request waiting on
// it is answered in arrival order; with allocate-on-fill the first of them owns the line.
void Cache::complete(std::uint32_t e, Cycle t) {
  const MshrTable::Entry& en = mshrs_.entry(e);
  if (!en.bypass) {
    const OwnerWarp first = ownerOf(GpuRequest::of(*mshrs_.waiter(e, 0).payload));
    installer_.fill(en.line, en.dirtyOnFill, first, t);
  }
  const std::uint32_t n = en.merged;
  for (std::uint32_t i = 0; i < n; ++i) respond(mshrs_.waiter(e, i), t);
  if (timeline_)
    timeline_->span(missTracks_[e], "miss", missSincePs_[e], (t + 1) * domain().periodPs(), "line",
                    en.line);
  mshrs_.release(e);
}

void Cache::attachTimeline(Timeline& timeline) {
  timeline_ = &timeline;
  missSincePs_.assign(mshrs_.capacity(), 0);
  missTracks_.assign(mshrs_.capacity(), ~Timeline::Track{0});
  timeline.onClose([this](std::uint64_t endPs) {
    for (std::uint32_t e = 0; e < mshrs_.capacity(); ++e)
      if (mshrs_.entry(e).busy)
        timeline_->span(missTracks_[e], "miss", missSincePs_[e], endPs, "line",
                        mshrs_.entry(e).line);
  });
}

void Cache::timelineMiss(std::uint32_t e, Cycle t) {
  if (missTracks_[e] == ~Timeline::Track{0})
    missTracks_[e] = timeline_->track(name(), "MSHR " + std::to_string(e));
  missSincePs_[e] = t * domain().periodPs();
}

void Cache::sendBelow(Cycle t) {
  if (below_.held() || !missQueue_.ready(t)) return;
  Payload* d = missQueue_.pop();
  // A slot freed below can end only a miss-queue stall: an MSHR or line stall would fail the
  // same way again (neither the tags nor the MSHRs change here).
  if (stall_.cause() == Stall::MissQueue) lookupMayChange_ = true;
  (d->is_read() ? stats_.readsBelow : stats_.writesBelow).inc();
  if (sentBelow.bound()) sentBelow.write(*d);
  ++ledger_.sent;
  GpuRequest::of(*d).awaitedBy = this;
  const RequestSender::Sent s = below_.send(downstream, *d);
  watchdog_.progress();
  if (s == RequestSender::Sent::Answered) {
    answered(*d);
    ++ledger_.received;
    fills_.push(d, t + 1);
  }
}

void Cache::processInput(Cycle t) {
  // A stalled head's lookup depends only on the tags, the MSHRs and the miss queue, which only
  // fills and sends below change: until one of them happens it would fail the same way again.
  if (!input_.ready(t) || !lookupMayChange_) return;
  const Waiter w = input_.front();
  const bool mayRefuse = refusable(*w.payload);
  const Stall s = access(w, t);
  if (s != Stall::None && !mayRefuse) {
    stall_.note(s, t);
    lookupMayChange_ = false;
    return;
  }
  stall_.end(t);
  input_.pop();
  if (s == Stall::None) watchdog_.progress();  // a refusal is no progress: retries could loop
  if (s != Stall::None) {
    refuse(w, s);
  } else if (mayRefuse) {  // the ACK, before any response to it
    sendBackward(upstream, *w.payload, tlm::END_REQ);
  }
  takeHeld(t);
}

// Mascar III-C (Fig. 8): the NACK. The request changed nothing here; its sender keeps it.
void Cache::refuse(const Waiter& w, Stall s) {
  (s == Stall::NotOwner ? stats_.refusalsNotOwner : stats_.refusals).inc();
  Payload& p = *w.payload;
  p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  ++ledger_.answered;
  sendBackward(upstream, p, tlm::BEGIN_RESP);
}

void Cache::sendHitResponses(Cycle t) {
  while (hitResponses_.ready(t)) respond(hitResponses_.pop(), t);
}

void Cache::respond(const Waiter& w, Cycle t) {
  Payload& p = *w.payload;
  if (p.is_read()) stats_.loadLatency.add(t - w.arrived);
  p.set_response_status(tlm::TLM_OK_RESPONSE);
  ++ledger_.answered;
  sendBackward(upstream, p, tlm::BEGIN_RESP);  // senders take responses at once
  watchdog_.progress();
}

// The input queue has room again: take the refused request and release its sender.
void Cache::takeHeld(Cycle t) {
  if (held_.empty()) return;
  const HeldRequests::Request h = held_.release(0);
  stats_.upstreamStallCycles.inc(spanTo(h.since, t));
  enter(Waiter{h.payload, t}, t);
  if (refusable(*h.payload)) return;  // END_REQ at its lookup
  sendBackward(upstream, *h.payload, tlm::END_REQ);
}

bool Cache::saturated() const {
  if (params_.perfect) return false;
  return mshrs_.freeEntries() <= params_.saturationThreshold ||
         missQueue_.freeSlots() <= params_.saturationThreshold;
}

// MSHRs and the miss queue change only inside tick(), so checking at its end sees every change.
void Cache::updateSaturation(Cycle t) {
  const bool s = saturated();
  if (s == wasSaturated_) return;
  if (saturationObserver_) saturationObserver_(s, t);
  if (s)
    saturatedSince_ = t;
  else
    stats_.saturatedCycles.inc(spanTo(saturatedSince_, t));
  wasSaturated_ = s;
}

void Cache::accountUntil(Cycle c) {
  stall_.accountUntil(c);
  if (!held_.empty()) {
    Cycle& since = held_.at(0).since;
    stats_.upstreamStallCycles.inc(spanTo(since, c));
    since = std::max(since, c);
  }
  if (wasSaturated_) {
    stats_.saturatedCycles.inc(spanTo(saturatedSince_, c));
    saturatedSince_ = std::max(saturatedSince_, c);
  }
}

// Sleep until the next cycle with something to do. A stalled head waits for a fill, a request
// leaving the miss queue or END_REQ from below: each of those wakes the cache.
bool Cache::scheduleNext(Cycle t) {
  Cycle next = kNever;
  auto consider = [&](Cycle at) { next = std::min(next, std::max(at, t + 1)); };
  if (!fills_.empty()) consider(fills_.frontVisibleAt());
  if (!missQueue_.empty() && !below_.held()) consider(missQueue_.frontVisibleAt());
  if (!input_.empty() && stall_.cause() == Stall::None) consider(input_.frontVisibleAt());
  if (!pipeline_.empty() && !input_.full()) consider(pipeline_.frontVisibleAt());
  if (!hitResponses_.empty()) consider(hitResponses_.frontVisibleAt());
  if (next == kNever) return false;
  if (next == t + 1) return true;
  wakeAt(next);
  return false;
}

void Cache::describeWaits(std::ostream& os) const {
  const bool idle = pipeline_.empty() && input_.empty() && held_.empty() && mshrs_.inUse() == 0 &&
                    missQueue_.empty() && fills_.empty() && hitResponses_.empty();
  if (idle) return;
  os << name() << ": " << input_.size() << "/" << params_.inputQueue << " requests queued";
  if (!pipeline_.empty()) os << " (" << pipeline_.size() << " more in the access pipeline)";
  if (stall_.cause() != Stall::None)
    os << " (head waits since cycle " << stall_.since() << " for "
       << StallEpisodes::toString(stall_.cause()) << ")";
  if (!held_.empty()) os << ", sender held since cycle " << held_.at(0).since;
  os << "; " << mshrs_.inUse() << "/" << mshrs_.capacity() << " MSHRs busy, " << missQueue_.size()
     << "/" << params_.missQueue << " in the miss queue"
     << (below_.held() ? " (below withholds END_REQ)" : "") << ", " << fills_.size()
     << " fills and " << hitResponses_.size() << " hit responses pending\n";
}

void Cache::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
  check.equal(name(), "accesses", stats_.accesses.value(), "hits + misses + mshr_merges",
              stats_.hits.value() + stats_.misses.value() + stats_.mshrMerges.value());
  check.equal(name(), "requests sent below", ledger_.sent, "reads_below + writes_below",
              stats_.readsBelow.value() + stats_.writesBelow.value());
}

}  // namespace warpsim
