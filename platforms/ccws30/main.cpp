// warpsim-ccws30: the 30-core GPU of CCWS (Rogers et al., MICRO'12), Table 1. Every value of the
// table is in ccws30.ini (compiled in); this file builds the machine from the library's blocks
// and binds their TLM sockets.
#include <systemc>  // declares sc_main with C linkage

#include "common/Platform.h"
#include "gpu/Gpu.h"

namespace {

using namespace warpsim;

// Table 1: 30 compute units, each with one wavefront scheduler, an LSU and its L1D (under the
// ccws policy the core keeps CCWS's victim tag arrays, fed by the L1D's evictions and misses),
// L1T and L1C; a crossbar to 8 memory channels, each an L2 slice in front of an out-of-order
// (FR-FCFS) GDDR3 controller.
void assembleCcws30(Gpu& gpu) {
  IInterconnect& crossbar = gpu.addInterconnect();
  for (std::uint32_t i = 0; i < gpu.params().sms; ++i) {
    Sm& core = gpu.addSm();
    crossbar.bindSmPort(core.id(), core.l1d.downstream);  // port 3I
    crossbar.bindSmPort(core.id(), core.l1t.downstream);  // port 3I+1
    crossbar.bindSmPort(core.id(), core.l1c.downstream);  // port 3I+2
  }
  for (std::uint32_t channel = 0; channel < gpu.params().map.partitions; ++channel) {
    MemoryPartition& partition = gpu.addPartition();
    crossbar.bindMemPort(partition.id, partition.upstream());
  }
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  return runPlatform(*findPlatform("ccws30"), argc, argv, PolicyRegistry::withBuiltins(),
                     assembleCcws30)
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
