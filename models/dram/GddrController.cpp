#include "warpsim/dram/GddrController.h"

#include <algorithm>
#include <ostream>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

GddrController::GddrController(sc_core::sc_module_name name, const GddrParams& params,
                               const AddressMap& map, PartitionId partition, PayloadPool& pool,
                               Watchdog& watchdog, StatsRegistry& stats,
                               const DramSchedulerRegistry& schedulers,
                               const DramPrefetcherRegistry& prefetchers)
    : sc_core::sc_module(name),
      socket("socket"),
      params_(params),
      map_(map),
      partition_(partition),
      pool_(pool),
      watchdog_(watchdog),
      scheduler_(schedulers.create(params.scheduler, params)),
      prefetcher_(prefetchers.create(params.prefetch, params)),
      linesPerRow_(std::max<std::uint32_t>(1, map.rowSize() / params.lineSize)),
      banks_(map.banks()),
      incoming_(0) {
  socket.register_nb_transport_fw(this, &GddrController::nbTransportFw);
  for (Bank& b : banks_) {
    b.sent.assign(linesPerRow_, 0);
    b.prefetchArrives.assign(linesPerRow_, 0);
    b.queue.reserve(params.queue);
  }
  changed_.reserve(banks_.size());
  allBanks_ = banks_.size() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << banks_.size()) - 1;
  prefetching_ = prefetcher_->mayPrefetch();
  const std::string p = std::string(this->name()) + ".";
  stats.addCounter(p + "reads", reads_);
  stats.addCounter(p + "writes", writes_);
  stats.addCounter(p + "bytes", bytes_);
  stats.addCounter(p + "queue_full_cycles", fullCycles_);
  stats.addCounter(p + "cycles", cycles_);
  stats.addCounter(p + "busy_cycles", busyCycles_);
  stats.addCounter(p + "busy_bank_cycles", busyBankCycles_);
  stats.addRatio(p + "blp", busyBankCycles_, busyCycles_);
  stats.addCounter(p + "active_cycles", activeCycles_);
  stats.addCounter(p + "queued_bank_cycles", queuedBankCycles_);
  stats.addRatio(p + "blp_queued", queuedBankCycles_, activeCycles_);
  stats.addCounter(p + "accesses", accesses_);
  stats.addCounter(p + "row_hits", rowHits_);
  stats.addCounter(p + "row_misses", rowMisses_);
  stats.addCounter(p + "row_conflicts", rowConflicts_);
  stats.addRatio(p + "rbl", rowHits_, accesses_);
  stats.addCounter(p + "activates", activates_);
  stats.addCounter(p + "precharges", precharges_);
  stats.addCounter(p + "data_bus_cycles", busCycles_);
  stats.addRatio(p + "data_bus_utilisation", busCycles_, cycles_);
  stats.addHistogram(p + "queue_latency", queueLatency_);
  stats.addHistogram(p + "read_latency", readLatency_);
  stats.addCounter(p + "prefetches", prefetches_);
  stats.addCounter(p + "prefetch_late", prefetchLate_);
}

std::uint32_t GddrController::burstCycles(std::uint32_t bytes) const {
  return (bytes + params_.busBytes - 1) / params_.busBytes;
}

// ---- transport ----------------------------------------------------------------------------

tlm::tlm_sync_enum GddrController::nbTransportFw(int port, Payload& trans, tlm::tlm_phase& phase,
                                                 sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;  // END_RESP: nothing to do
  ++ledger_.taken;
  wake();
  finishTransfers(now());                              // the bank counts accept() reads
  if (pending() >= params_.queue || !held_.empty()) {  // in turn
    if (!held_.hold(port, trans))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    return tlm::TLM_ACCEPTED;
  }
  accept(trans, port, now());
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void GddrController::accept(Payload& trans, int port, Cycle t) {
  account(t);
  const DramCoord c = map_.decode(trans.get_address());
  DramRequest r;
  r.payload = &trans;
  r.bank = c.bank;
  r.row = c.row;
  r.line = std::min(c.column / params_.lineSize, linesPerRow_ - 1);
  r.arrived = t;
  r.write = trans.is_write();
  r.port = port;
  (r.write ? writes_ : reads_).inc();
  bytes_.inc(trans.get_data_length());
  Bank& b = banks_[r.bank];
  // A prefetch of this very line is still on its way to the L2 (OWL 4.4 prefetch too late).
  if (port == 0 && !r.write && b.open.open && b.open.row == r.row && b.sent[r.line] &&
      b.prefetchArrives[r.line] > t)
    prefetchLate_.inc();
  if (b.outstanding++ == 0) ++queuedBanks_;
  ++outstanding_;
  incoming_.push(r, t + 1);
  prefetcher_->noteArrival(pending());
  if (fullSince_ == kNever && pending() >= params_.queue) fullSince_ = t;
}

// ---- one cycle ----------------------------------------------------------------------------

bool GddrController::tick() {
  const Cycle t = now();
  finishTransfers(t);
  while (returning_.ready(t)) respond(returning_.pop());
  while (incoming_.ready(t)) enqueue(incoming_.pop());
  Cycle next = kNever;
  issue(t, next);
  while (!held_.empty() && pending() < params_.queue) {
    const HeldRequests::Request h = held_.release();
    accept(*h.payload, h.port, t);
    endRequest(socket, h);
  }
  if (!incoming_.empty()) next = std::min(next, incoming_.frontVisibleAt());
  // A transfer's end needs no tick of its own: the next tick or arrival books it (at its own
  // cycle); its response leaves dram.latency cycles later, which does.
  if (!done_.empty()) next = std::min(next, done_.frontVisibleAt() + params_.latency);
  if (!returning_.empty()) next = std::min(next, returning_.frontVisibleAt());
  if (next == kNever) return false;
  next = std::max(next, t + 1);
  if (next == t + 1) return true;
  wakeAt(next);
  return false;
}

// The data transfers that ended by t, each booked at the cycle it ended (done_ is in bus order,
// so their ends are in order too): the bank frees, the BLP spans close there, and the response
// is queued for dram.latency cycles later. Called before anything reads the bank counts.
void GddrController::finishTransfers(Cycle t) {
  while (done_.ready(t)) {
    const Cycle end = done_.frontVisibleAt();
    const Completion c = done_.pop();
    watchdog_.progress();
    if (c.demand) {
      account(end);
      Bank& b = banks_[c.bank];
      if (--b.outstanding == 0) --queuedBanks_;
      if (--b.inService == 0) --busyBanks_;
      --outstanding_;
      if (c.payload->is_read()) readLatency_.add(end - c.arrived);
    }
    returning_.push(Returning{c.payload, c.port, c.demand}, end + params_.latency);
  }
}

void GddrController::respond(const Returning& r) {
  r.payload->set_response_status(tlm::TLM_OK_RESPONSE);
  if (r.demand) ++ledger_.answered;
  sendBackward(socket[r.port], *r.payload, tlm::BEGIN_RESP);  // taken at once
}

void GddrController::enqueue(const DramRequest& r) {
  Bank& bank = banks_[r.bank];
  bank.queue.push_back(r);
  bank.queue.back().seq = nextSeq_++;
  ++queued_;
  change(r.bank);
}

void GddrController::attachTimeline(Timeline& timeline) {
  timeline_ = &timeline;
  for (std::uint32_t b = 0; b < banks_.size(); ++b)
    bankTracks_.push_back(timeline.track(name(), "bank " + std::to_string(b)));
  rowSincePs_.assign(banks_.size(), 0);
  timeline.onClose([this](std::uint64_t endPs) {
    for (std::uint32_t b = 0; b < banks_.size(); ++b)
      if (banks_[b].open.open)
        timeline_->span(bankTracks_[b], "row open", rowSincePs_[b], endPs, "row",
                        banks_[b].open.row);
  });
}

// ---- statistics ---------------------------------------------------------------------------

// Closes the span [spanFrom_, t) with the bank counts that held during it.
void GddrController::account(Cycle t) {
  if (t <= spanFrom_) return;
  const Cycle d = t - spanFrom_;
  cycles_.inc(d);
  if (outstanding_) {
    activeCycles_.inc(d);
    queuedBankCycles_.inc(d * queuedBanks_);
  }
  if (busyBanks_) {
    busyCycles_.inc(d);
    busyBankCycles_.inc(d * busyBanks_);
  }
  spanFrom_ = t;
}

// OWL 2.2's BLP counts a bank busy from the first command issued for a demand (PRE, ACT or
// RD/WR) until that demand's last data beat; waiting in the queue does not count.
void GddrController::startService(DramRequest& r, Cycle t) {
  if (r.started) return;
  r.started = true;
  account(t);
  if (banks_[r.bank].inService++ == 0) ++busyBanks_;
}

void GddrController::settleStats() {
  const Cycle t = now();
  finishTransfers(t);
  account(t);
  if (fullSince_ != kNever && fullSince_ < t) {
    fullCycles_.inc(t - fullSince_);
    fullSince_ = t;
  }
}

void GddrController::describeWaits(std::ostream& os) const {
  if (pending() == 0 && done_.empty() && held_.empty()) return;
  const DramRequest* oldest = nullptr;
  for (const Bank& b : banks_)
    if (!b.queue.empty() && (!oldest || b.queue.front().seq < oldest->seq))
      oldest = &b.queue.front();
  os << name() << ": " << pending() << "/" << params_.queue << " requests queued, " << done_.size()
     << " transfers in flight";
  if (oldest)
    os << ", oldest for bank " << oldest->bank << " row " << oldest->row << " since DRAM cycle "
       << oldest->arrived;
  if (!held_.empty()) os << "; " << held_.size() << " request(s) held back (queue full)";
  os << "\n";
}

void GddrController::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
}

}  // namespace warpsim
