#include "warpsim/gpu/GpuParams.h"

#include "warpsim/config/Config.h"

namespace warpsim {

const Registries& Registries::builtins() {
  static const Registries r;
  return r;
}

void Registries::declareOptions(ConfigSchema& s) const {
  sched.declareOptions(s);
  replacement.declareOptions(s);
  dramScheduler.declareOptions(s);
  dramPrefetcher.declareOptions(s);
  predictor.declareOptions(s);
  workloads.declareOptions(s);
}

Registries Registries::configured(const Config& c) const {
  Registries r = *this;
  r.sched.configure(c);
  r.replacement.configure(c);
  r.dramScheduler.configure(c);
  r.dramPrefetcher.configure(c);
  r.predictor.configure(c);
  r.workloads.configure(c);
  return r;
}

void GpuParams::declare(ConfigSchema& s, const Registries& r) {
  s.addUInt("gpu.sms", 15, "streaming multiprocessors (SIMT cores)", 1, 1024);
  s.addUInt("sim.watchdog_cycles", 100000,
            "core cycles with no instruction issued and no request moved before the run stops "
            "with a dump of what every warp and queue waits on (0: never)",
            0, UINT64_MAX);
  s.addUInt("sim.max_cycles", 0, "stop after this many core cycles (0: run to completion)");
  s.addBool("sim.tick_all", false,
            "validation: tick every block on every clock edge instead of skipping idle blocks; "
            "the statistics must come out identical, only slower");
  s.addFreq("clock.core", 700, "SM clock");
  s.addFreq("clock.icnt", 700, "interconnect clock");
  s.addFreq("clock.l2", 700, "L2 clock");
  s.addFreq("clock.dram", 924, "DRAM command clock");
  CtaParams::declare(s);
  SmParams::declare(s);
  SchedParams::declare(s);
  LsuParams::declare(s);
  CacheParams::declare(s, "l1d", CacheParams::l1dDefaults(), r.replacement);
  CacheParams::declare(s, "l1t", CacheParams::l1tDefaults(), r.replacement);
  CacheParams::declare(s, "l1c", CacheParams::l1cDefaults(), r.replacement);
  CacheParams::declare(s, "l2", CacheParams::l2Defaults(), r.replacement);
  CrossbarParams::declare(s);
  InterconnectParams::declare(s);
  AddressMapParams::declare(s);
  FixedDramParams::declare(s);
  PredictorParams::declare(s);
  GddrParams::declare(s, r.dramScheduler, r.dramPrefetcher);
  s.addString("l1d.trace", "",
              "record every L1D access of every SM into this binary file (SM, line, kind), for "
              "warpsim-belady's LRU / Belady-optimal replay (CCWS 4); empty: off");
  r.declareOptions(s);
}

GpuParams GpuParams::load(const Config& c, const Registries& r) {
  GpuParams p;
  p.sms = static_cast<std::uint32_t>(c.getUInt("gpu.sms"));
  p.watchdogCycles = c.getUInt("sim.watchdog_cycles");
  p.maxCycles = c.getUInt("sim.max_cycles");
  p.tickAll = c.getBool("sim.tick_all");
  p.clock = {c.getFreqMHz("clock.core"), c.getFreqMHz("clock.icnt"), c.getFreqMHz("clock.l2"),
             c.getFreqMHz("clock.dram")};
  p.cta = CtaParams::load(c);
  // Nothing moves while a kernel launches: a launch latency the watchdog's window cannot span
  // would stop every run at its first kernel as "no progress".
  if (p.watchdogCycles != 0 && p.cta.kernelLaunchLatency >= p.watchdogCycles)
    throw ConfigError("gpu.kernel_launch_latency = " + std::to_string(p.cta.kernelLaunchLatency) +
                      ": not below sim.watchdog_cycles = " + std::to_string(p.watchdogCycles) +
                      ", so the watchdog would stop the run during every kernel launch; raise "
                      "sim.watchdog_cycles above it, or set it to 0 (never)");
  p.sm = SmParams::load(c);
  p.sched = SchedParams::load(c);
  p.lsu = LsuParams::load(c);
  p.l1d = CacheParams::load(c, "l1d");
  p.l1t = CacheParams::load(c, "l1t");
  p.l1c = CacheParams::load(c, "l1c");
  p.l2 = CacheParams::load(c, "l2");
  // A request covers one line of every level it passes: lines may only grow downwards.
  for (const auto& [name, l1] : {std::pair<const char*, const CacheParams*>{"l1d", &p.l1d},
                                 {"l1t", &p.l1t},
                                 {"l1c", &p.l1c}})
    if (p.lsu.lineSize > l1->lineSize || l1->lineSize > p.l2.lineSize)
      throw ConfigError("line sizes must not shrink towards memory: lsu.line_size = " +
                        std::to_string(p.lsu.lineSize) + ", " + name +
                        ".line_size = " + std::to_string(l1->lineSize) +
                        ", l2.line_size = " + std::to_string(p.l2.lineSize));
  p.icnt = CrossbarParams::load(c);
  p.map = AddressMapParams::load(c);
  p.dram = FixedDramParams::load(c);
  p.net = InterconnectParams::load(c, p.sms, p.map.partitions, p.l2.lineSize);
  p.predictor = PredictorParams::load(c, r.predictor);
  p.gddr = GddrParams::load(c);
  p.gddr.lineSize = p.l2.lineSize;  // the memory line is the L2 line (OWL 4.5 bit vectors)
  // OWL (§4.4, §5): the full scheme is -Locality-BLP scheduling plus the memory-side
  // opportunistic prefetcher, so `owl` switches the prefetcher on unless dram.prefetch is set.
  if (p.sched.policy == "owl" && !c.isSet("dram.prefetch")) p.gddr.prefetch = "opportunistic";
  p.l1dTrace = c.getString("l1d.trace");
  return p;
}

}  // namespace warpsim
