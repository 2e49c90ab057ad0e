// The blocks an assembly adds to a Gpu, each registered on its clock domain and the watchdog.
#include "warpsim/gpu/Gpu.h"

#include "warpsim/config/Config.h"

namespace warpsim {

void Gpu::standardAssembly(Gpu& gpu) {
  IInterconnect& icnt = gpu.addInterconnect();
  for (std::uint32_t i = 0; i < gpu.params().sms; ++i) {
    Sm& sm = gpu.addSm();
    for (Cache* l1 : sm.l1s()) icnt.bindSmPort(sm.id(), l1->downstream);
  }
  for (std::uint32_t p = 0; p < gpu.params().map.partitions; ++p) {
    MemoryPartition& part = gpu.addPartition();
    icnt.bindMemPort(part.id, part.upstream());
  }
}

IInterconnect& Gpu::addInterconnect() {
  if (net_) throw ConfigError(std::string(name()) + ": the assembly added a second interconnect");
  net_ = makeInterconnect("icnt", params_.icnt, params_.net, map_, params_.sms, engine_.watchdog(),
                          stats_);
  return *net_;
}

Sm& Gpu::addSm() {
  const std::uint32_t i = static_cast<std::uint32_t>(sms_.size());
  std::vector<std::unique_ptr<IWarpSchedulingPolicy>> slots;
  SmPolicyShared shared;  // what the SM's slots share (Mascar's owner warp)
  for (std::uint32_t s = 0; s < params_.sm.schedulers; ++s)
    slots.push_back(registries_.sched.create(
        params_.sched.policy, PolicyContext{SmId{i}, s, params_.sms, params_.sm.maxWarps, config_,
                                            &params_.sched, params_.sm.schedulers, &shared}));
  Watchdog& wd = engine_.watchdog();
  Sm& sm = *sms_.emplace_back(std::make_unique<Sm>(
      ("sm" + std::to_string(i)).c_str(), SmId{i},
      SmParts{params_.sm, params_.lsu, params_.l1d, params_.l1t, params_.l1c}, std::move(slots),
      SmServices{pool_, dispatcher_, wd, stats_, &smTotal_, &registries_.replacement}));
  dispatcher_.addHost(sm);
  core_.add(sm.lsu);
  if (predictor_) sm.l1d.sentBelow.bind(*predictor_);  // loads leaving the SM (§III-C)
  if (predictor_ && predictor_->observesLsus()) sm.lsu.issued.bind(predictor_->lsuTap);
  if (l1dTrace_)
    sm.l1d.setAccessObserver([this, i](Addr line, OwnerWarp, Cache::AccessKind k) {
      l1dTrace_->record(SmId{i}, line, k);
    });
  for (Cache* l1 : sm.l1s()) {
    core_.add(*l1);
    wd.add(*l1);
  }
  core_.add(sm);
  wd.add(sm);
  wd.add(sm.lsu);
  return sm;
}

MemoryPartition& Gpu::addPartition() {
  const std::uint32_t p = static_cast<std::uint32_t>(partitions_.size());
  if (p == map_.partitions())
    throw ConfigError(std::string(name()) + ": the assembly added more partitions than the " +
                      std::to_string(map_.partitions()) + " of mem.partitions");
  Watchdog& wd = engine_.watchdog();
  MemoryPartition& part = partitions_.emplace_back();
  part.id = PartitionId{p};
  part.l2 = std::make_unique<Cache>(("l2_" + std::to_string(p)).c_str(), params_.l2, pool_, wd,
                                    stats_, registries_.replacement);
  Cache& l2 = *part.l2;
  // Sets are indexed by the partition-local address: with the partition bits left in, a
  // power-of-two partition count would leave most sets unused.
  l2.setIndexFold([this](Addr a) { return map_.localAddr(a); });
  // Misses per 1000 thread instructions of the whole GPU (every SM feeds every slice).
  stats_.addRatio(std::string(l2.name()) + ".mpki", l2.stats().misses, smTotal_.threadInstructions,
                  1000.0);
  l2clk_.add(l2);
  wd.add(l2);
  const std::string channel = "part" + std::to_string(p);
  if (params_.gddr.model == DramModel::Gddr) {
    part.gddr = std::make_unique<GddrController>(
        channel.c_str(), params_.gddr, map_, PartitionId{p}, pool_, wd, stats_,
        registries_.dramScheduler, registries_.dramPrefetcher);
    dram_.add(*part.gddr);
    wd.add(*part.gddr);
    l2.downstream.bind(part.gddr->socket);
  } else if (params_.gddr.model == DramModel::Fixed) {
    part.fixed = std::make_unique<FixedLatencyDram>(channel.c_str(), params_.dram, wd, stats_);
    dram_.add(*part.fixed);
    wd.add(*part.fixed);
    l2.downstream.bind(part.fixed->socket);
  }
  if (params_.predictor.prefetch) {
    part.injector = std::make_unique<PrefetchInjector>(
        ("prefetch_" + std::to_string(p)).c_str(), pool_, params_.l2.lineSize,
        [this](Addr line) { predictor_->prefetchDone(line); });
    part.injector->downstream.bind(l2.upstream);
  }
  return part;
}

void Gpu::checkAssembly() const {
  const auto missing = [this](const std::string& what) {
    return ConfigError(std::string(name()) + ": the assembly " + what);
  };
  if (!net_) throw missing("added no interconnect (addInterconnect)");
  if (sms_.size() != params_.sms)
    throw missing("added " + std::to_string(sms_.size()) +
                  " SMs; gpu.sms = " + std::to_string(params_.sms));
  if (partitions_.size() != map_.partitions())
    throw missing("added " + std::to_string(partitions_.size()) +
                  " memory partitions; mem.partitions = " + std::to_string(map_.partitions()));
}

void Gpu::connectPrefetcher() {
  // The injectors tick after every slice, in partition order.
  for (MemoryPartition& part : partitions_) {
    l2clk_.add(*part.injector);
    engine_.watchdog().add(*part.injector);
  }
  predictor_->setPrefetcher(
      [this](Addr line, const GpuRequest& proto) {
        return partitions_[map_.partitionOf(line).value()].injector->offer(line, proto);
      },
      [this](Addr line) {
        const TagArray& tags = partitions_[map_.partitionOf(line).value()].l2->tags();
        const std::uint32_t set = tags.setOf(line);
        const std::uint32_t way = tags.find(set, line);
        return way != TagArray::kNoWay && tags.line(set, way).state == LineState::Valid;
      });
}

}  // namespace warpsim
