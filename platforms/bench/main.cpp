// warpsim-bench: simulation rate of a platform on a workload.
//   warpsim-bench [--platform fermi|owl28|ccws30] [any platform option...]
// Prints simulated warp instructions and cycles per second of wall time, and peak memory.
#include <sys/resource.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <systemc>  // declares sc_main with C linkage

#include "warpsim/common/Platform.h"

int sc_main(int argc, char* argv[]) {
  std::string platform = "fermi";
  std::vector<const char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--platform") == 0 && i + 1 < argc)
      platform = argv[++i];
    else
      rest.push_back(argv[i]);
  }
  const warpsim::PlatformInfo* p = warpsim::findPlatform(platform);
  if (!p) {
    std::cerr << "warpsim-bench: error: --platform '" << platform
              << "': unknown; known: ccws30, fermi, owl28\n";
    return 1;
  }
  const warpsim::RunResult r = warpsim::runPlatform(*p, static_cast<int>(rest.size()), rest.data());
  if (!r.simulated || r.exitCode != 0) return r.exitCode;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::cout << fmt::format(
      "bench {}: {} warp instructions, {} cycles in {:.3f} s: {:.0f} warp inst/s, "
      "{:.0f} cycles/s, peak RSS {} KiB\n",
      platform, r.warpInstructions, r.cycles, r.wallSeconds, r.warpInstructions / r.wallSeconds,
      r.cycles / r.wallSeconds, usage.ru_maxrss);
  if (r.traceLines)
    std::cout << fmt::format(
        "bench trace check: {} instruction lines in {:.3f} s: {:.0f} lines/s\n", r.traceLines,
        r.traceScanSeconds, r.traceLines / r.traceScanSeconds);
  return 0;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
