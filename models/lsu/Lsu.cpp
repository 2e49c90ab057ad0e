#include "warpsim/lsu/Lsu.h"

#include <algorithm>
#include <ostream>

#include "warpsim/interfaces/MascarFlags.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {
namespace {
ReqSpace toReqSpace(MemSpace s) {
  switch (s) {
    case MemSpace::Constant:
      return ReqSpace::Constant;
    case MemSpace::Texture:
      return ReqSpace::Texture;
    case MemSpace::Local:
      return ReqSpace::Local;
    default:
      return ReqSpace::Global;
  }
}
}  // namespace

Lsu::Lsu(sc_core::sc_module_name name, SmId sm, const LsuParams& params, PayloadPool& pool,
         ILsuClient& client, Watchdog& watchdog, StatsRegistry& stats)
    : sc_core::sc_module(name),
      socket("socket"),
      texSocket("tex_socket"),
      constSocket("const_socket"),
      issued("issued"),
      sm_(sm),
      params_(params),
      pool_(pool),
      client_(client),
      watchdog_(watchdog),
      inFlight_(params.maxInFlight),
      reexec_(params.reexecEntries + 1, nullptr),
      queuedPerWarp_(64, 0),
      queuedEntryOf_(64, 0) {
  for (auto* s : {&socket, &texSocket, &constSocket}) s->bind(static_cast<NbInitiator&>(*this));
  freeEntries_.reserve(params.maxInFlight);
  for (std::uint32_t i = params.maxInFlight; i-- > 0;) freeEntries_.push_back(i);
  const std::string p = this->name();
  stats.addCounter(p + ".instructions", instructions_);
  stats.addCounter(p + ".requests", requests_);
  stats.addCounter(p + ".load_requests", loadRequests_);
  stats.addCounter(p + ".store_requests", storeRequests_);
  stats.addCounter(p + ".shared_accesses", sharedAccesses_);
  stats.addCounter(p + ".shared_conflict_cycles", sharedConflictCycles_);
  stats.addCounter(p + ".stall_cycles", stallCycles_);
  stats.addHistogram(p + ".load_latency", latency_);
  stats.addCounter(p + ".reexecutions", reexecutions_);
  stats.addCounter(p + ".refusals", refusals_);
  stats.addCounter(p + ".non_owner_refusals", nonOwnerRefusals_);
  stats.addCounter(p + ".reexec_occupancy_cycles", occupancyCycles_);
  stats.addCounter(p + ".reexec_full_cycles", fullCycles_);
  stats.addCounter(p + ".reexec_max_occupancy", maxOccupancy_);
}

void Lsu::accept(const WarpInst& in, const MemIssueInfo& who) {
  const std::uint32_t e = freeEntries_.back();
  freeEntries_.pop_back();
  InFlight& f = inFlight_[e];
  f.warp = who.warp;
  f.dst = in.memOp == MemOp::Store ? kNoReg : in.dst;  // loads and atomics return a value
  f.issued = now();
  instructions_.inc();
  wake();

  if (in.space == MemSpace::Shared) {
    const std::uint32_t degree = sharedConflictDegree(in, params_.sharedBanks);
    sharedAccesses_.inc();
    sharedConflictCycles_.inc(degree - 1);
    f.outstanding = 1;
    sharedDone_.push(e, now() + params_.sharedLatency + degree - 1);
    return;
  }
  coalesce(in, params_.lineSize, access_);
  f.outstanding = access_.count;
  busy_ = access_.count > 0;
  nextLine_ = 0;
  entry_ = e;
  command_ = in.memOp == MemOp::Load ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND;
  proto_ = GpuRequest{};
  proto_.kind = in.memOp == MemOp::Load    ? ReqKind::Load
                : in.memOp == MemOp::Store ? ReqKind::Store
                                           : ReqKind::Atomic;
  proto_.space = toReqSpace(in.space);
  proto_.sm = sm_;
  proto_.warp = who.warp;
  proto_.cta = who.cta;
  proto_.ctaX = who.ctaX;
  proto_.ctaY = who.ctaY;
  proto_.ctaZ = who.ctaZ;
  proto_.warpInCta = who.warpInCta;
  proto_.pc = in.pc;
  proto_.lec = who.lec;
  proto_.instLines = static_cast<std::uint8_t>(std::min<std::uint32_t>(access_.count, 255));
  proto_.issueCycle = now();
  proto_.tag = e;
  if (access_.count == 0) complete(e);  // no active lane: nothing to send
}

bool Lsu::tick() {
  while (responses_.ready(now())) {
    const Response r = responses_.pop();
    if (r.read) latency_.add(now() - r.issued);
    watchdog_.progress();
    if (--inFlight_[r.entry].outstanding == 0) complete(r.entry);
  }
  while (sharedDone_.ready(now())) complete(sharedDone_.pop());
  if (canSend()) sendNext();
  return canSend() || !responses_.empty() || !sharedDone_.empty();
}

// The next line request of the instruction in the stage.
tlm::tlm_generic_payload& Lsu::buildStageRequest() {
  tlm::tlm_generic_payload& p = pool_.acquire(proto_);
  GpuRequest& r = GpuRequest::of(p);
  r.id = nextRequestId_++;
  r.lineAddr = access_.lines[nextLine_].lineAddr;
  r.sectorMask = access_.lines[nextLine_].sectorMask;
  p.set_command(command_);
  p.set_address(r.lineAddr);
  p.set_data_length(params_.lineSize);
  p.set_streaming_width(params_.lineSize);
  requests_.inc();
  (command_ == tlm::TLM_READ_COMMAND ? loadRequests_ : storeRequests_).inc();
  if (issued.bound()) issued.write(p);
  return p;
}

tlm::tlm_initiator_socket<>& Lsu::socketFor(ReqSpace s) {
  return s == ReqSpace::Texture ? texSocket : s == ReqSpace::Constant ? constSocket : socket;
}

// One request per cycle: from the re-execution queue when the stage has nothing to send, when
// the queue is full, or when the stage's warp still has an older instruction queued (Mascar
// III-C); otherwise the stage's next line. The owner gate and the queue decide its flags.
void Lsu::sendNext() {
  const bool fromStage = !serveQueue();
  tlm::tlm_generic_payload& p = fromStage ? buildStageRequest() : *popReexec();
  GpuRequest& r = GpuRequest::of(p);
  constexpr auto kMascarFlags =
      static_cast<std::uint8_t>(mascar::kOwner | mascar::kHitOnly | mascar::kRefusable);
  r.flags = static_cast<std::uint8_t>(r.flags & ~kMascarFlags);
  if (gate_) r.flags |= gate_->requestFlags(r.warp, !fromStage);
  if (params_.reexecEntries > 0) r.flags |= mascar::kRefusable;
  if (!fromStage) {
    r.flags |= mascar::kReexecuted;
    reexecutions_.inc();
  }
  p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  const bool mayRefuse = (r.flags & (mascar::kRefusable | mascar::kHitOnly)) != 0;

  ++ledger_.sent;
  switch (sender_.send(socketFor(r.space), p)) {
    case RequestSender::Sent::Taken:
      requestTaken(fromStage);
      return;
    case RequestSender::Sent::Answered:
      SC_REPORT_ERROR(name(),
                      "an L1 answered a request inside its BEGIN_REQ call (the LSU "
                      "expects END_REQ, or a response later)");
      return;
    case RequestSender::Sent::Held:
      break;
  }
  // A refusable request waits for its lookup (END_REQ or a refusal): not a stall. Any other
  // waits for room in a full L1 input queue: the LSU stall.
  heldRefusable_ = mayRefuse;
  heldFromStage_ = fromStage;
  if (!mayRefuse) stalledSince_ = now();
}

// The stage's current line has been taken (or refused into the queue): on to the next.
void Lsu::requestTaken(bool fromStage) {
  watchdog_.progress();
  if (!fromStage) return;
  if (++nextLine_ == access_.count) {
    busy_ = false;
    client_.lsuFreed();
  }
}

tlm::tlm_sync_enum Lsu::nb_transport_bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                        sc_core::sc_time&) {
  // A refusable request's lookup: END_REQ, a refusal or a hit's response.
  const bool wasOpen = heldRefusable_ && sender_.heldRequest() == &trans;
  const bool released = sender_.backward(trans, phase);
  if (wasOpen) heldRefusable_ = false;
  if (phase == tlm::END_REQ) {
    // the request held back by a full L1 input queue is taken
    if (released && !wasOpen) stallCycles_.inc(now() - stalledSince_);
    requestTaken(!wasOpen || heldFromStage_);
    wake();
    // The ACK of a refusable request comes at the L1's lookup, the cycle after the send:
    // sending on now keeps one request per cycle, as without refusals.
    if (wasOpen && canSend()) sendNext();
    return tlm::TLM_ACCEPTED;
  }
  ++ledger_.received;
  if (trans.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE) {  // a refusal (NACK)
    if (wasOpen && heldFromStage_) requestTaken(true);  // the line leaves the stage for the queue
    refused(trans);
    wake();
    if (wasOpen && canSend()) sendNext();
    return tlm::TLM_COMPLETED;
  }
  // BEGIN_RESP: take it at once (responses are never refused) and act on it next cycle.
  if (wasOpen) requestTaken(heldFromStage_);  // a response implies END_REQ
  // What the next cycle's tick needs is read now, while the payload is in the host's caches,
  // and the payload goes back to the pool (doc/performance.md, stop 50).
  const GpuRequest& r = GpuRequest::of(trans);
  responses_.push(Response{r.issueCycle, r.tag, trans.is_read()}, wakeIn(1) + 1);
  trans.release();
  return tlm::TLM_COMPLETED;
}

// ---- re-execution (Mascar III-C, III-D) ------------------------------------------------------

std::uint64_t Lsu::servedWarps() const {
  std::uint64_t m = queuedWarps_;
  if (busy_) m |= std::uint64_t{1} << proto_.warp.value();
  if (heldRefusable_) m |= std::uint64_t{1} << GpuRequest::of(*sender_.heldRequest()).warp.value();
  return m;
}

// The stage's warp may not send while an older instruction of it waits in the queue.
bool Lsu::stageBlocked() const {
  const std::uint32_t w = proto_.warp.value();
  return queuedPerWarp_[w] > 0 && queuedEntryOf_[w] != entry_;
}

bool Lsu::serveQueue() const {
  return reexecCount_ > 0 && (!busy_ || reexecFull() || stageBlocked());
}

// A refused request goes to the tail (III-D: also when it came from the head).
void Lsu::refused(tlm::tlm_generic_payload& p) {
  refusals_.inc();
  if (GpuRequest::of(p).has(mascar::kHitOnly)) nonOwnerRefusals_.inc();
  pushReexec(&p);
}

void Lsu::pushReexec(tlm::tlm_generic_payload* p) {
  if (reexecCount_ == reexec_.size()) SC_REPORT_ERROR(name(), "re-execution queue overflow");
  noteQueueChange();
  const GpuRequest& r = GpuRequest::of(*p);
  const std::uint32_t w = r.warp.value();
  reexec_[(reexecHead_ + reexecCount_) % reexec_.size()] = p;
  ++reexecCount_;
  ++queuedPerWarp_[w];
  queuedEntryOf_[w] = r.tag;
  queuedWarps_ |= std::uint64_t{1} << w;
  if (reexecCount_ > maxOccupancy_.value()) maxOccupancy_.inc(reexecCount_ - maxOccupancy_.value());
  noteQueueChange();
}

tlm::tlm_generic_payload* Lsu::popReexec() {
  noteQueueChange();
  tlm::tlm_generic_payload* p = reexec_[reexecHead_];
  reexecHead_ = (reexecHead_ + 1) % static_cast<std::uint32_t>(reexec_.size());
  --reexecCount_;
  const std::uint32_t w = GpuRequest::of(*p).warp.value();
  if (--queuedPerWarp_[w] == 0) {
    queuedWarps_ &= ~(std::uint64_t{1} << w);
    client_.lsuFreed();  // the warp may issue memory instructions again
  }
  noteQueueChange();
  return p;
}

// Books the occupancy and full spans up to now; call before and after every change.
void Lsu::noteQueueChange() {
  const Cycle t = now();
  if (t > queueSince_) {
    occupancyCycles_.inc(std::uint64_t{reexecCount_} * (t - queueSince_));
    if (wasFull_) fullCycles_.inc(t - queueSince_);
    queueSince_ = t;
  }
  const bool full = reexecFull();
  if (wasFull_ && !full) client_.lsuFreed();
  wasFull_ = full;
}

void Lsu::settleStats() {
  noteQueueChange();
  if (gate_) gate_->settleStats(now());
  if (!sender_.held() || heldRefusable_) return;
  stallCycles_.inc(now() - stalledSince_);
  stalledSince_ = now();
}

void Lsu::complete(std::uint32_t e) {
  const bool wasFull = freeEntries_.empty();
  freeEntries_.push_back(e);
  client_.memInstDone(inFlight_[e].warp, inFlight_[e].dst);
  if (wasFull && !busy_) client_.lsuFreed();
}

void Lsu::describeWaits(std::ostream& os) const {
  const std::size_t open = inFlight_.size() - freeEntries_.size();
  if (open == 0 && !busy_ && reexecCount_ == 0) return;
  os << name() << ": " << open << " memory instructions outstanding";
  if (busy_)
    os << "; sending line " << nextLine_ << "/" << access_.count << " of warp "
       << proto_.warp.value() << (sender_.held() ? ", waiting for END_REQ (memory full)" : "");
  // The oldest outstanding instruction says how long the memory system has kept us waiting.
  std::vector<bool> isFree(inFlight_.size(), false);
  for (std::uint32_t f : freeEntries_) isFree[f] = true;
  const InFlight* oldest = nullptr;
  for (std::size_t e = 0; e < inFlight_.size(); ++e)
    if (!isFree[e] && (!oldest || inFlight_[e].issued < oldest->issued)) oldest = &inFlight_[e];
  if (oldest)
    os << "; oldest: warp " << oldest->warp.value() << ", " << oldest->outstanding
       << " responses missing since core cycle " << oldest->issued;
  if (reexecCount_ > 0)
    os << "; " << reexecCount_ << " refused requests in the re-execution queue, head of warp "
       << GpuRequest::of(*reexec_[reexecHead_]).warp.value();
  os << "\n";
}

void Lsu::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
  check.equal(name(), "requests sent", ledger_.sent, "requests + reexecutions",
              requests_.value() + reexecutions_.value());
}

}  // namespace warpsim
