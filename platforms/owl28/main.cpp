// warpsim-owl28: the 28-core mesh GPU of OWL (Jog et al., ASPLOS'13), Table 1. Every value of
// the table is in owl28.ini (compiled in); this file builds the machine from the library's
// blocks and binds their TLM sockets.
#include <systemc>  // declares sc_main with C linkage

#include "common/Platform.h"
#include "gpu/Gpu.h"

namespace {

using namespace warpsim;

// Table 1: 28 cores and 8 memory controllers on the nodes of a 6x6 mesh (icnt.topology, the
// placement in icnt.mesh_*). Each core's L1D, L1T and L1C share its network interface; each
// memory node is an L2 slice in front of an FR-FCFS GDDR3 controller with OWL's opportunistic
// prefetcher (dram.prefetch; on under the owl policy).
void assembleOwl28(Gpu& gpu) {
  IInterconnect& mesh = gpu.addInterconnect();
  for (std::uint32_t core = 0; core < gpu.params().sms; ++core) {
    Sm& sm = gpu.addSm();  // on the core-th node that holds no memory controller
    for (Cache* l1 : sm.l1s()) mesh.bindSmPort(sm.id(), l1->downstream);
  }
  for (std::uint32_t mc = 0; mc < gpu.params().map.partitions; ++mc) {
    MemoryPartition& partition = gpu.addPartition();  // gpu.l2_P in front of gpu.partP
    mesh.bindMemPort(partition.id, partition.upstream());
  }
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  return runPlatform(*findPlatform("owl28"), argc, argv, PolicyRegistry::withBuiltins(),
                     assembleOwl28)
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
