// warpsim-fermi: the Fermi GTX480-like GPU of Mascar (Sethia et al., HPCA'15), Table I. Every
// value of the table is in fermi.ini (compiled in). Table I: 15 SMs, each with two warp
// schedulers, an LSU and its L1D, L1T and L1C, on a crossbar (icnt.topology) to 6 memory
// partitions, each an L2 slice and a GDDR5 channel. The machine is Gpu::standardAssembly
// (models/gpu): the interconnect, then the SMs with their L1s on it, then the memory partitions.
#include <systemc>  // declares sc_main with C linkage

#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"

int sc_main(int argc, char* argv[]) {
  return warpsim::runPlatform(*warpsim::findPlatform("fermi"), argc, argv,
                              warpsim::PolicyRegistry::withBuiltins(),
                              warpsim::Gpu::standardAssembly)
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
