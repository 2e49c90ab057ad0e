// warpsim-owl28: the 28-core mesh GPU of OWL (Jog et al., ASPLOS'13), Table 1. Every value of the
// table is in owl28.ini (compiled in). Table 1: 28 cores and 8 memory controllers on the nodes of
// a 6x6 mesh (icnt.topology, the placement in icnt.mesh_*). Each core's L1D, L1T and L1C share its
// network interface; each memory node is an L2 slice in front of an FR-FCFS GDDR3 controller with
// OWL's opportunistic prefetcher (dram.prefetch; on under the owl policy). The machine is
// Gpu::standardAssembly (models/gpu): the interconnect, then the SMs with their L1s on it, then
// the memory partitions.
#include <systemc>  // declares sc_main with C linkage

#include "warpsim/common/Platform.h"
#include "warpsim/gpu/Gpu.h"

int sc_main(int argc, char* argv[]) {
  return warpsim::runPlatform(*warpsim::findPlatform("owl28"), argc, argv,
                              warpsim::PolicyRegistry::withBuiltins(),
                              warpsim::Gpu::standardAssembly)
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
