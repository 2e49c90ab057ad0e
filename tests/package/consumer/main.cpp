// A user's platform built against the installed package: a 2-SM GPU with the library's defaults
// runs the built-in stream kernel and prints what it did.
#include <iostream>

#include <systemc>

#include "gpu/Gpu.h"
#include "workload/WorkloadLibrary.h"

int sc_main(int, char*[]) {
  using namespace warpsim;
  GpuParams params;
  params.sms = 2;
  StatsRegistry stats;
  Gpu gpu("gpu", params, PolicyRegistry::withBuiltins(), nullptr, stats);
  const Workload workload = makeWorkload("stream", 4);
  gpu.run(workload);
  sc_core::sc_start();
  gpu.finalize();
  std::cout << "outcome " << toString(gpu.outcome()) << " cycles " << gpu.cycles()
            << " warp_instructions " << gpu.warpInstructions() << "\n";
  return gpu.outcome() == Gpu::Outcome::Finished ? 0 : 1;
}
