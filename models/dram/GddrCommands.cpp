// The GDDR controller's command side (README.md, "The GDDR controller"): each bank's view and
// pick, the choice of one command per cycle under the timing rules, and what each command does
// to its bank, the buses and the queue. Arrivals, deliveries and statistics: GddrController.cpp.
#include <algorithm>

#include "warpsim/core/GpuRequest.h"
#include "warpsim/dram/GddrController.h"

namespace warpsim {

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
  const SharedReady shared = sharedReady();
  constexpr auto kAct = 2 * static_cast<std::uint32_t>(Cmd::Act);
  if (!bank.open.open) return std::max(bank.actReady, shared.at[kAct]);
  const Cycle column =
      std::max(bank.colReady, std::min(shared.at[kReadBus], shared.at[kReadBus + 1]));
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

}  // namespace warpsim
