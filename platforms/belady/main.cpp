// warpsim-belady: replays an L1D access trace (`--set l1d.trace=FILE` on any platform) through
// the recorded cache geometry with LRU and with Belady-optimal replacement, and reports misses
// and MPKI per SM and in total (CCWS §4, §5.1: "<scheduler>-BEL").
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include <fmt/core.h>

#include "warpsim/cache/TraceReplay.h"

namespace {
int usage() {
  std::fputs(
      "usage: warpsim-belady [--per-sm] TRACE\n"
      "  Replays TRACE (written by --set l1d.trace=TRACE) with LRU and Belady-optimal (OPT)\n"
      "  replacement in the recorded geometry; MPKI = misses per 1000 thread instructions.\n",
      stderr);
  return 1;
}
}  // namespace

// The models library links SystemC, whose shared library wants an sc_main; this tool runs no
// simulation.
int sc_main(int, char*[]) {
  return 1;
}

int main(int argc, char* argv[]) {
  bool perSm = false;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--per-sm")
      perSm = true;
    else if (a == "--help" || a == "-h")
      return usage(), 0;
    else if (!a.empty() && a[0] == '-')
      return usage();
    else if (path.empty())
      path = a;
    else
      return usage();
  }
  if (path.empty()) return usage();
  try {
    const warpsim::AccessTrace t = warpsim::readAccessTrace(path);
    const auto lru = warpsim::replayTrace(t, warpsim::ReplayPolicy::Lru);
    const auto opt = warpsim::replayTrace(t, warpsim::ReplayPolicy::Opt);
    const auto& g = t.geometry;
    fmt::print("trace {}: {} SMs, {} sets x {} ways x {} B lines, {} accesses\n", path, g.sms,
               g.sets, g.ways, g.lineSize, t.records.size());
    auto mpki = [](std::uint64_t m, std::uint64_t inst) {
      return inst ? 1000.0 * static_cast<double>(m) / static_cast<double>(inst) : 0.0;
    };
    std::uint64_t inst = 0;
    for (std::uint32_t s = 0; s < g.sms; ++s) {
      inst += t.threadInstructions[s];
      if (perSm)
        fmt::print("sm{} accesses {} lru_misses {} opt_misses {} lru_mpki {:.3f} opt_mpki {:.3f}\n",
                   s, lru.accesses[s], lru.misses[s], opt.misses[s],
                   mpki(lru.misses[s], t.threadInstructions[s]),
                   mpki(opt.misses[s], t.threadInstructions[s]));
    }
    fmt::print(
        "total accesses {} thread_instructions {} lru_misses {} opt_misses {} lru_mpki "
        "{:.3f} opt_mpki {:.3f}\n",
        t.records.size(), inst, lru.totalMisses(), opt.totalMisses(), mpki(lru.totalMisses(), inst),
        mpki(opt.totalMisses(), inst));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
