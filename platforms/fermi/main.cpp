// warpsim-fermi: the Fermi GTX480-like GPU of Mascar (Sethia et al., HPCA'15), Table I. Every
// value of the table is in fermi.ini (compiled in); this file builds the machine from the
// library's blocks and binds their TLM sockets.
#include <systemc>  // declares sc_main with C linkage

#include "common/Platform.h"
#include "gpu/Gpu.h"

namespace {

using namespace warpsim;

// Table I: 15 SMs, each with two warp schedulers, an LSU and its L1D, L1T and L1C, on a
// crossbar (icnt.topology) to 6 memory partitions, each an L2 slice and a GDDR5 channel.
void assembleFermi(Gpu& gpu) {
  IInterconnect& crossbar = gpu.addInterconnect();
  for (std::uint32_t i = 0; i < gpu.params().sms; ++i) {
    Sm& sm = gpu.addSm();  // gpu.smI: its schedulers run sched.policy
    for (Cache* l1 : sm.l1s())
      crossbar.bindSmPort(sm.id(), l1->downstream);  // ports 3I, 3I+1, 3I+2
  }
  for (std::uint32_t p = 0; p < gpu.params().map.partitions; ++p) {
    MemoryPartition& partition = gpu.addPartition();           // gpu.l2_P in front of gpu.partP
    crossbar.bindMemPort(partition.id, partition.upstream());  // memory-side port P
  }
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  return runPlatform(*findPlatform("fermi"), argc, argv, PolicyRegistry::withBuiltins(),
                     assembleFermi)
      .exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
