#pragma once
// A small schema for the INI and command-line harnesses: one or two options of every kind, named
// as the platforms name them, with ranges like theirs. The platforms' full schema (runSchema,
// some 400 options) costs milliseconds per Config; the parsing and checking code is the same.
#include "warpsim/config/ConfigSchema.h"

namespace warpsim::fuzz {

inline const ConfigSchema& smallSchema() {
  static const ConfigSchema s = [] {
    ConfigSchema d;
    d.addUInt("gpu.sms", 15, "SMs", 1, 1024)
        .addFreq("clock.core", 700, "core clock")
        .addSize("sm.shared_mem", "48KiB", "shared memory per SM", 0, 1 << 30)
        .addUInt("l1d.sets", 64, "L1D sets", 1, 1 << 16)
        .addBool("l1d.perfect", false, "every L1D access hits")
        .addInt("sm.skew", 0, "a signed option", -8, 8)
        .addDouble("dram.scale", 1.0, "a real option", 0.5, 4)
        .addEnum("sched.policy", "lrr", {"lrr", "gto", "two_level", "owl"}, "warp scheduler")
        .addEnum("dram.scheduler", "fr-fcfs", {"fcfs", "fr-fcfs"}, "DRAM scheduler")
        .addString("workload.name", "", "workload")
        .addString("workload.trace", "", "trace")
        .addString("workload.launch_record", "", "launch record")
        .addUInt("sim.max_cycles", 0, "cycle limit")
        .addString("tag", "", "a key outside any section");
    return d;
  }();
  return s;
}

}  // namespace warpsim::fuzz
