// The LSU -> L1D -> crossbar -> L2 path end to end on a tiny GPU: a seeded mix of global loads
// and stores runs to the end with every instruction and request accounted for, and a full MSHR
// table stalls the LSU (Mascar II-A). One GPU per test case.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>

#include "GpuTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr Addr kData = 0x10000000;
constexpr std::uint32_t kLine = 128;  // lsu.line_size and l1d.line_size defaults

std::uint64_t u(const nlohmann::json& j) {
  return j.get<std::uint64_t>();
}

// A deterministic per-lane hash of (salt, warp, lane, iteration).
std::uint32_t mix(std::uint32_t salt, std::uint32_t warp, std::uint32_t lane, std::uint32_t iter) {
  std::uint32_t h =
      salt * 0x9E3779B1u ^ warp * 0x85EBCA77u ^ lane * 0xC2B2AE3Du ^ iter * 0x27D4EB2Fu;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  return h;
}

// A word in a 2 KiB range (16 lines).
Addr mixedAddr(std::uint32_t salt, std::uint32_t warp, std::uint32_t lane, std::uint32_t iter) {
  return kData + (mix(salt, warp, lane, iter) % 512) * 4;
}
Addr mixedAddr(std::uint32_t salt, const LaneCtx& c) {
  return mixedAddr(salt, c.warpInCta, c.lane, c.iter[0]);
}
// Per (warp, iteration): all lanes store, none does, or a per-lane third of them.
bool takesStore(std::uint32_t warp, std::uint32_t lane, std::uint32_t iter) {
  switch (mix(5, warp, 0, iter) % 4) {
    case 0:
      return true;
    case 1:
      return false;
    default:
      return mix(7, warp, lane, iter) % 3 == 0;
  }
}

// One load touching lines 0..3 of kData, 8 lanes each: 4 distinct lines, uncoalesced.
Workload fourLineLoad() {
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) { return kData + (c.lane % 4) * kLine; });
  return oneCta(b.build(), 32);
}

GpuParams oneClock() {
  GpuParams p = tinyGpu();
  p.clock = ClockParams{1000, 1000, 1000, 1000};  // one clock: cycles add up across blocks
  p.gddr.model = DramModel::Fixed;                // the figures below assume a fixed DRAM latency
  p.dram.latency = 200;
  return p;
}

}  // namespace

TEST_CASE("lsu path: a seeded mix of loads and stores from 4 warps completes and balances") {
  constexpr std::uint32_t kWarps = 4, kIters = 6;
  GpuParams p = tinyGpu();
  ProgramBuilder b;
  b.loop(kIters, [](ProgramBuilder& body) {
    body.load(MemSpace::Global, 1, [](const LaneCtx& c) { return mixedAddr(1, c); });
    body.ifElse([](const LaneCtx& c) { return takesStore(c.warpInCta, c.lane, c.iter[0]); },
                [](ProgramBuilder& t) {
                  t.store(MemSpace::Global, [](const LaneCtx& c) { return mixedAddr(2, c); }, {1});
                },
                [](ProgramBuilder& e) {
                  e.load(MemSpace::Global, 2, [](const LaneCtx& c) { return mixedAddr(3, c); });
                  e.store(MemSpace::Global, [](const LaneCtx& c) { return mixedAddr(4, c); }, {2});
                });
  });
  // Stores are posted (answered by the L1D after its hit latency) and the run ends in the cycle
  // the CTA finishes, so stores still on their way below would be cut off with it: without this
  // tail, one run had 507 requests sent below by the L1D, 500 crossbar request packets and 499
  // L2 accesses. A 1000-cycle dependent chain after the last store lets the path drain.
  chain(b, 9, 100);

  // The memory instructions, line requests, loads and stores the program issues, counted from
  // the same functions: a body whose mask is empty is skipped.
  std::uint64_t insts = 0, loadReqs = 0, storeReqs = 0;
  auto lines = [](std::uint32_t salt, std::uint32_t w, std::uint32_t it, int want) {
    std::set<Addr> s;
    for (std::uint32_t l = 0; l < 32; ++l)
      if (want < 0 || takesStore(w, l, it) == (want == 1))
        s.insert(mixedAddr(salt, w, l, it) / kLine);
    return static_cast<std::uint64_t>(s.size());
  };
  for (std::uint32_t w = 0; w < kWarps; ++w)
    for (std::uint32_t it = 0; it < kIters; ++it) {
      unsigned st = 0;
      for (std::uint32_t l = 0; l < 32; ++l) st += takesStore(w, l, it);
      insts += 1;
      loadReqs += lines(1, w, it, -1);
      if (st > 0) {
        insts += 1;
        storeReqs += lines(2, w, it, 1);
      }
      if (st < 32) {
        insts += 2;
        loadReqs += lines(3, w, it, 0);
        storeReqs += lines(4, w, it, 0);
      }
    }
  // The mix really is mixed: some iterations diverge, and both paths run.
  REQUIRE(insts > kWarps * kIters * 2);
  REQUIRE(insts < kWarps * kIters * 4);

  GpuRun r(p, oneCta(b.build(), kWarps * 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  const nlohmann::json s = r.sm(0), lsu = s["lsu"], l1 = s["l1d"];
  const nlohmann::json g = r.stats.tree()["gpu"];

  CHECK(u(lsu["instructions"]) == insts);
  CHECK(u(lsu["load_requests"]) == loadReqs);
  CHECK(u(lsu["store_requests"]) == storeReqs);
  CHECK(u(lsu["requests"]) == loadReqs + storeReqs);
  CHECK(u(lsu["requests"]) == u(l1["accesses"]));
  CHECK(u(l1["hits"]) + u(l1["misses"]) + u(l1["mshr_merges"]) == u(l1["accesses"]));
  // Every read response came back to the LSU: one latency sample per load request.
  CHECK(u(lsu["load_latency"]["count"]) == loadReqs);

  // Below the L1D: write-evict sends every store, and every load miss, through the crossbar; the
  // L2 slices see exactly the crossbar's request packets.
  const std::uint64_t packets = u(g["icnt"]["request_packets"]);
  // Store misses are misses too, but go below as writes: only load misses read below.
  CHECK(u(l1["reads_below"]) <= u(l1["misses"]));
  CHECK(u(l1["writes_below"]) == storeReqs);
  CHECK(u(l1["reads_below"]) + u(l1["writes_below"]) == packets);
  CHECK(u(g["icnt"]["response_packets"]) == packets);
  std::uint64_t l2Accesses = 0;
  for (std::uint32_t i = 0; i < p.map.partitions; ++i) {
    const nlohmann::json l2 = g["l2_" + std::to_string(i)];
    CHECK(u(l2["hits"]) + u(l2["misses"]) + u(l2["mshr_merges"]) == u(l2["accesses"]));
    l2Accesses += u(l2["accesses"]);
  }
  CHECK(l2Accesses == packets);
  // Gpu exposes only payloadsAllocated() (no inUse()): the pool was used, and never needed more
  // payloads than there were requests in the whole run.
  CHECK(r.gpu->payloadsAllocated() > 0);
  CHECK(r.gpu->payloadsAllocated() <= u(lsu["requests"]) + 2 * packets);
}

// Timeline with one clock and one MSHR (cycles worked out as in SmTimingTest.cpp, where a single
// miss is sent below at 3 and filled at the L1D at 223, 220 cycles on): the LSU sends line 0 at
// 1, line 1 at 2, line 2 at 3 (line 0 has left the input queue); line 1 fails for the MSHR from
// 3; line 3 at 4 finds the input queue full and the LSU waits for END_REQ. Line 0's fill at 223
// frees the MSHR, line 1 misses and leaves the queue, line 3 is taken (LSU stalled 4..223);
// line 1 is sent below at 224 and filled at 444; line 2 fails 224..444, misses at 444 and is
// filled at 665; line 3 fails 445..665: three episodes of 220 cycles.
TEST_CASE("lsu path: with one L1D MSHR an uncoalesced 4-line load stalls the LSU") {
  GpuParams p = oneClock();
  p.l1d.mshrEntries = 1;
  p.l1d.saturationThreshold = 0;
  GpuRun r(p, fourLineLoad());
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  const nlohmann::json lsu = r.sm(0)["lsu"], l1 = r.sm(0)["l1d"];
  CHECK(u(lsu["instructions"]) == 1);
  CHECK(u(lsu["requests"]) == 4);
  CHECK(u(l1["accesses"]) == 4);
  CHECK(u(l1["misses"]) == 4);
  CHECK(u(l1["mshr_merges"]) == 0);
  CHECK(u(l1["reservation_fail_mshr"]) == 3);  // lines 1, 2 and 3, one episode each
  CHECK(u(l1["reservation_fail_mshr_cycles"]) == 220 + 220 + 220);
  CHECK(u(l1["reservation_fail_line"]) == 0);
  CHECK(u(l1["reservation_fail_miss_queue"]) == 0);
  CHECK(u(lsu["stall_cycles"]) == 223 - 4);
  CHECK(u(l1["upstream_stall_cycles"]) == u(lsu["stall_cycles"]));
}

TEST_CASE("lsu path: with the default 64 L1D MSHRs the same load never stalls the LSU") {
  GpuParams p = oneClock();
  REQUIRE(p.l1d.mshrEntries == 64);
  GpuRun r(p, fourLineLoad());
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  const nlohmann::json lsu = r.sm(0)["lsu"], l1 = r.sm(0)["l1d"];
  CHECK(u(lsu["instructions"]) == 1);
  CHECK(u(lsu["requests"]) == 4);
  CHECK(u(l1["accesses"]) == 4);
  CHECK(u(l1["misses"]) == 4);
  CHECK(u(l1["reservation_fail_mshr"]) == 0);
  CHECK(u(l1["reservation_fail_mshr_cycles"]) == 0);
  CHECK(u(lsu["stall_cycles"]) == 0);
  CHECK(u(l1["upstream_stall_cycles"]) == 0);
}
