// Mascar's scheduler at the policy level (Mascar II-C, III-A, III-B): the Fig. 3 example, the
// two modes' orders and the passing of ownership.
#include <catch2/catch.hpp>

#include <array>
#include <memory>

#include "SchedTestSupport.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/interfaces/MascarFlags.h"
#include "warpsim/sched/LrrPolicy.h"
#include "warpsim/sched/MascarPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// Mascar Fig. 3: three warps run `ld r1; ld r2; add r3, r1, r2; add; add; add`. One memory and
// one arithmetic instruction issue per cycle (the figure's memory and compute bands: at t = 8
// W0's first add issues alongside W1's load); an add takes one cycle; a load issued at t holds
// one of `mshrs` MSHRs and returns at t + 5, so that its MSHR and its data serve from t + 6.
// Returns the cycle the last add issues, the figure's finishing time.
struct Fig3 {
  static constexpr std::uint32_t kWarps = 3, kInsts = 6;
  std::uint32_t mshrs;
  std::array<std::uint32_t, kWarps> pc{};
  std::array<std::array<Cycle, 2>, kWarps> loadIssued{};

  Cycle run(IWarpSchedulingPolicy& policy, MascarControl* mascar) {
    std::vector<WarpState> warps(kWarps);
    SchedView view(warps.data(), kWarps, SmId{0});
    std::vector<WarpId> order;
    WarpInst load, add;
    load.op = OpClass::Mem;
    load.memOp = MemOp::Load;
    load.space = MemSpace::Global;
    add.op = OpClass::Alu;
    Cycle last = 0;
    for (Cycle t = 1; t < 100; ++t) {
      const auto done = [&](std::uint32_t w, int i) { return t >= loadIssued[w][i] + 6; };
      std::uint32_t busy = 0;
      for (std::uint32_t w = 0; w < kWarps; ++w)
        for (int i = 0; i < 2; ++i) busy += pc[w] > std::uint32_t(i) && !done(w, i);
      std::uint64_t ready = 0;
      for (std::uint32_t w = 0; w < kWarps; ++w) {
        WarpState& s = warps[w];
        s = WarpState{};
        s.age = w;
        s.resident = pc[w] < kInsts;
        s.finished = !s.resident;
        s.hasInst = s.resident;
        s.nextIsMem = s.nextLeavesSm = pc[w] < 2;
        const bool operands = pc[w] != 2 || (done(w, 0) && done(w, 1));
        s.waitsOnMem = s.resident && !operands;
        s.eligible = s.resident && operands;
        if (s.eligible && (!s.nextIsMem || busy < mshrs)) ready |= std::uint64_t{1} << w;
      }
      if (ready == 0) continue;
      view.setNow(t);
      view.setReady(ready);
      policy.order(view, (1u << kWarps) - 1, order);
      bool memIssued = false, aluIssued = false;
      for (WarpId id : order) {
        const std::uint32_t w = id.value();
        if (!((ready >> w) & 1u)) continue;
        const bool mem = warps[w].nextIsMem;
        if (mem ? memIssued : aluIssued) continue;
        if (mem) {
          if (mascar) mascar->requestFlags(id, false);  // reaching the L1 claims ownership
          loadIssued[w][pc[w]] = t;
        } else {
          last = t;
        }
        (mem ? memIssued : aluIssued) = true;
        ++pc[w];
        policy.issued(id, mem ? load : add);
      }
    }
    return last;
  }
};

}  // namespace

TEST_CASE("mascar fig. 3: with unlimited MSHRs round-robin finishes at t = 21") {
  LrrPolicy lrr;
  CHECK(Fig3{99}.run(lrr, nullptr) == 21);
}

TEST_CASE("mascar fig. 3: with two MSHRs round-robin finishes at t = 26, Mascar at t = 23") {
  LrrPolicy lrr;
  CHECK(Fig3{2}.run(lrr, nullptr) == 26);
  auto control = std::make_shared<MascarControl>();
  control->setSaturated(0, true, 0);  // "saturation occurs at t = 1"
  MascarPolicy mascar(control);
  CHECK(Fig3{2}.run(mascar, control.get()) == 23);
}

TEST_CASE("mascar: EP mode orders memory-ready warps first, greedy then oldest") {
  MascarPolicy p(std::make_shared<MascarControl>());
  PolicyBench b(p, {0, 1, 2, 3});
  b.warps[1].nextIsMem = b.warps[3].nextIsMem = true;
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{1, 3, 0, 2});
  p.issued(WarpId{3}, b.inst);  // greedy: the last issuer leads its queue
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{3, 1, 0, 2});
}

TEST_CASE("mascar: MP mode orders compute-ready warps first, oldest first, owner only to L1") {
  auto control = std::make_shared<MascarControl>();
  MascarPolicy p(control);
  PolicyBench b(p, {3, 2, 1, 0});  // warp 3 is the oldest
  for (std::uint32_t w : {0u, 2u}) b.warps[w].nextIsMem = b.warps[w].nextLeavesSm = true;
  control->setSaturated(1, true, 10);                     // the L1T saturates: MP
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{3, 1, 2, 0});  // no owner yet: any memory warp
  CHECK(control->requestFlags(WarpId{2}, false) == mascar::kOwner);
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{3, 1, 2});  // warp 0's stall bit is set
  CHECK(control->requestFlags(WarpId{0}, false) == mascar::kHitOnly);
  b.warps[0].nextLeavesSm = false;  // a shared-memory instruction stays in the SM
  CHECK(b.order(bits({0, 1, 2, 3})) == Ids{3, 1, 2, 0});
  control->setSaturated(1, false, 25);  // back to EP: no owner, no stall bits
  CHECK(control->owner() == MascarControl::kNoOwner);
  CHECK(control->requestFlags(WarpId{0}, false) == 0);
  control->settleStats(40);
  CHECK(control->mpCycles().value() == 15);
  CHECK(control->epCycles().value() == 25);
}

TEST_CASE("mascar: ownership passes when the owner's next instruction needs its pending load") {
  auto control = std::make_shared<MascarControl>();
  MascarPolicy p(control);
  PolicyBench b(p, {0, 1, 2});
  for (std::uint32_t w : {0u, 1u, 2u}) b.warps[w].nextIsMem = b.warps[w].nextLeavesSm = true;
  control->setSaturated(0, true, 0);
  CHECK(control->requestFlags(WarpId{0}, false) == mascar::kOwner);
  CHECK(b.order(bits({0, 1, 2})) == Ids{0});
  b.warps[0].nextIsMem = b.warps[0].nextLeavesSm = false;  // its next instruction: compute,
  CHECK(b.order(bits({0, 1, 2})) == Ids{0});               // independent: it keeps ownership
  CHECK(control->owner() == 0);
  b.warps[0].waitsOnMem = true;               // now it depends on its own pending long-latency load
  CHECK(b.order(bits({1, 2})) == Ids{1, 2});  // released: every memory warp may go
  CHECK(control->owner() == MascarControl::kNoOwner);
  CHECK(control->requestFlags(WarpId{1}, false) == mascar::kOwner);  // the next to go owns
  CHECK(control->requestFlags(WarpId{2}, false) == mascar::kHitOnly);
  CHECK(control->ownerGrants().value() == 2);
}
