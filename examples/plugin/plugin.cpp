// A warp scheduling policy and a kernel in a shared library that the platform programs load at
// run time, so no program of your own is needed:
//
//   warpsim-fermi --plugin build/examples/libwarpsim_example_plugin.so --workload diag
//                 --sched oldest-window --set oldest_window.size=4       (one command line)
//
// "oldest-window" lets only the `oldest_window.size` oldest unfinished warps of its slot issue,
// oldest first (a static limit per issue slot, where SWL limits the warps of the SM). "diag" is a
// kernel whose threads walk a matrix along its diagonal, 8 loads each, so each warp touches 32
// lines per load. Built against warpsim's headers only (examples/CMakeLists.txt): its calls into
// warpsim resolve in the program that loads it.
#include <algorithm>
#include <memory>
#include <vector>

#include <warpsim/common/Plugin.h>
#include <warpsim/sched/IWarpSchedulingPolicy.h>
#include <warpsim/workload/ProgramBuilder.h>
#include <warpsim/workload/SyntheticWarpStream.h>

namespace {

using warpsim::SchedView;
using warpsim::WarpId;

class OldestWindowPolicy : public warpsim::IWarpSchedulingPolicy {
 public:
  explicit OldestWindowPolicy(std::uint32_t window) : window_(window) {}
  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override {
    order.clear();  // the slot's unfinished warps, oldest first; the window's ready ones stay
    for (std::uint32_t w = 0; w < view.warpSlots(); ++w)
      if (((slotWarps >> w) & 1u) && view.warp(WarpId{w}).resident &&
          !view.warp(WarpId{w}).finished)
        order.push_back(WarpId{w});
    std::sort(order.begin(), order.end(),
              [&view](WarpId a, WarpId b) { return view.warp(a).age < view.warp(b).age; });
    if (order.size() > window_) order.resize(window_);
    const std::uint64_t ready = view.readyMask();
    order.erase(std::remove_if(order.begin(), order.end(),
                               [ready](WarpId w) { return !((ready >> w.value()) & 1u); }),
                order.end());
  }

 private:
  std::uint32_t window_;
};

// Thread t of the grid loads element (t + k, t + k) of a 4096 x 4096 float matrix, k = 0..7.
warpsim::Workload makeDiag(std::uint32_t size) {
  constexpr warpsim::Addr kMatrix = warpsim::Addr{1} << 28;
  constexpr std::uint64_t kN = 4096;
  constexpr std::uint8_t rSum = 0, rElem = 1;
  warpsim::ProgramBuilder b;
  b.alu(rSum);
  b.loop(8, [&](warpsim::ProgramBuilder& body) {
    body.load(warpsim::MemSpace::Global, rElem, [](const warpsim::LaneCtx& c) {
      const std::uint64_t i = (c.gtid + c.iter[0]) % kN;
      return kMatrix + (i * kN + i) * 4;
    });
    body.alu(rSum, {rSum, rElem});
  });
  warpsim::Workload w;
  w.name = "diag";
  w.kernels.push_back(warpsim::makeSyntheticKernel("diag", warpsim::Dim3{4 * size, 1, 1},
                                                   warpsim::Dim3{128, 1, 1}, 8, 0, b.build()));
  return w;
}

}  // namespace

WARPSIM_PLUGIN(registries) {
  registries.sched.addWithOptions(
      "oldest-window",
      "plugin example: the oldest_window.size oldest ready warps of a slot, oldest first",
      [](warpsim::ConfigSchema& s) {
        s.addUInt("oldest_window.size", 64,
                  "oldest-window: the oldest unfinished warps of a slot allowed to issue", 1, 64);
      },
      [](const warpsim::Config& c) {
        return static_cast<std::uint32_t>(c.getUInt("oldest_window.size"));
      },
      [](std::uint32_t window, const warpsim::PolicyContext&) {
        return std::make_unique<OldestWindowPolicy>(window);
      });
  registries.workloads.add("diag", "plugin example: diagonal walk, 8 uncoalesced loads a thread", 8,
                           [](std::uint32_t size) {
                             if (size > 1024) throw warpsim::ConfigError("diag: size at most 1024");
                             return std::make_unique<warpsim::Workload>(makeDiag(size));
                           });
}
