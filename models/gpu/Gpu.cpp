#include "gpu/Gpu.h"

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
  }
  return "?";
}

Gpu::Gpu(sc_core::sc_module_name name, const GpuParams& params, const PolicyRegistry& policies,
         const Config* config, StatsRegistry& stats)
    : sc_core::sc_module(name),
      params_(params),
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
                  stats),
      net_(makeInterconnect("icnt", params.icnt, params.net, map_, params.sms, engine_.watchdog(),
                            stats)) {
  Watchdog& wd = engine_.watchdog();
  if (params.predictor.enable)
    predictor_ =
        std::make_unique<PredictionObserver>("predictor", params.predictor, params.sms, stats);
  if (!params.l1dTrace.empty())
    l1dTrace_ = std::make_unique<AccessTraceWriter>(
        params.l1dTrace,
        TraceGeometry{params.sms, params.l1d.sets, params.l1d.ways, params.l1d.lineSize});
  smTotal_.slotsPerCycle = params.sm.schedulers;
  smTotal_.registerWith(stats, std::string(this->name()) + ".sm_total");
  core_.add(dispatcher_);
  wd.add(dispatcher_);
  for (std::uint32_t i = 0; i < params.sms; ++i) {
    std::vector<std::unique_ptr<IWarpSchedulingPolicy>> slots;
    SmPolicyShared shared;  // what the SM's slots share (Mascar's owner warp)
    for (std::uint32_t s = 0; s < params.sm.schedulers; ++s)
      slots.push_back(policies.create(
          params.sched.policy, PolicyContext{SmId{i}, s, params.sms, params.sm.maxWarps, config,
                                             &params.sched, params.sm.schedulers, &shared}));
    sms_.push_back(std::make_unique<Sm>(
        ("sm" + std::to_string(i)).c_str(), SmId{i}, params.sm, params.lsu, params.l1d, params.l1t,
        params.l1c, std::move(slots), pool_, dispatcher_, wd, stats, &smTotal_));
    Sm& sm = *sms_.back();
    dispatcher_.addHost(sm);
    core_.add(sm.lsu);
    if (predictor_) sm.l1d.sentBelow.bind(*predictor_);
    if (l1dTrace_)
      sm.l1d.setAccessObserver([this, i](Addr line, OwnerWarp, Cache::AccessKind k) {
        l1dTrace_->record(SmId{i}, line, k);
      });  // loads leaving the SM (§III-C)
    for (Cache* l1 : {&sm.l1d, &sm.l1t, &sm.l1c}) {
      core_.add(*l1);
      wd.add(*l1);
      net_->bindSmPort(l1->downstream);  // ports 3i, 3i+1, 3i+2 (IInterconnect::portOf)
    }
    core_.add(sm);
    wd.add(sm);
    wd.add(sm.lsu);
  }
  net_->attach(icnt_, wd);
  for (std::uint32_t p = 0; p < map_.partitions(); ++p) {
    Cache& l2 = *l2s_.emplace_back(
        std::make_unique<Cache>(("l2_" + std::to_string(p)).c_str(), params.l2, pool_, wd, stats));
    // Sets are indexed by the partition-local address: with the partition bits left in, a
    // power-of-two partition count would leave most sets unused.
    l2.setIndexFold([this](Addr a) { return map_.localAddr(a); });
    // Misses per 1000 thread instructions of the whole GPU (every SM feeds every slice).
    stats.addRatio(std::string(l2.name()) + ".mpki", l2.stats().misses, smTotal_.threadInstructions,
                   1000.0);
    l2clk_.add(l2);
    wd.add(l2);
    if (!params.predictor.prefetch)
      net_->bindMemPort(l2.upstream);  // memory-side port p = partition p
    const std::string part = "part" + std::to_string(p);
    if (params.gddr.model == DramModel::Gddr) {
      gddrs_.push_back(std::make_unique<GddrController>(part.c_str(), params.gddr, map_,
                                                        PartitionId{p}, pool_, wd, stats));
      dram_.add(*gddrs_.back());
      wd.add(*gddrs_.back());
      l2.downstream.bind(gddrs_.back()->socket);
    } else if (params.gddr.model == DramModel::Fixed) {
      drams_.push_back(std::make_unique<FixedLatencyDram>(part.c_str(), params.dram, wd, stats));
      dram_.add(*drams_.back());
      wd.add(*drams_.back());
      l2.downstream.bind(drams_.back()->socket);
    }
  }
  if (params.predictor.prefetch) buildPrefetcher();
  const std::uint64_t corePs = core_.periodPs();
  wd.setWindow(params.watchdogCycles * corePs,
               std::to_string(params.watchdogCycles) + " core cycles");
  core_.add(boundary_);  // last in the core domain: see KernelBoundary
  engine_.setCycleLimit(core_, params.maxCycles);
  if (params.tickAll) engine_.setTickAll();
}

void Gpu::buildPrefetcher() {
  for (std::uint32_t p = 0; p < map_.partitions(); ++p) {
    auto& inj = *injectors_.emplace_back(std::make_unique<PrefetchInjector>(
        ("prefetch_" + std::to_string(p)).c_str(), pool_, params_.l2.lineSize,
        [this](Addr line) { predictor_->prefetchDone(line); }));
    net_->bindMemPort(inj.upstream);  // memory-side port p = partition p
    inj.downstream.bind(l2s_[p]->upstream);
    l2clk_.add(inj);
    engine_.watchdog().add(inj);
  }
  predictor_->setPrefetcher(
      [this](Addr line, const GpuRequest& proto) {
        return injectors_[map_.partitionOf(line).value()]->offer(line, proto);
      },
      [this](Addr line) {
        const TagArray& tags = l2s_[map_.partitionOf(line).value()]->tags();
        const std::uint32_t set = tags.setOf(line);
        const std::uint32_t way = tags.find(set, line);
        return way != TagArray::kNoWay && tags.line(set, way).state == LineState::Valid;
      });
}

void Gpu::run(const Workload& workload) {
  if (predictor_) predictor_->expect(workload);
  dispatcher_.run(workload);
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
  engine_.stop();  // the edge completes; finalize() settles the accounts afterwards
}

void Gpu::settleStats(Cycle end) {
  for (auto& sm : sms_) {
    sm->accountUntil(end);
    sm->lsu.settleStats();
    for (Cache* l1 : {&sm->l1d, &sm->l1t, &sm->l1c}) l1->settleStats();
  }
  for (auto& c : l2s_) c->settleStats();
  for (auto& d : drams_) d->settleStats();
  net_->settleStats(end * core_.periodPs() / icnt_.periodPs());  // in icnt cycles
  for (auto& d : gddrs_) d->settleStats();
}

void Gpu::finalize() {
  if (engine_.cycleLimitReached())
    endCycle_ = params_.maxCycles;  // the run covered every cycle before the limit
  else if (!finished_)
    endCycle_ = engine_.timePs() / core_.periodPs() + 1;
  settleStats(endCycle_);
  if (l1dTrace_) {
    std::vector<std::uint64_t> instructions;
    for (auto& sm : sms_) instructions.push_back(sm->stats().threadInstructions.value());
    l1dTrace_->finish(instructions);
  }
}

Gpu::Outcome Gpu::outcome() const {
  if (finished_) return Outcome::Finished;
  if (engine_.cycleLimitReached()) return Outcome::CycleLimit;
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

}  // namespace warpsim
