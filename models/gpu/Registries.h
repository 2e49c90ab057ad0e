#pragma once
// The registries a run is built from: one per kind of policy, and the workloads. A program adds
// its own policies and kernels to a copy of the built-ins and hands it to runPlatform (or to Gpu
// and GpuParams): the options that select them (sched.policy, <cache>.replacement,
// dram.scheduler, dram.prefetch, predictor.kind, workload.name) then accept the new names, and
// the options an entry declares join the schema (--set, --help-config, --dump-config). See
// examples/custom_scheduler, examples/custom_replacement and examples/custom_platform, and
// doc/architecture.md section 5.
#include "warpsim/cache/IReplacementPolicy.h"
#include "warpsim/dram/DramPolicies.h"
#include "warpsim/predictor/IAddressPredictor.h"
#include "warpsim/sched/PolicyRegistry.h"
#include "warpsim/workload/WorkloadRegistry.h"

namespace warpsim {

struct Registries {
  PolicyRegistry sched = PolicyRegistry::withBuiltins();
  ReplacementRegistry replacement = ReplacementRegistry::withBuiltins();
  DramSchedulerRegistry dramScheduler = DramSchedulerRegistry::withBuiltins();
  DramPrefetcherRegistry dramPrefetcher = DramPrefetcherRegistry::withBuiltins();
  PredictorRegistry predictor = PredictorRegistry::withBuiltins();
  WorkloadRegistry workloads = WorkloadRegistry::withBuiltins();

  Registries() = default;  // the built-ins of every kind
  // `schedulers` with the built-ins of every other kind (implicit, so that code written when
  // only warp schedulers had a registry still passes a PolicyRegistry).
  Registries(PolicyRegistry schedulers) : sched(std::move(schedulers)) {}  // NOLINT

  static const Registries& builtins();  // Registries(), built once

  // Adds the options every entry declares, policies and workloads, to `schema`.
  void declareOptions(ConfigSchema& schema) const;
  // A copy whose entries read their options from `config`, once (Registry::configure).
  Registries configured(const Config& config) const;
};

}  // namespace warpsim
