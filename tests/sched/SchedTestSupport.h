#pragma once
// Policies as plain classes: no SystemC, a hand-made vector of WarpStates behind a SchedView.
// A "cycle" orders the slot's warps and lets the first one issue, as Sm::issue does when the
// first ready warp always can.
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "warpsim/config/Config.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"
#include "warpsim/sched/PolicyRegistry.h"
#include "warpsim/workload/WarpInst.h"

namespace warpsim::test {

using Ids = std::vector<std::uint32_t>;
constexpr std::uint32_t kNoIssue = 99;

// The built-in policies with their options read from `assignments` ("sched.swl_limit=5", ...),
// once, as a run reads them (Registries::configured).
inline PolicyRegistry configuredPolicies(std::initializer_list<const char*> assignments) {
  PolicyRegistry r = PolicyRegistry::withBuiltins();
  ConfigSchema schema;
  r.declareOptions(schema);
  Config config(schema);
  for (const char* a : assignments) config.setAssignment(a);
  r.configure(config);
  return r;
}

inline std::uint64_t bits(std::initializer_list<unsigned> ws) {
  std::uint64_t m = 0;
  for (unsigned w : ws) m |= std::uint64_t{1} << w;
  return m;
}

struct PolicyBench {
  // `count` warp slots, none resident yet (a bench that launches its own warps).
  PolicyBench(IWarpSchedulingPolicy& p, std::uint32_t count)
      : policy(p), warps(count), view(warps.data(), count, SmId{0}) {}
  // `ages[w]` is warp w's age; every warp listed is resident and, by default, in the slot.
  PolicyBench(IWarpSchedulingPolicy& p, std::initializer_list<std::uint64_t> ages)
      : policy(p), warps(ages.size()), view(warps.data(), ages.size(), SmId{0}) {
    std::uint32_t w = 0;
    for (std::uint64_t a : ages) {
      warps[w].resident = true;
      warps[w].age = a;
      slotWarps |= std::uint64_t{1} << w++;
    }
  }

  // The policy's order with `ready` warps eligible and their units free, and `eligible` warps
  // eligible (their data is there) but their units busy.
  Ids order(std::uint64_t ready, std::uint64_t eligible = 0) {
    for (std::uint32_t w = 0; w < warps.size(); ++w) {
      warps[w].eligible = ((ready | eligible) >> w) & 1u;
      if (notReadyWaitsOnMem) warps[w].waitsOnMem = !(((ready | eligible | hazard) >> w) & 1u);
    }
    view.setReady(ready);
    out.clear();
    policy.order(view, slotWarps, out);
    Ids ids;
    for (WarpId w : out) ids.push_back(w.value());
    return ids;
  }
  // One issue cycle: the first warp of the order issues; kNoIssue if the order is empty.
  std::uint32_t cycle(std::uint64_t ready, std::uint64_t eligible = 0) {
    const Ids o = order(ready, eligible);
    if (o.empty()) return kNoIssue;
    policy.issued(WarpId{o.front()}, inst);
    return o.front();
  }
  // The warps issued over one cycle per entry of `readyPerCycle`.
  Ids run(std::initializer_list<std::uint64_t> readyPerCycle) {
    Ids issued;
    for (std::uint64_t r : readyPerCycle) issued.push_back(cycle(r));
    return issued;
  }
  // `n` cycles with the same ready warps.
  Ids run(std::uint64_t ready, unsigned n) {
    Ids issued;
    for (unsigned i = 0; i < n; ++i) issued.push_back(cycle(ready));
    return issued;
  }
  // Warp slot `w` gets a new warp of age `age` (the old one retired).
  void replace(std::uint32_t w, std::uint64_t age) {
    warps[w] = WarpState{};
    warps[w].resident = true;
    warps[w].age = age;
  }

  // With notReadyWaitsOnMem, a warp neither ready nor eligible waits on memory unless it is in
  // `hazard` (stalled on a short, non-memory dependency).
  bool notReadyWaitsOnMem = false;
  std::uint64_t hazard = 0;
  IWarpSchedulingPolicy& policy;
  std::vector<WarpState> warps;
  SchedView view;
  std::uint64_t slotWarps = 0;
  std::vector<WarpId> out;
  WarpInst inst;
};

}  // namespace warpsim::test
