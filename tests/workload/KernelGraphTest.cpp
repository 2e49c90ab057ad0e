#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr Addr kRowStart = 0x10000000, kEdges = 0x20000000, kCost = 0x30000000,
               kVisited = 0x40000000;
constexpr std::uint64_t kNodes = 4 * 256;  // size 1

std::vector<WarpInst> warp0() {
  return runWarp(makeWorkload("graph", 1).kernels[0], 0, 0);
}

}  // namespace

TEST_CASE("graph: instruction counts at size 1") {
  const Workload w = makeWorkload("graph", 1);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].ctaCount() == 4);
  CHECK(warp0().size() == 72);
  CHECK(workloadInsts(w) == 2897);
}

TEST_CASE("graph: row offsets are read coalesced") {
  const auto t = warp0();
  const WarpInst& r0 = nthMem(t, 0);
  CHECK(r0.activeMask == 0xffffffffu);
  CHECK(r0.addr[0] == kRowStart);
  CHECK(r0.addr[31] == kRowStart + 31 * 4);
  CHECK(linesOf(r0).size() == 1);
  CHECK(nthMem(t, 1).addr[31] == kRowStart + 32 * 4);
}

TEST_CASE("graph: lanes leave the edge loop as their degree runs out") {
  const auto t = warp0();
  std::vector<std::uint32_t> backEdgeMasks;
  for (const WarpInst& i : t) {
    if (i.op == OpClass::Branch && i.reconvergePc == i.pc + 8)
      backEdgeMasks.push_back(i.activeMask);
  }
  REQUIRE(backEdgeMasks.size() >= 2);
  CHECK(backEdgeMasks.front() != 0xffffffffu);  // some nodes have degree 0
  for (std::size_t i = 1; i < backEdgeMasks.size(); ++i) {
    CHECK((backEdgeMasks[i] & ~backEdgeMasks[i - 1]) == 0);  // only ever shrinks
  }
  CHECK(__builtin_popcount(backEdgeMasks.back()) < __builtin_popcount(backEdgeMasks.front()));
  CHECK(t.back().op == OpClass::Exit);
  CHECK(t.back().activeMask == 0xffffffffu);
}

TEST_CASE("graph: edge indices are consecutive per node, neighbours scattered") {
  const auto t = warp0();
  const WarpInst& e0 = nthMem(t, 2);
  const WarpInst& g0 = nthMem(t, 3);
  std::set<Addr> costLines;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(e0.activeMask & (1u << lane))) continue;
    CHECK(e0.addr[lane] == kEdges + lane * 16 * 4);
    CHECK(g0.addr[lane] >= kCost);
    CHECK(g0.addr[lane] < kCost + kNodes * 4);
    costLines.insert(g0.addr[lane] / 128);
  }
  CHECK(costLines.size() > 8);
  const WarpInst& e1 = nthMem(t, 4 + (nthMem(t, 4).memOp == MemOp::Store ? 1 : 0));
  const unsigned lane = static_cast<unsigned>(__builtin_ctz(e1.activeMask));
  CHECK(e1.addr[lane] == kEdges + (lane * 16 + 1) * 4);
}

TEST_CASE("graph: the visited store is predicated and hits the gathered neighbour") {
  const auto t = warp0();
  unsigned partialStores = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].memOp != MemOp::Store) continue;
    const WarpInst& branch = t[i - 1];
    const WarpInst& gather = t[i - 3];
    REQUIRE(branch.op == OpClass::Branch);
    CHECK((t[i].activeMask & ~branch.activeMask) == 0);
    if (t[i].activeMask != branch.activeMask) ++partialStores;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (t[i].activeMask & (1u << lane)) {
        CHECK(t[i].addr[lane] - kVisited == gather.addr[lane] - kCost);
      }
    }
  }
  CHECK(partialStores > 0);
}

TEST_CASE("graph: two streams of the same warp are identical") {
  const KernelDesc k = makeWorkload("graph", 1).kernels[0];
  const auto a = runWarp(k, 3, 5);
  const auto b = runWarp(k, 3, 5);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].pc == b[i].pc);
    CHECK(a[i].activeMask == b[i].activeMask);
    CHECK(a[i].addr == b[i].addr);
  }
}
