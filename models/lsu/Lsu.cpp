#include "lsu/Lsu.h"

#include <ostream>

#include "stats/StatsRegistry.h"

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
      sm_(sm),
      params_(params),
      pool_(pool),
      client_(client),
      watchdog_(watchdog),
      inFlight_(params.maxInFlight) {
  for (auto* s : {&socket, &texSocket, &constSocket})
    s->register_nb_transport_bw(this, &Lsu::nbTransportBw);
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
  target_ = in.space == MemSpace::Texture    ? &texSocket
            : in.space == MemSpace::Constant ? &constSocket
                                             : &socket;
  proto_.sm = sm_;
  proto_.warp = who.warp;
  proto_.cta = who.cta;
  proto_.ctaX = who.ctaX;
  proto_.ctaY = who.ctaY;
  proto_.ctaZ = who.ctaZ;
  proto_.warpInCta = who.warpInCta;
  proto_.pc = in.pc;
  proto_.lec = who.lec;
  proto_.issueCycle = now();
  proto_.tag = e;
  if (access_.count == 0) complete(e);  // no active lane: nothing to send
}

bool Lsu::tick() {
  while (responses_.ready(now())) {
    tlm::tlm_generic_payload* p = responses_.pop();
    const std::uint32_t e = GpuRequest::of(*p).tag;
    if (p->is_read()) latency_.add(now() - GpuRequest::of(*p).issueCycle);
    p->release();
    watchdog_.progress();
    if (--inFlight_[e].outstanding == 0) complete(e);
  }
  while (sharedDone_.ready(now())) complete(sharedDone_.pop());
  if (busy_ && !awaitingEndReq_) sendNext();
  return (busy_ && !awaitingEndReq_) || !responses_.empty() || !sharedDone_.empty();
}

void Lsu::sendNext() {
  tlm::tlm_generic_payload& p = pool_.acquire();
  GpuRequest& r = GpuRequest::of(p);
  r = proto_;
  r.id = nextRequestId_++;
  r.lineAddr = access_.lines[nextLine_].lineAddr;
  r.sectorMask = access_.lines[nextLine_].sectorMask;
  p.set_command(command_);
  p.set_address(r.lineAddr);
  p.set_data_length(params_.lineSize);
  p.set_streaming_width(params_.lineSize);
  requests_.inc();
  (command_ == tlm::TLM_READ_COMMAND ? loadRequests_ : storeRequests_).inc();

  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const tlm::tlm_sync_enum s = (*target_)->nb_transport_fw(p, phase, delay);
  awaitingEndReq_ = !(s == tlm::TLM_UPDATED && phase == tlm::END_REQ);
  if (awaitingEndReq_) stalledSince_ = now();
  if (!awaitingEndReq_) {
    watchdog_.progress();
    if (++nextLine_ == access_.count) {
      busy_ = false;
      client_.lsuFreed();
    }
  }
}

tlm::tlm_sync_enum Lsu::nbTransportBw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                      sc_core::sc_time&) {
  if (phase == tlm::END_REQ) {  // the request held back earlier has been taken
    awaitingEndReq_ = false;
    stallCycles_.inc(now() - stalledSince_);
    watchdog_.progress();
    if (++nextLine_ == access_.count) {
      busy_ = false;
      client_.lsuFreed();
    }
    wake();
    return tlm::TLM_ACCEPTED;
  }
  // BEGIN_RESP: take it at once (responses are never refused) and act on it next cycle.
  responses_.push(&trans, now() + 1);
  wake();
  return tlm::TLM_COMPLETED;
}

void Lsu::settleStats() {
  if (!awaitingEndReq_) return;
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
  if (open == 0 && !busy_) return;
  os << name() << ": " << open << " memory instructions outstanding";
  if (busy_)
    os << "; sending line " << nextLine_ << "/" << access_.count << " of warp "
       << proto_.warp.value() << (awaitingEndReq_ ? ", waiting for END_REQ (memory full)" : "");
  // The oldest outstanding instruction says how long the memory system has kept us waiting.
  std::vector<bool> isFree(inFlight_.size(), false);
  for (std::uint32_t f : freeEntries_) isFree[f] = true;
  const InFlight* oldest = nullptr;
  for (std::size_t e = 0; e < inFlight_.size(); ++e)
    if (!isFree[e] && (!oldest || inFlight_[e].issued < oldest->issued)) oldest = &inFlight_[e];
  if (oldest)
    os << "; oldest: warp " << oldest->warp.value() << ", " << oldest->outstanding
       << " responses missing since core cycle " << oldest->issued;
  os << "\n";
}

}  // namespace warpsim
