#include "warpsim/sm/Sm.h"

#include <algorithm>
#include <stdexcept>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {
namespace {
constexpr std::uint64_t bit(std::uint32_t w) {
  return std::uint64_t{1} << w;
}
}  // namespace

Sm::Unit Sm::unitOf(OpClass op) {
  switch (op) {
    case OpClass::Alu:
    case OpClass::Branch:
      return kSp;
    case OpClass::Sfu:
      return kSfu;
    case OpClass::Dp:
      return kDp;
    case OpClass::Mem:
      return kMem;
    case OpClass::Tensor:
      return kTensor;
    case OpClass::Fence:
      return kFence;
    case OpClass::Barrier:
    case OpClass::Exit:
      return kCtrl;
  }
  return kCtrl;
}

Sm::Sm(sc_core::sc_module_name name, SmId id, const SmParts& parts,
       std::vector<std::unique_ptr<IWarpSchedulingPolicy>> policies, const SmServices& services)
    : sc_core::sc_module(name),
      lsu("lsu", id, parts.lsu, services.pool, *this, services.watchdog, services.stats),
      l1d("l1d", parts.l1d, services.pool, services.watchdog, services.stats,
          services.replacement()),
      l1t("l1t", parts.l1t, services.pool, services.watchdog, services.stats,
          services.replacement()),
      l1c("l1c", parts.l1c, services.pool, services.watchdog, services.stats,
          services.replacement()),
      id_(id),
      params_(parts.sm),
      listener_(services.listener),
      watchdog_(services.watchdog),
      states_(parts.sm.maxWarps),
      view_(states_.data(), parts.sm.maxWarps, id),
      ctas_(parts.sm.maxCtas),
      slotWarps_(parts.sm.schedulers, 0),
      spFreeAt_(parts.sm.schedulers, 0) {
  if (policies.size() != parts.sm.schedulers)
    throw std::logic_error(std::string(this->name()) + ": one policy per issue slot expected");
  for (std::uint32_t s = 0; s < parts.sm.schedulers; ++s)
    schedulers_.push_back(std::make_unique<WarpScheduler>(("sched" + std::to_string(s)).c_str(),
                                                          std::move(policies[s]), parts.sm.maxWarps,
                                                          services.stats));
  if (parts.sm.maxWarps > 64)
    throw std::logic_error(std::string(this->name()) + ": at most 64 warp slots");
  eligibleUnit_.fill(kUnits);
  warps_.reserve(parts.sm.maxWarps);
  for (std::uint32_t i = 0; i < parts.sm.maxWarps; ++i)
    warps_.emplace_back(parts.sm.ibufferEntries);
  attachLostLocality(services.stats, parts.l1d.lineSize);
  if (parts.sm.il1Sets > 0) {
    il1_ = std::make_unique<InstCache>(parts.sm.il1Sets, parts.sm.il1Ways, parts.sm.il1LineSize,
                                       parts.sm.il1MissLatency);
    il1_->registerWith(services.stats, std::string(this->name()) + ".il1");
  }
  lsu.socket.bind(l1d.upstream);
  lsu.texSocket.bind(l1t.upstream);
  lsu.constSocket.bind(l1c.upstream);
  view_.setSaturation(&l1d);
  view_.addSaturation(&l1t);
  view_.addSaturation(&l1c);
  stats_.slotsPerCycle = parts.sm.schedulers;
  stats_.total = services.total;
  stats_.registerWith(services.stats, this->name());
  // Misses per thousand thread instructions, GPGPU-Sim's instruction count (CCWS's MPKI).
  for (const Cache* l1 : {&l1d, &l1t, &l1c})
    services.stats.addRatio(std::string(l1->name()) + ".mpki", l1->stats().misses,
                            stats_.threadInstructions, 1000.0);
  SmAttachment attachment{lsu, {&l1d, &l1t, &l1c}, view_, services.stats, this->name()};
  for (auto& s : schedulers_) s->policy().attach(attachment);
}

void Sm::launchCta(const KernelDesc& kernel, CtaId cta) {
  auto slot = std::find_if(ctas_.begin(), ctas_.end(), [](const CtaSlot& c) { return !c.used; });
  if (slot == ctas_.end()) throw std::logic_error(std::string(name()) + ": no free CTA slot");
  const auto ctaSlot = static_cast<std::uint32_t>(slot - ctas_.begin());
  *slot = CtaSlot{true, &kernel, cta, kernel.ctaCoord(cta), kernel.warpsPerCta(), 0};
  std::uint32_t w = 0;
  for (std::uint32_t i = 0; i < kernel.warpsPerCta(); ++i) {
    while (w < warps_.size() && (resident_ & bit(w))) ++w;
    if (w == warps_.size()) throw std::logic_error(std::string(name()) + ": no free warp slot");
    Warp& warp = warps_[w];
    warp.stream = kernel.makeWarp(cta, i);
    warp.ibuf.clear();
    warp.scoreboard = Scoreboard{};
    warp.warpInCta = i;
    warp.lec.reset();
    warp.streamDone = warp.exitIssued = warp.atBarrier = warp.inFence = false;
    warp.fetchPending = false;
    warp.memPending = warp.aluPending = 0;
    WarpState& s = states_[w];
    s = WarpState{};
    s.resident = true;
    s.age = launched_++;
    s.ctaSlot = ctaSlot;
    s.cta = cta;
    s.ctaWarps = kernel.warpsPerCta();
    resident_ |= bit(w);
    if (vta_) vta_->clear(WarpId{w});
    slotWarps_[w % params_.schedulers] |= bit(w);
    refreshState(w);
  }
  if (timeline_) timelineCta(ctaSlot, true);
  view_.ctaChanged();
  wake();
}

bool Sm::tick() {
  const Cycle cycle = Clocked::now();
  view_.setNow(cycle);
  writeback();
  const bool fetched = fetch();
  bool issued = false;
  withheld_ = false;
  for (std::uint32_t s = 0; s < params_.schedulers; ++s) issued = issue(s) || issued;
  account(cycle, issued ? SmStats::Category::Issued : classify());
  // A policy that withheld a ready warp and decides by time (CCWS) may let it go next cycle
  // with no event (its scores decay): stay awake, as sim.tick_all would.
  if (issued || fetched || withheld_) return true;
  // Nothing moved this cycle. What remains internal is a result in a pipeline or a unit still
  // busy, each done at a known cycle: sleep until the first of them. Everything else waits on
  // the LSU, the memory system or the dispatcher, which wake the SM themselves.
  Cycle next = resultsDue_;
  for (Cycle t : {sfuFreeAt_, dpFreeAt_, tensorFreeAt_, fenceFreeAt_})
    next = t > cycle ? std::min(next, t) : next;
  for (Cycle t : spFreeAt_) next = t > cycle ? std::min(next, t) : next;
  for (std::uint64_t m = fetchWait_; m; m &= m - 1)
    next = std::min(next, warps_[__builtin_ctzll(m)].fetchReadyAt);
  if (next == kNoCycle) return false;
  if (next <= cycle + 1) return true;
  wakeAt(next);
  return false;
}

void Sm::writeback() {
  const Cycle cycle = Clocked::now();
  if (resultsDue_ > cycle) return;
  resultsDue_ = kNoCycle;
  for (TimedQueue<Result>* q : resultQueues()) {
    while (q->ready(cycle)) {
      const Result r = q->pop();
      Warp& w = warps_[r.warp.value()];
      if (q == &fenceResults_) w.inFence = false;
      if (r.reg != kNoReg) w.scoreboard.release(r.reg);
      --w.aluPending;
      refreshState(r.warp.value());
      maybeRetire(r.warp);
    }
    if (!q->empty()) resultsDue_ = std::min(resultsDue_, q->frontVisibleAt());
  }
}

// Refills up to sm.fetch_width instruction buffers, round-robin from the warp after the last
// one fetched (an ideal instruction cache: the stream supplies the instruction at once).
bool Sm::fetch() {
  std::uint32_t budget = params_.fetchWidth;
  bool any = fetchWait_ != 0 && commitArrivedFetches(Clocked::now());
  while (budget > 0 && needFetch_ != 0) {
    const std::uint64_t ahead =
        fetchNext_ < 64 ? needFetch_ & (~std::uint64_t{0} << fetchNext_) : 0;
    const auto id = static_cast<std::uint32_t>(__builtin_ctzll(ahead ? ahead : needFetch_));
    Warp& w = warps_[id];
    const bool hadInst = !w.ibuf.empty();
    if (!w.stream->next(w.ibuf.back())) {
      w.streamDone = true;
    } else if (il1_ &&
               (w.fetchReadyAt = il1_->access(w.ibuf.back().pc, Clocked::now())) > Clocked::now()) {
      w.fetchPending = true;  // committed when its line arrives
      fetchWait_ |= bit(id);
    } else {
      w.ibuf.commitBack();
    }
    if (hadInst && !w.streamDone && !timeline_) {
      // The buffer's front is the one it had: only the warp's need of a fetch can change.
      if (w.ibuf.full() || w.fetchPending) needFetch_ &= ~bit(id);
    } else {
      refreshState(id);
      maybeRetire(WarpId{id});
    }
    fetchNext_ = id + 1;
    --budget;
    any = true;
  }
  return any;
}

// Instructions whose line has arrived join their warp's instruction buffer (no fetch slot).
bool Sm::commitArrivedFetches(Cycle cycle) {
  bool any = false;
  for (std::uint64_t m = fetchWait_; m; m &= m - 1) {
    const auto id = static_cast<std::uint32_t>(__builtin_ctzll(m));
    Warp& w = warps_[id];
    if (w.fetchReadyAt > cycle) continue;
    w.ibuf.commitBack();
    w.fetchPending = false;
    fetchWait_ &= ~bit(id);
    refreshState(id);
    any = true;
  }
  return any;
}

std::uint64_t Sm::readyIn(std::uint32_t slot, Cycle cycle) const {
  std::uint64_t m = eligibleBy_[kCtrl];
  if (spFreeAt_[slot] <= cycle) m |= eligibleBy_[kSp];
  if (sfuFreeAt_ <= cycle) m |= eligibleBy_[kSfu];
  if (dpFreeAt_ <= cycle) m |= eligibleBy_[kDp];
  if (tensorFreeAt_ <= cycle) m |= eligibleBy_[kTensor];
  if (fenceFreeAt_ <= cycle) m |= eligibleBy_[kFence];
  if (lsu.canAccept()) m |= eligibleBy_[kMem] & ~lsu.blockedWarps();
  return m & slotWarps_[slot];
}

bool Sm::issue(std::uint32_t slot) {
  const std::uint64_t ready = readyIn(slot, Clocked::now());
  if (ready == 0) return false;
  view_.setReady(ready);
  WarpScheduler& scheduler = *schedulers_[slot];
  // Every ready warp can issue: the policy's first ready warp is the one, if it can name it
  // without its whole order.
  if (const std::optional<WarpId> first = scheduler.firstReady(view_, slotWarps_[slot])) {
    const bool isReady = first->value() < 64 && (ready >> first->value() & 1u) != 0;
    if (!isReady || !tryIssue(*first, slot)) notReady(slot, *first);
    return true;
  }
  for (WarpId w : scheduler.order(view_, slotWarps_[slot]))
    if (tryIssue(w, slot)) return true;
  if (schedulers_[slot]->policy().decidesByTime()) withheld_ = true;
  return false;
}

void Sm::notReady(std::uint32_t slot, WarpId w) const {
  throw std::logic_error(std::string(schedulers_[slot]->name()) +
                         ": the policy's firstReady named warp " + std::to_string(w.value()) +
                         ", which cannot issue in this slot this cycle");
}

void Sm::attachLostLocality(StatsRegistry& stats, std::uint32_t lineSize) {
  ILostLocalitySink* first = nullptr;
  for (auto& s : schedulers_) {
    auto* sink = dynamic_cast<ILostLocalitySink*>(&s->policy());
    lostSinks_.push_back(sink);
    if (!sink) continue;
    sink->registerStats(stats, std::string(s->name()) + ".ccws");
    if (!first) first = sink;
  }
  if (!first) return;
  vta_ = std::make_unique<VictimTagArray>(params_.maxWarps, first->vtaGeometry(), lineSize);
  // Evicted lines go to the partition of the warp that reserved them; a miss probes the
  // missing warp's partition, and a hit goes to the policy of the warp's issue slot.
  l1d.setEvictionObserver([this](Addr line, OwnerWarp o) {
    if (o.sm == id_ && o.warp.value() < params_.maxWarps) vta_->insert(o.warp, line);
  });
  l1d.setMissObserver([this](Addr line, OwnerWarp o) {
    if (o.sm != id_ || o.warp.value() >= params_.maxWarps) return;
    ILostLocalitySink* sink = lostSinks_[o.warp.value() % params_.schedulers];
    if (sink && vta_->probe(o.warp, line)) sink->lostLocality(o.warp, l1d.now());
  });
}

bool Sm::tryIssue(WarpId id, std::uint32_t slot) {
  if (!states_[id.value()].eligible) return false;
  Warp& w = warps_[id.value()];
  const WarpInst& in = w.ibuf.front();
  const Cycle cycle = Clocked::now();
  auto startPipe = [&](Cycle& freeAt, const PipeParams& p, TimedQueue<Result>& results) {
    if (freeAt > cycle) return false;
    freeAt = cycle + p.interval;
    if (in.dst != kNoReg) w.scoreboard.reserve(in.dst, false);
    ++w.aluPending;
    results.push(Result{id, in.dst}, cycle + p.latency);
    resultsDue_ = std::min(resultsDue_, cycle + p.latency);
    return true;
  };
  switch (in.op) {
    case OpClass::Alu:
    case OpClass::Branch:
      if (!startPipe(spFreeAt_[slot], params_.sp, spResults_)) return false;
      break;
    case OpClass::Sfu:
      if (!startPipe(sfuFreeAt_, params_.sfu, sfuResults_)) return false;
      break;
    case OpClass::Dp:
      if (!startPipe(dpFreeAt_, params_.dp, dpResults_)) return false;
      break;
    case OpClass::Tensor:
      if (!startPipe(tensorFreeAt_, params_.tensor, tensorResults_)) return false;
      break;
    case OpClass::Fence:
      if (!startPipe(fenceFreeAt_, params_.fence, fenceResults_)) return false;
      w.inFence = true;
      break;
    case OpClass::Mem:
      if (!lsu.canAccept() || ((lsu.blockedWarps() >> id.value()) & 1u)) return false;
      issueMem(w, id, in);
      break;
    case OpClass::Barrier:
      w.atBarrier = true;
      break;
    case OpClass::Exit:
      // Only the warp's last instruction ends it; an earlier EXIT (a trace's predicated-off
      // or partial one) retires its lanes and the warp goes on.
      w.exitIssued = in.last;
      break;
  }
  stats_.issued(in.activeLanes());
  watchdog_.progress();
  schedulers_[slot]->issued(id, in);
  const bool barrier = in.op == OpClass::Barrier;
  w.ibuf.pop();
  refreshState(id.value());
  if (timeline_) timelineIssued(id.value());
  if (barrier) arriveAtBarrier(states_[id.value()].ctaSlot);
  maybeRetire(id);
  return true;
}

void Sm::issueMem(Warp& w, WarpId id, const WarpInst& in) {
  const CtaSlot& c = ctas_[states_[id.value()].ctaSlot];
  if (in.memOp != MemOp::Store && in.dst != kNoReg)
    w.scoreboard.reserve(in.dst, in.space != MemSpace::Shared);
  ++w.memPending;
  // Loads outside shared memory count their executions per PC (the predictor's LEC).
  const bool counted = in.memOp == MemOp::Load && in.space != MemSpace::Shared;
  const std::uint32_t lec = counted ? w.lec.next(in.pc) : 0;
  lsu.accept(in, MemIssueInfo{id, c.cta, c.coord.x, c.coord.y, c.coord.z, w.warpInCta, lec});
}

void Sm::memInstDone(WarpId id, Reg dst) {
  Warp& w = warps_[id.value()];
  if (dst != kNoReg) w.scoreboard.release(dst);
  --w.memPending;
  refreshState(id.value());
  maybeRetire(id);
  wake();
}

void Sm::arriveAtBarrier(std::uint32_t ctaSlot) {
  ++ctas_[ctaSlot].arrived;
  releaseBarrierIfComplete(ctaSlot);
}

// A barrier opens when every warp of the CTA that has not exited has arrived.
void Sm::releaseBarrierIfComplete(std::uint32_t ctaSlot) {
  CtaSlot& c = ctas_[ctaSlot];
  if (c.arrived == 0 || c.arrived < c.alive) return;
  c.arrived = 0;
  for (std::uint32_t w = 0; w < warps_.size(); ++w)
    if ((resident_ & bit(w)) && states_[w].ctaSlot == ctaSlot && warps_[w].atBarrier) {
      warps_[w].atBarrier = false;
      refreshState(w);
    }
}

void Sm::retire(WarpId id) {
  const std::uint32_t i = id.value();
  Warp& w = warps_[i];
  resident_ &= ~bit(i);
  states_[i].resident = false;
  refreshState(i);
  w.stream.reset();
  slotWarps_[i % params_.schedulers] &= ~bit(i);
  stats_.warpDone();
  const std::uint32_t ctaSlot = states_[i].ctaSlot;
  CtaSlot& c = ctas_[ctaSlot];
  if (--c.alive == 0) {
    if (timeline_) timelineCta(ctaSlot, false);
    c.used = false;
    view_.ctaChanged();
    stats_.ctaDone();
    listener_.ctaFinished(id_);
  } else {
    releaseBarrierIfComplete(ctaSlot);
  }
}

void Sm::refreshState(std::uint32_t id) {
  const Warp& w = warps_[id];
  WarpState& s = states_[id];
  const std::uint64_t b = bit(id);
  std::uint8_t& unit = eligibleUnit_[id];  // the mask holding the warp, kUnits for none
  if (unit != kUnits) eligibleBy_[unit] &= ~b;
  unit = kUnits;
  s.hasInst = !w.ibuf.empty();
  if (s.hasInst) {
    const WarpInst& in = w.ibuf.front();
    const Scoreboard::Deps deps = w.scoreboard.deps(in);  // one look at its registers
    s.nextIsMem = in.isMem();
    s.nextLeavesSm = s.nextIsMem && in.space != MemSpace::Shared;
    s.nextIsLoad = in.isLoad() && (in.space == MemSpace::Global || in.space == MemSpace::Local);
    s.waitsOnMem = deps.longLoad;
    // A fence waits until the warp's memory instructions are done; what follows it waits for
    // the fence's latency.
    const bool fenced = w.inFence || (in.op == OpClass::Fence && w.memPending > 0);
    s.eligible = s.resident && !w.atBarrier && !w.exitIssued && !fenced && !deps.hazard;
    if (s.eligible) {
      unit = static_cast<std::uint8_t>(unitOf(in.op));
      eligibleBy_[unit] |= b;
    }
  } else {
    s.nextIsMem = s.nextLeavesSm = s.nextIsLoad = s.waitsOnMem = s.eligible = false;
  }
  s.atBarrier = w.atBarrier;
  s.finished = w.finishedIssuing();
  nextMem_ = (nextMem_ & ~b) | (s.nextIsMem ? b : 0);
  waitsOnMem_ = (waitsOnMem_ & ~b) | (s.waitsOnMem ? b : 0);
  const bool draining = s.resident && s.finished && w.memPending > 0;
  drainingMem_ = (drainingMem_ & ~b) | (draining ? b : 0);
  const bool done = s.resident && s.finished && w.drained();
  retirable_ = (retirable_ & ~b) | (done ? b : 0);
  const bool needs =
      s.resident && !w.streamDone && !w.exitIssued && !w.ibuf.full() && !w.fetchPending;
  needFetch_ = (needFetch_ & ~b) | (needs ? b : 0);
  if (timeline_) timelineNote(id);
}

}  // namespace warpsim
