// warpsim-bench: simulation rate of a platform on a workload (doc/performance.md).
//   warpsim-bench [--platform fermi|owl28|ccws30] [--json FILE] [any platform option...]
//   warpsim-bench --suite [--json FILE] [--only TEXT] [--records DIR] [--traces DIR]
// Prints simulated warp instructions and cycles per second of wall time, host instructions per
// simulated warp instruction (where the machine has a hardware counter) and peak memory; the
// suite runs the fixed list of workloads on every platform, each in a process of its own.
#include <sys/resource.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <systemc>  // declares sc_main with C linkage

#include "HostCounter.h"
#include "Suite.h"
#include "warpsim/common/Platform.h"

namespace {

// The process's peak resident memory in KiB: VmHWM, which starts afresh at exec (getrusage's
// ru_maxrss keeps the parent's peak across fork and exec, so a run started from a large
// process would report that process's memory), or ru_maxrss where /proc has no VmHWM.
long peakRssKib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

std::string selfPath(const char* argv0) {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string(argv0);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  const warpsim::bench::HostCounter counter;
  std::string platform = "fermi", json, only, records, traces;
  bool suite = false;
  std::vector<const char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--platform") == 0 && i + 1 < argc)
      platform = argv[++i];
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc)
      json = argv[++i];
    else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (std::strcmp(argv[i], "--records") == 0 && i + 1 < argc)
      records = argv[++i];
    else if (std::strcmp(argv[i], "--traces") == 0 && i + 1 < argc)
      traces = argv[++i];
    else if (std::strcmp(argv[i], "--suite") == 0)
      suite = true;
    else
      rest.push_back(argv[i]);
  }
  if (suite) return warpsim::bench::runSuite(selfPath(argv[0]), json, only, records, traces);
  const warpsim::PlatformInfo* p = warpsim::findPlatform(platform);
  if (!p) {
    std::cerr << "warpsim-bench: error: --platform '" << platform
              << "': unknown; known: ccws30, fermi, owl28\n";
    return 1;
  }
  const warpsim::RunResult r = warpsim::runPlatform(*p, static_cast<int>(rest.size()), rest.data());
  if (!r.simulated || r.exitCode != 0) return r.exitCode;
  const long rss = peakRssKib();
  const std::optional<std::uint64_t> host = counter.read();
  const std::string perInst =
      host ? fmt::format("{:.0f}", double(*host) / double(r.warpInstructions)) : "n/a";
  std::cout << fmt::format(
      "bench {}: {} warp instructions, {} cycles in {:.3f} s: {:.0f} warp inst/s, "
      "{:.0f} cycles/s, {} host instructions per warp instruction, peak RSS {} KiB\n",
      platform, r.warpInstructions, r.cycles, r.wallSeconds, r.warpInstructions / r.wallSeconds,
      r.cycles / r.wallSeconds, perInst, rss);
  if (r.traceLines)
    std::cout << fmt::format(
        "bench trace check: {} instruction lines in {:.3f} s: {:.0f} lines/s, {:.1f} MB of "
        "decoded blocks spilled, {} kernel files read from the cache instead\n",
        r.traceLines, r.traceScanSeconds, r.traceLines / r.traceScanSeconds,
        double(r.traceSpillBytes) / 1e6, r.traceCachedKernels);
  if (!json.empty()) {
    nlohmann::json j = {{"platform", platform},
                        {"workload", r.stats.value("workload", "")},
                        {"policy", r.stats.value("policy", "")},
                        {"warp_instructions", r.warpInstructions},
                        {"cycles", r.cycles},
                        {"wall_seconds", r.wallSeconds},
                        {"warp_inst_per_s", r.warpInstructions / r.wallSeconds},
                        {"cycles_per_s", r.cycles / r.wallSeconds},
                        {"peak_rss_kib", rss},
                        {"host_instructions", nullptr},
                        {"host_instructions_per_warp_inst", nullptr}};
    if (host) {
      j["host_instructions"] = *host;
      j["host_instructions_per_warp_inst"] = double(*host) / double(r.warpInstructions);
    }
    std::ofstream out(json);
    out << j.dump(1) << "\n";
    if (!out) {
      std::cerr << "warpsim-bench: error: cannot write " << json << "\n";
      return 1;
    }
  }
  return 0;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();  // before SystemC starts: its banner prints at start-up
  return sc_core::sc_elab_and_sim(argc, argv);
}
