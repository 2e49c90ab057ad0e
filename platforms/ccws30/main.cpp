// warpsim-ccws30: the 30-core GPU of CCWS (Rogers et al., MICRO'12), Table 1. Every value of the
// table is in ccws30.ini (compiled in). Table 1: 30 compute units, each with one wavefront
// scheduler, an LSU and its L1D (under the ccws policy the core keeps CCWS's victim tag arrays,
// fed by the L1D's evictions and misses), L1T and L1C; a crossbar to 8 memory channels, each an L2
// slice in front of an out-of-order (FR-FCFS) GDDR3 controller. The machine is
// Gpu::standardAssembly (models/gpu): the interconnect, then the SMs with their L1s on it, then
// the memory partitions.
#include <systemc>  // declares sc_main with C linkage

#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"

int sc_main(int argc, char* argv[]) {
  return warpsim::runPlatform(*warpsim::findPlatform("ccws30"), argc, argv,
                              warpsim::PolicyRegistry::withBuiltins(),
                              warpsim::Gpu::standardAssembly)
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
