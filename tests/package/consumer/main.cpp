// A user's platform built against the installed package: the Fermi platform's .ini and command
// line (warpsim::platform's runPlatform) with an assembly of its own. Run as:
//   consumer --set gpu.sms=2 --workload stream ...
#include <cstdint>
#include <iostream>
#include <string>

#include <systemc>

#include <warpsim/common/Platform.h>
#include <warpsim/gpu/Gpu.h>

namespace {

void assemble(warpsim::Gpu& gpu) {
  using namespace warpsim;
  IInterconnect& icnt = gpu.addInterconnect();
  for (std::uint32_t p = 0; p < gpu.params().map.partitions; ++p) {  // partitions first: any order
    MemoryPartition& part = gpu.addPartition();
    icnt.bindMemPort(part.id, part.upstream());
  }
  for (std::uint32_t i = 0; i < gpu.params().sms; ++i) {
    Sm& sm = gpu.addSm();
    for (Cache* l1 : sm.l1s()) icnt.bindSmPort(sm.id(), l1->downstream);
  }
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace warpsim;
  const RunResult r =
      runPlatform(*findPlatform("fermi"), argc, argv, PolicyRegistry::withBuiltins(), assemble);
  if (r.exitCode != 0 || !r.simulated) return r.exitCode ? r.exitCode : 1;
  std::cout << "outcome " << r.stats["outcome"].get<std::string>() << " cycles " << r.cycles
            << " warp_instructions " << r.warpInstructions << "\n";
  return 0;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();
  return sc_core::sc_elab_and_sim(argc, argv);
}
