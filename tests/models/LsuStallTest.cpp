// The LSU path end to end: a full L1D MSHR table stalls the LSU (the stall Mascar
// measures), and a mixed load/store stream keeps every count consistent from the LSU down to
// the L2 slices.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// One warp, one load touching 4 lines (lanes 0..3 at a 128-byte stride; the rest share line 3).
nlohmann::json fourLineLoad(std::uint32_t mshrs) {
  GpuParams p = tinyGpu();
  p.l1d.mshrEntries = mshrs;
  p.l1d.saturationThreshold = 0;
  ProgramBuilder b;
  b.load(MemSpace::Global, 1,
         [](const LaneCtx& c) { return 0x10000000 + std::min<Addr>(c.lane, 3) * 128; });
  b.alu(2, {1});
  GpuRun r(p, oneCta(b.build(), 32));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);
  return r.sm(0);
}

}  // namespace

TEST_CASE("lsu path: with one L1D MSHR a 4-line load fails reservation and stalls the LSU") {
  const nlohmann::json s = fourLineLoad(1);
  CHECK(s["lsu"]["requests"] == 4);
  CHECK(s["l1d"]["misses"] == 4);
  CHECK(s["l1d"]["reservation_fail_mshr"].get<std::uint64_t>() > 0);
  CHECK(s["l1d"]["reservation_fail_mshr_cycles"].get<std::uint64_t>() > 0);
  CHECK(s["lsu"]["stall_cycles"].get<std::uint64_t>() > 0);
}

TEST_CASE("lsu path: with 64 L1D MSHRs the same load neither fails nor stalls") {
  const nlohmann::json s = fourLineLoad(64);
  CHECK(s["lsu"]["requests"] == 4);
  CHECK(s["l1d"]["misses"] == 4);
  CHECK(s["l1d"]["reservation_fail_mshr"] == 0);
  CHECK(s["lsu"]["stall_cycles"] == 0);
}

TEST_CASE("lsu path: a scattered load stream is answered and counted consistently") {
  GpuParams p = tinyGpu(2);
  ProgramBuilder b;
  // 6 iterations of two loads over a 16 KiB range, addresses a hash of lane, warp and iteration:
  // misses, hits and MSHR merges all occur. Loads only: every request below the L1 is answered
  // before its warp retires (stores are posted, so some could still be on their way at the end).
  b.loop(6, [](ProgramBuilder& l) {
    l.load(MemSpace::Global, 1, [](const LaneCtx& c) {
      return 0x10000000 + ((c.gtid * 2654435761u + c.iter[0] * 40503u) % 4096) * 4;
    });
    l.load(MemSpace::Global, 2, [](const LaneCtx& c) {
      return 0x10000000 + ((c.gtid * 40503u + c.iter[0] * 2654435761u) % 4096) * 4;
    });
    l.alu(3, {1, 2});
  });
  Workload w;
  w.name = "scattered";
  w.kernels.push_back(makeSyntheticKernel("k", Dim3{4, 1, 1}, Dim3{128, 1, 1}, 16, 0, b.build()));
  GpuRun r(p, std::move(w));
  REQUIRE(r.gpu->outcome() == Gpu::Outcome::Finished);  // every request got its response
  const nlohmann::json t = r.stats.tree()["gpu"];
  std::uint64_t l1Below = 0, l2Accesses = 0, merges = 0, hits = 0;
  for (const char* sm : {"sm0", "sm1"}) {
    const nlohmann::json& s = t[sm];
    // 4 warps per CTA, 2 CTAs per SM, 6 iterations x 2 loads.
    CHECK(s["lsu"]["instructions"] == 4 * 2 * 6 * 2);
    CHECK(s["lsu"]["requests"] == s["l1d"]["accesses"]);
    const nlohmann::json& l1 = s["l1d"];
    CHECK(l1["accesses"] == l1["hits"].get<std::uint64_t>() + l1["misses"].get<std::uint64_t>() +
                                l1["mshr_merges"].get<std::uint64_t>());
    CHECK(l1["reads_below"] == l1["misses"]);  // one fetch per miss, merges ride along
    l1Below += l1["reads_below"].get<std::uint64_t>();
    merges += l1["mshr_merges"].get<std::uint64_t>();
    hits += l1["hits"].get<std::uint64_t>();
  }
  for (const auto& [name, block] : t.items())
    if (name.rfind("l2_", 0) == 0) l2Accesses += block["accesses"].get<std::uint64_t>();
  CHECK(hits > 0);
  CHECK(merges > 0);
  CHECK(t["icnt"]["request_packets"] == l1Below);   // everything the L1Ds sent crossed over,
  CHECK(l2Accesses == l1Below);                     // reached an L2 slice
  CHECK(t["icnt"]["response_packets"] == l1Below);  // and came back
}
