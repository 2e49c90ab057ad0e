#pragma once
// A GDDR channel under test, driven by a scripted initiator on a 1 GHz DRAM clock. One
// partition, 4 banks, 2 KiB rows, 64 B lines (32 per row), a 16 B/cycle bus (a line occupies
// the bus 4 cycles), OWL Table 1 GDDR3 timing: tCL 10, tRP 10, tRC 35, tRAS 25, tRCD 12,
// tRRD 8, tCDLR 6, tWR 11, plus tCCD 2 and tWL 4.
#include "../models/ModelTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/dram/GddrController.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim::test {

inline GddrParams owlParams() {
  GddrParams p;
  p.t = GddrTiming{10, 10, 35, 25, 12, 8, 6, 11, 2, 4};
  p.busBytes = 16;
  p.queue = 32;
  p.lineSize = 64;
  return p;
}

// A channel's parameters with the prefetchers it picks from: the built-ins, their own options
// (dram.prefetch_lower, ...) read from `assignments` once, as a run reads them.
struct DramSetup {
  GddrParams params = owlParams();
  DramPrefetcherRegistry prefetchers = DramPrefetcherRegistry::withBuiltins();

  DramSetup() = default;
  DramSetup(const GddrParams& p) : params(p) {}  // NOLINT: the built-ins' defaults
  DramSetup(const GddrParams& p, std::initializer_list<std::string> assignments) : params(p) {
    ConfigSchema schema;
    prefetchers.declareOptions(schema);
    Config config(schema);
    for (const std::string& a : assignments) config.setAssignment(a);
    prefetchers.configure(config);
  }
};

inline AddressMapParams oneChannel() {
  AddressMapParams m;
  m.partitions = 1;
  m.banks = 4;
  m.rowSize = 2048;
  return m;
}

// The address of `line` (64 B) of `row` in `bank` (one partition: local = global).
inline Addr at(std::uint32_t bank, std::uint64_t row, std::uint32_t line = 0) {
  return (row * 4 + bank) * 2048 + Addr{line} * 64;
}

inline Send read(Cycle c, Addr a) {
  return Send{c, a, false, 0, 64};
}
inline Send write(Cycle c, Addr a) {
  return Send{c, a, true, 0, 64};
}

struct DramBench {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);  // the controller's alone: its ticks
  ClockDomain& cpuClock = engine.addDomain("cpu", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{oneChannel()};
  GddrController dram;
  ScriptedInitiator cpu{"cpu", pool};

  explicit DramBench(const DramSetup& s = DramSetup())
      : dram("dram", s.params, map, PartitionId{0}, pool, engine.watchdog(), stats,
             DramSchedulerRegistry::builtins(), s.prefetchers) {
    clock.add(dram);
    cpuClock.add(cpu);
    cpu.socket.bind(dram.socket);
  }
  // Runs the script to the end and settles the statistics.
  nlohmann::json run(std::vector<Send> script) {
    cpu.start(std::move(script));
    sc_core::sc_start();
    dram.settleStats();
    return stats.tree()["dram"];
  }
  Cycle resp(std::size_t i) const { return cpu.records.at(i).resp; }
};

}  // namespace warpsim::test
