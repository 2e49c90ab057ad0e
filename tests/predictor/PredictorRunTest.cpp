// The predictors observing a whole GPU run through the L1Ds' analysis ports (GpuParams
// defaults, 15 SMs): per-kernel pcov and pacc on the CP-like kernel of the paper's grid (8, 32).
#include <catch2/catch.hpp>

#include "../models/GpuTestSupport.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("CP-like kernel on 15 SMs: cooperative PACC 1, PCOV 2026/2048, CTA-aware 1506/2048") {
  GpuParams p = tinyGpu(15);
  p.predictor.enable = true;
  p.predictor.kinds = {"cooperative", "cooperative-nolec", "cta-aware"};
  GpuRun run(p, makeWorkload("cp", 8));
  REQUIRE(run.stats.kernels().size() == 1);
  const nlohmann::json k = run.stats.kernels()[0]["stats"]["gpu"]["predictor"];
  // 256 CTAs x 4 warps x 2 loads, each one line that misses in the L1D.
  for (const char* kind : {"cooperative", "cooperative-nolec", "cta-aware"})
    CHECK(k[kind]["loads"].get<std::uint64_t>() == 2048);
  // Learning costs 11 requests per load PC: CTAs 0..7 all run at once on different SMs, and
  // CTA (0,1) is in the first wave.
  CHECK(k["cooperative"]["predictions"].get<std::uint64_t>() == 2026);
  CHECK(k["cooperative"]["pacc"].get<double>() == 1.0);
  CHECK(k["cooperative"]["pcov"].get<double>() == Approx(2026.0 / 2048));
  CHECK(k["cooperative-nolec"]["predictions"].get<std::uint64_t>() == 2026);
  // CTA-aware never predicts a CTA's first warp: at most 3 of 4 warps.
  CHECK(k["cta-aware"]["predictions"].get<std::uint64_t>() == 1506);
  CHECK(k["cta-aware"]["pacc"].get<double>() == 1.0);
}

TEST_CASE(
    "CP-like kernel with prefetching one CTA ahead: prefetch counts and no timing change "
    "without it") {
  GpuParams p = tinyGpu(15);
  p.predictor.enable = true;
  p.predictor.kinds = {"cooperative"};
  p.predictor.prefetch = true;
  p.predictor.prefetchDistance = 1;
  GpuRun run(p, makeWorkload("cp", 8));
  const nlohmann::json f = run.stats.kernels()[0]["stats"]["gpu"]["predictor"]["prefetch"];
  const auto n = [&](const char* k) { return f[k].get<std::uint64_t>(); };
  // Measured with the default GDDR channels (with dram.model=fixed: 242, 92 useful, 150 late).
  CHECK(n("issued") == 289);
  CHECK(n("useful") == 243);
  CHECK(n("late") == 46);
  CHECK(n("early") == 0);
  CHECK(n("useless") == 0);
  CHECK(n("useful") + n("late") + n("early") + n("useless") == n("issued"));
  // The observers themselves see the same requests as without prefetching.
  CHECK(run.stats.kernels()[0]["stats"]["gpu"]["predictor"]["cooperative"]["loads"] == 2048);
}

namespace {

// 64 CTAs (8 x 8) of 2 warps, one load each: lane l of warp w of CTA c reads
// base + (c x 2 + w) x 4 KiB + l x `laneBytes`, so a warp sends 32 x laneBytes / 128 lines.
nlohmann::json wideLoads(std::uint32_t laneBytes) {
  GpuParams p = tinyGpu(15);
  p.predictor.enable = true;
  p.predictor.kinds = {"cooperative", "cta-aware"};
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [laneBytes](const LaneCtx& c) {
    return Addr{0x10000000} + (c.cta * 2 + c.warpInCta) * 4096 + Addr{c.lane} * laneBytes;
  });
  b.alu(2, {1});
  Workload w;
  w.name = "wide";
  w.kernels.push_back(makeSyntheticKernel("k", Dim3{8, 8, 1}, Dim3{64, 1, 1}, 16, 0, b.build()));
  GpuRun run(p, w);
  return run.stats.kernels()[0]["stats"]["gpu"]["predictor"];
}

}  // namespace

// §III-C, after Jeon et al. [4]: only loads of at most four requests per warp are stored and
// predicted; the others still count as load requests. (One GPU run per test process.)
TEST_CASE("predictors: a warp load of four lines is predicted") {
  const nlohmann::json four = wideLoads(16);  // 512 B per warp: 4 lines
  CHECK(four["cooperative"]["loads"].get<std::uint64_t>() == 64 * 2 * 4);
  CHECK(four["cooperative"]["predictions"].get<std::uint64_t>() > 0);
  CHECK(four["cta-aware"]["predictions"].get<std::uint64_t>() > 0);
}

TEST_CASE("predictors: a warp load of more than four lines is counted but never predicted") {
  const nlohmann::json sixteen = wideLoads(64);  // 2 KiB per warp: 16 lines
  CHECK(sixteen["cooperative"]["loads"].get<std::uint64_t>() == 64 * 2 * 16);
  CHECK(sixteen["cooperative"]["predictions"].get<std::uint64_t>() == 0);
  CHECK(sixteen["cta-aware"]["predictions"].get<std::uint64_t>() == 0);
}

// §IV-A: the CTA-aware baseline is the SM's own predictor (Jeon et al. [4]) and sees every load
// line request its LSU issues; the cooperative table sees only what leaves the L1D. Each warp
// loads its line twice, the second time after the first returned: an L1 hit.
TEST_CASE("predictors: the CTA-aware baseline sees the L1 hits the cooperative table never sees") {
  GpuParams p = tinyGpu(15);
  p.predictor.enable = true;
  p.predictor.kinds = {"cooperative", "cta-aware"};
  const auto addr = [](const LaneCtx& c) {
    return Addr{0x10000000} + (c.cta * 2 + c.warpInCta) * 128 + Addr{c.lane} * 4;
  };
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, addr);
  b.load(MemSpace::Global, 2, addr, {1});
  b.alu(3, {2});
  Workload w;
  w.name = "reload";
  w.kernels.push_back(makeSyntheticKernel("k", Dim3{8, 8, 1}, Dim3{64, 1, 1}, 16, 0, b.build()));
  GpuRun run(p, w);
  const nlohmann::json s = run.stats.kernels()[0]["stats"]["gpu"];
  std::uint64_t hits = 0;
  for (const auto& [name, sm] : s.items())
    if (sm.is_object() && sm.contains("l1d")) hits += sm["l1d"]["hits"].get<std::uint64_t>();
  CHECK(hits == 128);  // every second load
  CHECK(s["predictor"]["cooperative"]["loads"].get<std::uint64_t>() == 128);
  CHECK(s["predictor"]["cta-aware"]["loads"].get<std::uint64_t>() == 256);
  // Each load's inter-warp stride (one line) is learned on each SM from the second warp of its
  // first CTA; then every CTA's second warp is predicted (the first never is): 2 x (64 - 15).
  CHECK(s["predictor"]["cta-aware"]["predictions"].get<std::uint64_t>() == 98);
  CHECK(s["predictor"]["cta-aware"]["pacc"].get<double>() == 1.0);
}
