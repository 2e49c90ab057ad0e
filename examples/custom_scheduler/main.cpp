// A warp scheduling policy and a kernel written outside the library, both registered by name
// next to the built-ins and used with the platform's full command line:
//
//   custom_scheduler --workload rowsum --sched youngest-first
//   custom_scheduler --workload rowsum --sched youngest-first --set youngest_first.greedy=true
//   custom_scheduler --list-workloads | --list-policies | --help-config | --dump-config
//
// "youngest-first" gives the issue slot to the most recently launched ready warp (the opposite
// of GTO's oldest-first). It declares one option of its own, youngest_first.greedy: keep
// issuing from the last issuer while it is ready (greedy-then-youngest). The option is read
// once per run; --set, INI files, --help-config and --dump-config know it like any built-in.
//
// "rowsum" is a kernel: each thread sums one row of 32 floats (row-major, so the 32 lanes of
// a warp load from 32 different lines, and each line is reused by the next 31 iterations of
// the same lane: intra-warp locality that a greedy scheduler keeps in the L1).
//
// After the run it prints how many times the greedy rule kept the last issuer first, and
// checks that it did so exactly when youngest_first.greedy is set ("CHECK FAILED" and exit 1
// otherwise). Everything else (platform, statistics, summary) is the fermi platform's.
#include <algorithm>
#include <array>
#include <iostream>
#include <memory>

#include <systemc>

#include <warpsim/common/Platform.h>
#include <warpsim/gpu/Registries.h>
#include <warpsim/sched/IWarpSchedulingPolicy.h>
#include <warpsim/workload/ProgramBuilder.h>
#include <warpsim/workload/SyntheticWarpStream.h>

namespace {

using warpsim::SchedView;
using warpsim::WarpId;

struct YoungestFirstOptions {
  bool greedy = false;
};

class YoungestFirstPolicy : public warpsim::IWarpSchedulingPolicy {
 public:
  explicit YoungestFirstPolicy(const YoungestFirstOptions& options) : options_(options) {
    greedySlots += options.greedy;
  }

  void order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) override {
    order.clear();  // the ready warps of this slot, youngest (largest age) first
    const std::uint64_t ready = slotWarps & view.readyMask();
    for (std::uint32_t w = 0; w < view.warpSlots(); ++w)
      if ((ready >> w) & 1u) {
        order.push_back(WarpId{w});
        ages_[w] = view.warp(WarpId{w}).age;
      }
    std::sort(order.begin(), order.end(),
              [&view](WarpId a, WarpId b) { return view.warp(a).age > view.warp(b).age; });
    // Greedy: the last issuer first while it is ready (the same warp: a new one in its slot
    // has another age).
    if (!options_.greedy || last_ >= view.warpSlots() || !((ready >> last_) & 1u) ||
        ages_[last_] != lastAge_ || order.front() == WarpId{last_})
      return;
    order.erase(std::find(order.begin(), order.end(), WarpId{last_}));
    order.insert(order.begin(), WarpId{last_});
    ++greedyPicks;
  }
  // The issuer was ready in this cycle's order(), so ages_ holds its age.
  void issued(WarpId w, const warpsim::WarpInst&) override {
    last_ = w.value();
    lastAge_ = ages_[last_];
  }

  static inline std::uint64_t greedySlots = 0;  // issue slots built with greedy on
  static inline std::uint64_t greedyPicks = 0;  // times the greedy rule changed the order

 private:
  YoungestFirstOptions options_;
  std::array<std::uint64_t, 64> ages_{};  // of the warps ready in the last order() call
  std::uint32_t last_ = 64;               // none yet
  std::uint64_t lastAge_ = 0;
};

// Each thread sums row `gtid` of a row-major matrix of 32-float rows; 128 threads per CTA,
// 8 * size CTAs.
warpsim::Workload makeRowSum(std::uint32_t size) {
  constexpr std::uint32_t kRow = 32, kThreads = 128;
  constexpr warpsim::Addr kMatrix = warpsim::Addr{1} << 28, kSums = warpsim::Addr{2} << 28;
  constexpr std::uint8_t rSum = 0, rElem = 1;
  warpsim::ProgramBuilder b;
  b.alu(rSum);
  b.loop(kRow,
         [&](warpsim::ProgramBuilder& body) {
           body.load(warpsim::MemSpace::Global, rElem, [](const warpsim::LaneCtx& c) {
             return kMatrix + (c.gtid * kRow + c.iter[0]) * 4;
           });
           body.alu(rSum, {rSum, rElem});
         },
         {rSum});
  b.store(warpsim::MemSpace::Global, [](const warpsim::LaneCtx& c) { return kSums + c.gtid * 4; },
          {rSum});
  warpsim::Workload w;
  w.name = "rowsum";
  w.kernels.push_back(warpsim::makeSyntheticKernel("rowsum", warpsim::Dim3{8 * size, 1, 1},
                                                   warpsim::Dim3{kThreads, 1, 1}, 8, 0, b.build()));
  return w;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  warpsim::Registries registries;  // the built-ins of every kind, plus:
  registries.sched.addWithOptions(
      "youngest-first",
      "example: the youngest ready warp first; youngest_first.greedy keeps the last issuer "
      "(examples/custom_scheduler)",
      [](warpsim::ConfigSchema& s) {
        s.addBool("youngest_first.greedy", false,
                  "youngest-first: keep issuing from the last issuer while it is ready");
      },
      [](const warpsim::Config& c) {
        return YoungestFirstOptions{c.getBool("youngest_first.greedy")};
      },
      [](const YoungestFirstOptions& o, const warpsim::PolicyContext&) {
        return std::make_unique<YoungestFirstPolicy>(o);
      });
  registries.workloads.add("rowsum",
                           "example: each thread sums a 32-float row (examples/custom_scheduler)",
                           16, [](std::uint32_t size) {
                             if (size > 4096)
                               throw warpsim::ConfigError("rowsum: size at most 4096");
                             return std::make_unique<warpsim::Workload>(makeRowSum(size));
                           });

  const warpsim::RunResult r =
      warpsim::runPlatform(*warpsim::findPlatform("fermi"), argc, argv, registries);
  if (!r.simulated || r.stats["policy"] != "youngest-first") return r.exitCode;
  const std::uint64_t picks = YoungestFirstPolicy::greedyPicks;
  const bool greedy = YoungestFirstPolicy::greedySlots > 0;
  std::cout << "youngest-first" << (greedy ? " (greedy)" : "")
            << ": the greedy rule changed the order " << picks << " times\n";
  if (greedy != (picks > 0)) {
    std::cout << "CHECK FAILED: the greedy rule acts exactly when youngest_first.greedy is set\n";
    return 1;
  }
  return r.exitCode;
}

int main(int argc, char* argv[]) {
  warpsim::quietSystemC();
  return sc_core::sc_elab_and_sim(argc, argv);
}
