#pragma once
// Everything needed to build a GPU, validated from the config: the parameters of every block.
#include <cstdint>
#include <string>

#include "warpsim/cache/CacheParams.h"
#include "warpsim/cta/CtaParams.h"
#include "warpsim/dram/FixedLatencyDram.h"
#include "warpsim/dram/GddrParams.h"
#include "warpsim/gpu/Registries.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/lsu/LsuParams.h"
#include "warpsim/noc/Crossbar.h"
#include "warpsim/noc/Interconnect.h"
#include "warpsim/predictor/PredictorParams.h"
#include "warpsim/sched/SchedParams.h"
#include "warpsim/sm/SmParams.h"

namespace warpsim {

struct ClockParams {
  double coreMHz = 700, icntMHz = 700, l2MHz = 700, dramMHz = 924;
};

struct GpuParams {
  std::uint32_t sms = 15;
  std::uint64_t watchdogCycles = 100000;  // core cycles without progress before a dump; 0: off
  std::uint64_t maxCycles = 0;            // core cycles; 0: no limit
  bool tickAll = false;                   // validation: no idle skipping (same results, slower)
  ClockParams clock;
  CtaParams cta;  // the CTA dispatcher: gpu.kernel_launch_latency
  SmParams sm;
  SchedParams sched;
  LsuParams lsu;
  CacheParams l1d;  // one per SM, between the LSU and the interconnect
  CacheParams l1t;  // texture cache, one per SM
  CacheParams l1c;  // constant cache, one per SM
  CacheParams l2;   // one slice per memory partition, in front of its DRAM channel
  CrossbarParams icnt;
  InterconnectParams net;  // icnt.topology, and the mesh when it is chosen
  AddressMapParams map;
  FixedDramParams dram;
  PredictorParams predictor;  // observers only: no effect on timing
  GddrParams gddr;       // dram.model selects gddr (GddrController) or fixed (FixedLatencyDram)
  std::string l1dTrace;  // l1d.trace: record every L1D access here (AccessTrace)

  // Declares the options of every block (and the GPU's own) in `schema`; the options that
  // select a policy allow the names of `registries`, and the options its entries declare of
  // their own are added (Registries::declareOptions). Build the GPU from
  // `registries.configured(config)` so that those are read from the configuration.
  static void declare(ConfigSchema& schema, const Registries& registries = Registries::builtins());
  static GpuParams load(const Config& config,
                        const Registries& registries = Registries::builtins());
};

}  // namespace warpsim
