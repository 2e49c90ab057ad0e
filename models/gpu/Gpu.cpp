#include "warpsim/gpu/Gpu.h"

namespace warpsim {

const char* toString(Gpu::Outcome o) {
  switch (o) {
    case Gpu::Outcome::Running:
      return "running";
    case Gpu::Outcome::Finished:
      return "finished";
    case Gpu::Outcome::CycleLimit:
      return "cycle limit reached";
    case Gpu::Outcome::NoProgress:
      return "no progress (watchdog)";
    case Gpu::Outcome::Deadlock:
      return "deadlock (nothing left to run)";
    case Gpu::Outcome::Interrupted:
      return "interrupted";
  }
  return "?";
}

Gpu::Gpu(sc_core::sc_module_name name, const GpuParams& params, const Registries& registries,
         const Config* config, StatsRegistry& stats, const Assembly& assemble)
    : sc_core::sc_module(name),
      params_(params),
      registries_(registries),
      config_(config),
      stats_(stats),
      engine_("engine"),
      core_(engine_.addDomain("core", params.clock.coreMHz)),
      icnt_(engine_.addDomain("icnt", params.clock.icntMHz)),
      l2clk_(engine_.addDomain("l2", params.clock.l2MHz)),
      dram_(engine_.addDomain("dram", params.clock.dramMHz)),
      map_(params.map),
      dispatcher_("dispatcher", params.sm,
                  CtaDispatcher::Hooks{
                      [this](const KernelDesc& k, Cycle s, Cycle e) { kernelDone(k, s, e); },
                      [this](Cycle e) { allDone(e); }},
                  stats, params.cta) {
  Watchdog& wd = engine_.watchdog();
  if (params.predictor.enable)
    predictor_ = std::make_unique<PredictionObserver>("predictor", params.predictor, params.sms,
                                                      stats, registries_.predictor);
  if (!params.l1dTrace.empty())
    l1dTrace_ = std::make_unique<AccessTraceWriter>(
        params.l1dTrace,
        TraceGeometry{params.sms, params.l1d.sets, params.l1d.ways, params.l1d.lineSize});
  smTotal_.slotsPerCycle = params.sm.schedulers;
  smTotal_.registerWith(stats, std::string(this->name()) + ".sm_total", true);
  core_.add(dispatcher_);
  wd.add(dispatcher_);
  partitions_.reserve(map_.partitions());  // addPartition's references stay valid

  assemble(*this);
  checkAssembly();

  net_->attach(icnt_, wd);
  if (params.predictor.prefetch) connectPrefetcher();
  wd.setWindow(core_.cyclesToPs(params.watchdogCycles),
               std::to_string(params.watchdogCycles) + " core cycles");
  core_.add(boundary_);  // last in the core domain: see KernelBoundary
  engine_.setCycleLimit(core_, params.maxCycles);
  if (params.tickAll) engine_.setTickAll();
}

void Gpu::run(const Workload& workload) {
  if (predictor_) predictor_->expect(workload);
  const Cycle from = finished_ ? endCycle_ : 0;  // a resumed GPU: after the last workload
  finished_ = false;
  dispatcher_.run(workload, from);
}

std::uint64_t Gpu::warpInstructions() const {
  std::uint64_t n = 0;
  for (const auto& sm : sms_) n += sm->stats().warpInstructions.value();
  return n;
}

std::uint64_t Gpu::threadInstructions() const {
  std::uint64_t n = 0;
  for (const auto& sm : sms_) n += sm->stats().threadInstructions.value();
  return n;
}

void Gpu::kernelDone(const KernelDesc& k, Cycle start, Cycle end) {
  pendingKernel_ = PendingKernel{&k, start, end};
  if (predictor_) predictor_->kernelDone();
  boundary_.wake();
}

bool Gpu::KernelBoundary::tick() {
  gpu.closeKernel();
  return false;
}

void Gpu::sampleEvery(Cycle interval, SampleHook sample) {
  if (sampler_) throw std::logic_error("Gpu::sampleEvery called twice");
  sampler_ = std::make_unique<Sampler>(*this, interval, std::move(sample));
  core_.add(*sampler_);
  sampler_->wakeAt(interval - 1);
}

// At the end of the last edge of an interval, after every core block has had its turn.
bool Gpu::Sampler::tick() {
  const Cycle end = now() + 1;
  if (gpu.finished_ || end < last + interval) return false;  // the last one comes from finalize()
  gpu.settleStats(end);
  sample(last, end);
  last = end;
  // A GPU stuck for good keeps no sampler alive: the engine then reports the deadlock.
  if (!gpu.engine_.idleBesides(*this)) wakeAt(end + interval - 1);
  return false;
}

void Gpu::attachTimeline(Timeline& timeline) {
  timeline_ = &timeline;
  for (auto& sm : sms_) sm->attachTimeline(timeline);
  for (MemoryPartition& p : partitions_) {
    p.l2->attachTimeline(timeline);
    if (p.gddr) p.gddr->attachTimeline(timeline);
  }
}

void Gpu::closeKernel() {
  if (!pendingKernel_.kernel) return;
  const PendingKernel p = pendingKernel_;
  pendingKernel_ = PendingKernel{};
  settleStats(p.end);
  const std::uint64_t warp = warpInstructions() - kernelWarpBase_;
  const std::uint64_t thread = threadInstructions() - kernelThreadBase_;
  kernelWarpBase_ += warp;
  kernelThreadBase_ += thread;
  const Cycle cycles = p.end - p.start;
  stats_.endKernel(p.kernel->name, nlohmann::json{{"start_cycle", p.start},
                                                  {"cycles", cycles},
                                                  {"warp_instructions", warp},
                                                  {"thread_instructions", thread},
                                                  {"ipc", cycles ? double(thread) / cycles : 0.0}});
}

void Gpu::allDone(Cycle end) {
  finished_ = true;
  endCycle_ = end;
  // The edge completes; finalize() settles the accounts afterwards.
  if (resumable_) {
    engine_.pause();
  } else if (drainAtEnd_) {
    engine_.stopWhenIdle([this] {
      finalize();
      stats_.freeze();
    });
  } else {
    engine_.stop();
  }
}

void Gpu::settleStats(Cycle end) {
  for (auto& sm : sms_) {
    sm->accountUntil(end);
    sm->lsu.settleStats();
    for (Cache* l1 : {&sm->l1d, &sm->l1t, &sm->l1c}) l1->settleStats();
  }
  for (MemoryPartition& p : partitions_) p.settleStats();
  net_->settleStats(end * core_.periodPs() / icnt_.periodPs());  // in icnt cycles
}

void Gpu::finalize() {
  engine_.rethrowFailure();  // a block's error mid-run: reported, not summarised
  if (finalized_) return;
  finalized_ = true;
  if (engine_.cycleLimitReached())
    endCycle_ = params_.maxCycles;  // the run covered every cycle before the limit
  else if (!finished_)
    endCycle_ = engine_.timePs() / core_.periodPs() + 1;
  settleStats(endCycle_);
  if (sampler_ && endCycle_ >= sampler_->last) sampler_->sample(sampler_->last, endCycle_);
  if (timeline_) timeline_->close(endCycle_ * core_.periodPs());
  checkRunCounters();
  if (l1dTrace_) {
    std::vector<std::uint64_t> instructions;
    for (auto& sm : sms_) instructions.push_back(sm->stats().threadInstructions.value());
    l1dTrace_->finish(instructions);
  }
}

Gpu::Outcome Gpu::outcome() const {
  if (finished_) return Outcome::Finished;
  if (engine_.cycleLimitReached()) return Outcome::CycleLimit;
  if (engine_.interrupted()) return Outcome::Interrupted;
  if (engine_.watchdog().fired()) return Outcome::NoProgress;
  return Outcome::Deadlock;
}

std::string Gpu::diagnosis() const {
  const Watchdog& wd = engine_.watchdog();
  const Outcome o = outcome();
  if (o == Outcome::NoProgress)
    return wd.report("no instruction issued and no request moved for " + wd.windowText() +
                     " (sim.watchdog_cycles), at core cycle " +
                     std::to_string(engine_.timePs() / core_.periodPs()));
  if (o == Outcome::Deadlock)
    return wd.report("every block is asleep and nothing is scheduled, at core cycle " +
                     std::to_string(engine_.timePs() / core_.periodPs()) +
                     "; the workload has not finished");
  return "";
}

ConservationCheck Gpu::checkConservation() const {
  ConservationCheck check(outcome() == Outcome::Finished && drainAtEnd_);
  check.add(runCounters_);
  engine_.watchdog().checkConservation(check);
  const std::string where = std::string(name()) + ".payloads";
  check.require(!pool_.overReleased(), where,
                "more payloads returned to the pool than it handed out");
  if (check.drained())
    check.equal(where, "handed out", pool_.allocated(), "returned",
                pool_.allocated() - pool_.inUse());
  return check;
}

// The counters of the run as its statistics give them (finalize: before any drain).
void Gpu::checkRunCounters() {
  ConservationCheck& check = runCounters_;
  const std::string where = name();
  std::uint64_t warp = 0, thread = 0;
  for (const auto& sm : sms_) {
    const SmStats& s = sm->stats();
    warp += s.warpInstructions.value();
    thread += s.threadInstructions.value();
    // SmStats: every core cycle of the run falls in exactly one category.
    check.equal(sm->name(), "cycles accounted", s.cycles.value(), "the run's cycles", endCycle_);
  }
  check.equal(where + ".sm_total", "warp_instructions", smTotal_.warpInstructions.value(),
              "the SMs' sum", warp);
  check.equal(where + ".sm_total", "thread_instructions", smTotal_.threadInstructions.value(),
              "the SMs' sum", thread);
  if (!finished_) return;
  std::uint64_t kernelWarp = 0;
  for (const auto& k : stats_.kernels()) kernelWarp += k.value("warp_instructions", 0ull);
  check.equal(where + ".kernels", "warp_instructions", kernelWarp, "the SMs' sum", warp);
}

}  // namespace warpsim
