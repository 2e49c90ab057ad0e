// A warp scheduling policy written outside the library: "youngest-first" gives the most
// recently launched ready warp the issue slot (the opposite of GTO's oldest-first). It is
// registered by name next to the built-in policies and selected like any of them:
//
//   custom_scheduler --sched youngest-first --workload thrash
//   custom_scheduler --set sched.policy=youngest-first          (or in an .ini: [sched] policy=)
//
// Everything else (platform, command line, statistics) is the fermi platform's.
#include <algorithm>
#include <memory>

#include <systemc>

#include "common/Platform.h"
#include "sched/IWarpSchedulingPolicy.h"
#include "sched/PolicyRegistry.h"

namespace {

using warpsim::SchedView;
using warpsim::WarpId;

class YoungestFirstPolicy : public warpsim::IWarpSchedulingPolicy {
 public:
  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override {
    order.clear();  // the ready warps of this slot, youngest (largest age) first
    const std::uint64_t ready = slotWarps & view.readyMask();
    for (std::uint32_t w = 0; w < view.warpSlots(); ++w)
      if ((ready >> w) & 1u) order.push_back(WarpId{w});
    std::sort(order.begin(), order.end(),
              [&view](WarpId a, WarpId b) { return view.warp(a).age > view.warp(b).age; });
  }
};

}  // namespace

int sc_main(int argc, char* argv[]) {
  warpsim::PolicyRegistry policies = warpsim::PolicyRegistry::withBuiltins();
  policies.add(
      "youngest-first", "example: the youngest ready warp first (examples/custom_scheduler)",
      [](const warpsim::PolicyContext&) { return std::make_unique<YoungestFirstPolicy>(); });
  return warpsim::runPlatform(*warpsim::findPlatform("fermi"), argc, argv, policies).exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();
  return sc_core::sc_elab_and_sim(argc, argv);
}
