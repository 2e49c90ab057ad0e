// Mascar's owner warp against the LSU's state (Mascar III-A "Owner warp management", III-D):
// the owner keeps ownership while the LSU still serves it, and a re-executed request's warp
// takes ownership only when no warp can go to memory from the issue stage or the LSU's stage.
#include <catch2/catch.hpp>

#include <memory>

#include "SchedTestSupport.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/interfaces/ILsuState.h"
#include "warpsim/interfaces/MascarFlags.h"
#include "warpsim/sched/MascarPolicy.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

struct FakeLsu : ILsuState {
  bool accepts = true, stageSends = false;
  std::uint64_t blocked = 0, served = 0;
  bool canAccept() const override { return accepts; }
  std::uint64_t blockedWarps() const override { return blocked; }
  std::uint64_t servedWarps() const override { return served; }
  bool stageCanSend() const override { return stageSends; }
  void setGate(ILsuGate*) override {}
};

// Three memory-ready warps in MP mode; warp 0 has become the owner.
struct OwnerBench {
  std::shared_ptr<MascarControl> control = std::make_shared<MascarControl>();
  MascarPolicy policy{control};
  PolicyBench bench{policy, {0, 1, 2}};
  FakeLsu lsu;

  OwnerBench() {
    control->connect(&lsu, &bench.view);
    for (WarpState& s : bench.warps) s.nextIsMem = s.nextLeavesSm = true;
    control->setSaturated(0, true, 0);
    REQUIRE(control->requestFlags(WarpId{0}, false) == mascar::kOwner);
  }
};

}  // namespace

TEST_CASE("mascar owner: keeps ownership while the LSU still sends its instruction's lines") {
  OwnerBench b;
  b.lsu.served = bits({0});  // the owner's load is in the LSU's stage, lines left to send
  b.lsu.accepts = false;
  b.bench.warps[0].nextIsMem = b.bench.warps[0].nextLeavesSm = false;
  b.bench.warps[0].waitsOnMem = true;           // its next instruction needs that load
  CHECK(b.bench.order(bits({1, 2})) == Ids{});  // warps 1 and 2 keep their stall bits
  CHECK(b.control->owner() == 0);
  CHECK(b.control->requestFlags(WarpId{0}, false) == mascar::kOwner);   // next line
  CHECK(b.control->requestFlags(WarpId{1}, true) == mascar::kHitOnly);  // a queued one
  b.lsu.served = 0;  // its last line is taken: "at this point it relinquishes its ownership"
  b.lsu.accepts = true;
  CHECK(b.bench.order(bits({1, 2})) == Ids{1, 2});
  CHECK(b.control->owner() == MascarControl::kNoOwner);
  CHECK(b.control->ownerGrants().value() == 1);
}

TEST_CASE("mascar owner: keeps ownership while its refused requests wait in the queue") {
  OwnerBench b;
  b.lsu.served = b.lsu.blocked = bits({0});
  b.bench.warps[0].waitsOnMem = true;
  b.control->refresh(b.bench.view);
  CHECK(b.control->owner() == 0);
  CHECK(b.control->requestFlags(WarpId{0}, true) == mascar::kOwner);
  b.lsu.served = b.lsu.blocked = 0;
  b.control->refresh(b.bench.view);
  CHECK(b.control->owner() == MascarControl::kNoOwner);
}

TEST_CASE("mascar owner: the queue's head takes ownership only if no warp can go to memory") {
  OwnerBench b;
  b.bench.warps[0].waitsOnMem = true;  // released at once: the LSU serves it no more
  b.bench.order(bits({1}));            // warp 1 is memory-ready and the LSU accepts
  CHECK(b.control->owner() == MascarControl::kNoOwner);
  CHECK(b.control->requestFlags(WarpId{2}, true) == mascar::kHitOnly);
  b.bench.order(0);  // no memory-ready warp, but the LSU's stage has a line to send
  b.lsu.accepts = false;
  b.lsu.stageSends = true;
  CHECK(b.control->requestFlags(WarpId{2}, true) == mascar::kHitOnly);
  CHECK(b.control->owner() == MascarControl::kNoOwner);
  b.lsu.stageSends = false;  // III-D: "the warp of the request at the head ... is given ownership"
  CHECK(b.control->requestFlags(WarpId{2}, true) == mascar::kOwner);
  CHECK(b.control->owner() == 2);
  CHECK(b.control->ownerGrants().value() == 2);
}
