#include "warpsim/dram/GddrController.h"

#include <algorithm>
#include <ostream>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {
namespace {
constexpr Cycle kNever = ~Cycle{0};
}  // namespace

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
  deliver(t);
  while (incoming_.ready(t)) enqueue(incoming_.pop());
  Cycle next = kNever;
  issue(t, next);
  while (!held_.empty() && pending() < params_.queue) {
    const HeldRequests::Request h = held_.release();
    accept(*h.payload, h.port, t);
    endRequest(socket, h);
  }
  if (!incoming_.empty()) next = std::min(next, incoming_.frontVisibleAt());
  if (!done_.empty()) next = std::min(next, done_.frontVisibleAt());
  if (!returning_.empty()) next = std::min(next, returning_.frontVisibleAt());
  if (next == kNever) return false;
  next = std::max(next, t + 1);
  if (next == t + 1) return true;
  wakeAt(next);
  return false;
}

void GddrController::deliver(Cycle t) {
  while (done_.ready(t)) {
    const Completion c = done_.pop();
    watchdog_.progress();
    if (c.demand) {
      account(t);
      Bank& b = banks_[c.bank];
      if (--b.outstanding == 0) --queuedBanks_;
      if (--b.inService == 0) --busyBanks_;
      --outstanding_;
      if (c.payload->is_read()) readLatency_.add(t - c.arrived);
    }
    if (params_.latency == 0)
      respond(Returning{c.payload, c.port, c.demand});
    else
      returning_.push(Returning{c.payload, c.port, c.demand}, t + params_.latency);
  }
  while (returning_.ready(t)) respond(returning_.pop());
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

// The bank's queue, open row or own timing changed: its view and demand are refreshed before the
// next command is chosen.
void GddrController::change(std::uint32_t b) {
  if (banks_[b].changed) return;
  banks_[b].changed = true;
  changed_.push_back(b);
}

// What bank `b` holds for the scheduler, and the command its pick needs next with the bank's
// own timing constraints.
void GddrController::refresh(std::uint32_t b) {
  Bank& bank = banks_[b];
  bank.changed = false;
  BankQueueView& v = bank.view;
  v = BankQueueView{};
  for (const DramRequest& r : bank.queue) {
    if (v.oldest == BankQueueView::kNone) v.oldest = r.seq;
    if (bank.open.open && r.row == bank.open.row) {
      if (v.oldestHit == BankQueueView::kNone) v.oldestHit = r.seq;
    } else {
      v.otherRow = true;
    }
  }
  Candidate& d = bank.demand;
  d = Candidate{};
  const std::uint64_t bit = std::uint64_t{1} << b;
  const std::size_t seq = scheduler_->pick(v);
  if (seq == IDramScheduler::kNone) {
    demandBanks_ &= ~bit;
    return;
  }
  demandBanks_ |= bit;
  d.bank = b;
  d.seq = seq;
  const DramRequest& r = demandOf(d);
  if (bank.open.open && bank.open.row == r.row) {
    d.cmd = Cmd::Col;
    d.write = r.write;
    d.earliest = r.write ? bank.colReady : std::max(bank.colReady, bank.readReady);
  } else if (bank.open.open) {
    d.cmd = Cmd::Pre;
    d.earliest = bank.preReady;
  } else {
    d.cmd = Cmd::Act;
    d.earliest = bank.actReady;
  }
}

DramRequest& GddrController::demandOf(const Candidate& c) {
  std::vector<DramRequest>& q = banks_[c.bank].queue;
  return *std::find_if(q.begin(), q.end(), [&](const DramRequest& r) { return r.seq == c.seq; });
}

// The shared buses' part of a column command's earliest cycle, the same for every bank: tCCD
// after the last column command, and its data must find the data bus free.
Cycle GddrController::columnBusReady(bool write) const {
  const std::uint32_t lat = write ? params_.t.tWL : params_.t.tCL;
  return busFree_ > lat ? std::max(colAnyReady_, busFree_ - lat) : colAnyReady_;
}

// One command per cycle: the oldest demand whose column command (a row hit) can issue, else the
// oldest demand whose ACT or PRE can, else a prefetch (lowest bank first). `next` gets the
// earliest cycle at which some command becomes possible, when none is issued now.
bool GddrController::issue(Cycle t, Cycle& next) {
  // Nothing changed since the last look, which found no command possible before commandAt_ (a
  // tick to deliver data, say): the same look would find the same.
  if (changed_.empty() && t < commandAt_ && !prefetching_) {
    next = std::min(next, commandAt_);
    return false;
  }
  for (const std::uint32_t b : changed_) refresh(b);
  changed_.clear();
  const SharedReady shared = sharedReady();
  // The oldest ready column command and the oldest ready ACT or PRE, by bank and arrival order.
  // Which candidate is ready and older is data the host cannot predict: selects, not branches.
  constexpr std::uint64_t kNoSeq = ~std::uint64_t{0};
  std::uint64_t colSeq = kNoSeq, rowSeq = kNoSeq;
  std::uint32_t colBank = 0, rowBank = 0, ready = 0;
  Candidate prefetch;
  // Banks with a demand (mem.banks is at most 64), and with a prefetcher any bank: its open row.
  const std::uint64_t visit = prefetching_ ? allBanks_ : demandBanks_;
  for (std::uint64_t bits = visit; bits; bits &= bits - 1) {
    const auto b = static_cast<std::uint32_t>(__builtin_ctzll(bits));
    const Bank& bank = banks_[b];
    const Candidate& d = bank.demand;
    Cmd cmd = d.cmd;
    if (prefetching_) {
      Candidate p;
      prefetchCandidate(bank, b, p);
      if (p.cmd != Cmd::None) {
        // OWL 4.4 rule (2): the row stays open until the minimum number of lines has gone.
        if (cmd == Cmd::Pre) cmd = Cmd::None;
        const Cycle e = std::max(p.earliest, shared.at[kReadBus]);
        if (e > t)
          next = std::min(next, e);
        else if (prefetch.cmd == Cmd::None)
          prefetch = p;
      }
    }
    if (cmd == Cmd::None) continue;
    const Cycle e = shared.earliest(cmd, d);
    const bool now = e <= t;
    ready += now;
    next = std::min(next, now ? kNever : e);
    const std::uint64_t seq = now ? d.seq : kNoSeq;
    const bool col = cmd == Cmd::Col;
    const bool olderCol = col & (seq < colSeq), olderRow = !col & (seq < rowSeq);
    colSeq = olderCol ? seq : colSeq;
    colBank = olderCol ? b : colBank;
    rowSeq = olderRow ? seq : rowSeq;
    rowBank = olderRow ? b : rowBank;
  }
  const Candidate* c = colSeq != kNoSeq            ? &banks_[colBank].demand
                       : rowSeq != kNoSeq          ? &banks_[rowBank].demand
                       : prefetch.cmd != Cmd::None ? &prefetch
                                                   : nullptr;
  if (!c) {
    commandAt_ = next;
    return false;
  }
  switch (c->cmd) {
    case Cmd::Col:
      issueColumn(*c, t);
      break;
    case Cmd::Act:
      issueActivate(*c, t);
      break;
    case Cmd::Pre:
      issuePrecharge(*c, t);
      break;
    default:
      issuePrefetch(*c, t);
      break;
  }
  watchdog_.progress();
  const std::uint32_t b = c->bank;
  change(b);  // its queue, row or timing changed
  // Another command that could go now may go next cycle. Otherwise the next command is no
  // earlier than the other demands' earliest cycles (the shared buses only got later) or the
  // earliest this bank's new state allows: waking then is exact, as a tick that issues nothing
  // would wait until then too. With a prefetcher, next cycle.
  if (prefetching_ || ready > 1)
    next = t + 1;
  else
    next = std::max(t + 1, std::min(next, earliestAfterCommand(banks_[b])));
  commandAt_ = next;
  return true;
}

// A lower bound on the earliest cycle of any command for `bank`, whichever request the
// scheduler picks next: an open row takes a column command or a PRE, a closed one an ACT; an
// empty queue none (an arrival wakes the controller).
Cycle GddrController::earliestAfterCommand(const Bank& bank) const {
  if (bank.queue.empty()) return kNever;
  if (!bank.open.open) return std::max(bank.actReady, actAnyReady_);
  const Cycle column =
      std::max(bank.colReady, std::min(columnBusReady(false), columnBusReady(true)));
  return std::min(column, bank.preReady);
}

// The shared constraints on each kind of command, indexed by command and direction.
GddrController::SharedReady GddrController::sharedReady() const {
  SharedReady s;
  s.at[kReadBus] = columnBusReady(false);
  s.at[kReadBus + 1] = columnBusReady(true);
  s.at[2 * static_cast<std::uint32_t>(Cmd::Act)] = actAnyReady_;
  s.at[2 * static_cast<std::uint32_t>(Cmd::Act) + 1] = actAnyReady_;
  return s;
}

// OWL 4.4: what the prefetcher would read from bank `b`'s open row, once no demand for that row
// remains.
void GddrController::prefetchCandidate(const Bank& bank, std::uint32_t b,
                                       Candidate& prefetch) const {
  if (!bank.open.open || bank.view.oldestHit != BankQueueView::kNone) return;
  if (!prefetcher_->keepGoing(bank.prefetched, bank.view.otherRow, pending())) return;
  // OWL 4.4 "sequentially": onwards from the line after the last one a demand read, wrapping.
  auto unsent = std::find(bank.sent.begin() + bank.nextLine, bank.sent.end(), 0);
  if (unsent == bank.sent.end()) unsent = std::find(bank.sent.begin(), bank.sent.end(), 0);
  if (unsent == bank.sent.end()) return;
  prefetch.cmd = Cmd::Prefetch;
  prefetch.bank = b;
  prefetch.line = static_cast<std::uint32_t>(unsent - bank.sent.begin());
  prefetch.earliest = std::max(bank.colReady, bank.readReady);
}

// Reserves the data bus for a column command issued at t; returns the cycle the data is done.
Cycle GddrController::dataTransfer(Cycle t, bool write, std::uint32_t burst) {
  const Cycle start = t + (write ? params_.t.tWL : params_.t.tCL);
  busFree_ = start + burst;
  busCycles_.inc(burst);
  colAnyReady_ = t + params_.t.tCCD;
  return busFree_;
}

void GddrController::issueColumn(const Candidate& c, Cycle t) {
  DramRequest& queued = demandOf(c);
  startService(queued, t);
  const DramRequest r = queued;
  Bank& b = banks_[c.bank];
  b.queue.erase(b.queue.begin() + (&queued - b.queue.data()));  // reserved: no allocation
  --queued_;
  const std::uint32_t burst = burstCycles(r.payload->get_data_length());
  const Cycle end = dataTransfer(t, r.write, burst);
  if (r.write) {
    b.readReady = end + params_.t.tCDLR;
    b.preReady = std::max(b.preReady, end + params_.t.tWR);
  } else {
    b.preReady = std::max(b.preReady, t + burst);
    if (r.port == 0) {
      b.sent[r.line] = 1;  // OWL 4.5: the line went to the L2 (socket 0)
      b.nextLine = (r.line + 1) % linesPerRow_;
    }
  }
  accesses_.inc();
  (r.outcome == RowOutcome::Hit    ? rowHits_
   : r.outcome == RowOutcome::Miss ? rowMisses_
                                   : rowConflicts_)
      .inc();
  queueLatency_.add(t - r.arrived);
  if (timeline_)
    timeline_->instant(bankTracks_[c.bank], r.write ? "WR" : "RD", ps(t), "line", r.line);
  done_.push(Completion{r.payload, c.bank, r.arrived, true, r.port}, end);
  if (fullSince_ != kNever && pending() + 1 >= params_.queue) {
    fullCycles_.inc(t - fullSince_);
    fullSince_ = kNever;
  }
}

void GddrController::issueActivate(const Candidate& c, Cycle t) {
  DramRequest& r = demandOf(c);
  startService(r, t);
  Bank& b = banks_[c.bank];
  b.open = OpenRow{true, r.row};
  b.rowBase = (r.row * banks_.size() + c.bank) * map_.rowSize();
  b.colReady = t + params_.t.tRCD;
  b.actReady = t + params_.t.tRC;
  b.preReady = std::max(b.preReady, t + params_.t.tRAS);
  b.prefetched = 0;
  b.nextLine = r.line;
  std::fill(b.sent.begin(), b.sent.end(), 0);  // OWL 4.5: reset when the row opens
  actAnyReady_ = t + params_.t.tRRD;
  if (r.outcome == RowOutcome::Hit) r.outcome = RowOutcome::Miss;
  activates_.inc();
  if (timeline_) {
    timeline_->instant(bankTracks_[c.bank], "ACT", ps(t), "row", r.row);
    rowSincePs_[c.bank] = ps(t);
  }
}

void GddrController::issuePrecharge(const Candidate& c, Cycle t) {
  Bank& b = banks_[c.bank];
  if (timeline_) {
    timeline_->span(bankTracks_[c.bank], "row open", rowSincePs_[c.bank], ps(t), "row", b.open.row);
    timeline_->instant(bankTracks_[c.bank], "PRE", ps(t));
  }
  b.open.open = false;
  b.actReady = std::max(b.actReady, t + params_.t.tRP);
  DramRequest& r = demandOf(c);
  startService(r, t);
  r.outcome = RowOutcome::Conflict;
  precharges_.inc();
}

// OWL 4.4: the line goes to the L2 slice as an unsolicited fill (see models/cache README.md).
void GddrController::issuePrefetch(const Candidate& c, Cycle t) {
  Bank& b = banks_[c.bank];
  const std::uint32_t burst = burstCycles(params_.lineSize);
  const Cycle end = dataTransfer(t, false, burst);
  b.preReady = std::max(b.preReady, t + burst);
  b.sent[c.line] = 1;
  b.prefetchArrives[c.line] = end;
  ++b.prefetched;
  prefetches_.inc();
  if (timeline_) timeline_->instant(bankTracks_[c.bank], "PF", ps(t), "line", c.line);
  const Addr line = map_.globalAddr(partition_, b.rowBase + Addr{c.line} * params_.lineSize);
  Payload& p = pool_.acquire();
  GpuRequest& r = GpuRequest::of(p);
  r.id = line;  // memory-side prefetches carry their line address as id
  r.kind = ReqKind::Prefetch;
  r.flags = GpuRequest::kPrefetch | GpuRequest::kUnsolicited;
  r.lineAddr = line;
  r.issueCycle = t;
  p.set_command(tlm::TLM_READ_COMMAND);
  p.set_address(line);
  p.set_data_length(params_.lineSize);
  p.set_streaming_width(params_.lineSize);
  done_.push(Completion{&p, c.bank, t, false, 0}, end);  // to the L2 slice
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
