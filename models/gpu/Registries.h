#pragma once
// The policy registries a GPU is built from, one per kind of policy. A program adds its own
// policies to a copy of the built-ins and hands it to runPlatform (or to Gpu and GpuParams):
// the options that select a policy (sched.policy, <cache>.replacement, dram.scheduler,
// dram.prefetch, predictor.kind) then accept the new names. See examples/custom_scheduler and
// examples/custom_replacement.
#include "cache/IReplacementPolicy.h"
#include "dram/DramPolicies.h"
#include "predictor/IAddressPredictor.h"
#include "sched/PolicyRegistry.h"

namespace warpsim {

struct Registries {
  PolicyRegistry sched = PolicyRegistry::withBuiltins();
  ReplacementRegistry replacement = ReplacementRegistry::withBuiltins();
  DramSchedulerRegistry dramScheduler = DramSchedulerRegistry::withBuiltins();
  DramPrefetcherRegistry dramPrefetcher = DramPrefetcherRegistry::withBuiltins();
  PredictorRegistry predictor = PredictorRegistry::withBuiltins();

  Registries() = default;  // the built-ins of every kind
  // `schedulers` with the built-ins of every other kind (implicit, so that code written when
  // only warp schedulers had a registry still passes a PolicyRegistry).
  Registries(PolicyRegistry schedulers) : sched(std::move(schedulers)) {}  // NOLINT

  static const Registries& builtins();  // Registries(), built once
};

}  // namespace warpsim
