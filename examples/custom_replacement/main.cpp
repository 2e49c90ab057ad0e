// A cache replacement policy written outside the library: LIP, the LRU Insertion Policy of
// Qureshi, Jaleel, Patt, Steely and Emer, "Adaptive Insertion Policies for High Performance
// Caching", ISCA 2007 (section 3). A new line goes in at the LRU position and moves to MRU only
// when it is hit, so a working set larger than the cache keeps part of itself resident instead
// of evicting every line before its reuse (the thrashing LRU suffers). It is registered by name
// next to the built-in policies (lru, fifo) and selected like them, for any cache:
//
//   custom_replacement --set l1d.replacement=lip --workload thrash
//   custom_replacement --set l2.replacement=lip              (or in an .ini: [l1d] replacement=)
//
// Before the run it checks the policy's rule on one set; after the run it prints how many caches
// used it, "lip in N caches: finished" (fermi: 15 L1Ds), or "CHECK FAILED" and exit 1. Everything
// else (platform, command line, statistics) is the fermi platform's.
#include <cstdint>
#include <iostream>
#include <memory>
#include <vector>

#include <systemc>

#include <warpsim/cache/StampReplacement.h>
#include <warpsim/common/Platform.h>
#include <warpsim/gpu/Registries.h>

namespace {

// On the library's stamp mechanism (StampReplacement: the victim is the candidate with the
// smallest stamp): hits take the newest stamp (MRU), insertions one older than every stamp so far
// (LRU, insertedFirstOut).
class LipReplacement : public warpsim::StampReplacement {
 public:
  using StampReplacement::StampReplacement;

  void inserted(std::uint32_t set, std::uint32_t way) override {
    insertedFirstOut(set, way);
    ++insertions;
  }
  void touched(std::uint32_t set, std::uint32_t way) override {
    stamp(set, way);
    ++promotions;
  }

  static inline std::uint64_t instances = 0, insertions = 0, promotions = 0;
};

bool check(bool ok, const char* what) {
  if (!ok) std::cout << "CHECK FAILED: " << what << "\n";
  return ok;
}

// LIP's rule on one 4-way set: lines filled in ways 0..3 in that order leave the newest at LRU.
bool checkRule() {
  LipReplacement p(1, 4);
  for (std::uint32_t w = 0; w < 4; ++w) p.inserted(0, w);
  bool ok = check(p.victim(0, 0xF) == 3, "the last line inserted is replaced first");
  p.touched(0, 3);  // a hit promotes it to MRU: the line inserted before it goes next
  ok &= check(p.victim(0, 0xF) == 2, "a hit moves the line to MRU");
  ok &= check(p.victim(0, 0x3) == 1, "the victim is chosen among the candidates only");
  LipReplacement::insertions = LipReplacement::promotions = 0;  // count the run's only
  return ok;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  if (!checkRule()) return 1;
  warpsim::Registries registries;  // the built-ins of every kind, plus:
  registries.replacement.add(
      "lip",
      "example: LRU insertion policy, new lines at LRU, promoted on a hit (Qureshi et al., "
      "ISCA'07; examples/custom_replacement)",
      [](std::uint32_t sets, std::uint32_t ways) {
        ++LipReplacement::instances;
        return std::make_unique<LipReplacement>(sets, ways);
      });
  const warpsim::RunResult r =
      warpsim::runPlatform(*warpsim::findPlatform("fermi"), argc, argv, registries);
  if (!r.simulated) return r.exitCode;  // --help, --list-*, errors
  if (LipReplacement::instances == 0) {
    std::cout << "lip: not selected (--set l1d.replacement=lip)\n";
    return r.exitCode;
  }
  std::cout << "lip: " << LipReplacement::insertions << " insertions, "
            << LipReplacement::promotions << " promotions (hits and merged misses)\n";
  if (!check(r.exitCode == 0 && LipReplacement::insertions > 0, "the run finished with lip in use"))
    return 1;
  std::cout << "lip in " << LipReplacement::instances << " caches: finished\n";
  return 0;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();
  return sc_core::sc_elab_and_sim(argc, argv);
}
