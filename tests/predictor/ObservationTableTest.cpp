// The cooperative observation table (Tripathy et al. §III): the update rules of Figs. 6, 8 and
// 9, prediction by Eq. (1a) and (2), the mispredict threshold and LRU replacement.
#include <catch2/catch.hpp>

#include "PredictorTestSupport.h"
#include "warpsim/predictor/ObservationTable.h"

using namespace warpsim;
using namespace warpsim::test;
using Verdict = IAddressPredictor::Verdict;

namespace {
constexpr Addr a1 = 1000, b1 = 5000;  // the figure's a1 and b1
}

TEST_CASE("Fig. 6/9: seven requests learn stride_x 4, stride_y 12 and inter-warp stride 2") {
  ObservationTable ot(1024, 64, true);
  ot.startKernel(Dim3{3, 3, 1});
  // Step-1: a new (PC, LEC) takes an entry.
  CHECK(ot.observe(req(240, 11, 0, 0, 0, a1)) == Verdict::None);
  const ObservationTable::Entry* e = ot.find(240, 11);
  REQUIRE(e != nullptr);
  CHECK(e->addrCount == 1);
  CHECK(e->addr[0] == a1);
  // Step-2: same CTA, same warp: a second address.
  ot.observe(req(240, 11, 0, 0, 0, a1 + 4));
  CHECK(e->addrCount == 2);
  CHECK(e->addr[1] == a1 + 4);
  CHECK(!e->interWarpKnown);
  // Step-3: same CTA, warp 1: the inter-warp stride.
  ot.observe(req(240, 11, 0, 0, 1, a1 + 2));
  CHECK(e->interWarpKnown);
  CHECK(e->interWarpStride == 2);
  CHECK(!e->strideKnown[0]);
  // Step-4: CTA (2,0), warp 1: (10 - 2) / 2 = 4 along x.
  CHECK(ot.observe(req(240, 11, 2, 0, 1, a1 + 10)) == Verdict::None);
  CHECK(e->strideKnown[0]);
  CHECK(e->stride[0] == 4);
  CHECK(!e->strideKnown[1]);
  CHECK(!ot.ready(*e));
  // Step-5: CTA (2,2), warp 0: both dimensions differ, stride_x known: (32 - 8) / 2 = 12.
  CHECK(ot.observe(req(240, 11, 2, 2, 0, a1 + 32)) == Verdict::None);
  CHECK(e->strideKnown[1]);
  CHECK(e->stride[1] == 12);
  CHECK(ot.ready(*e));
  // The reference fields (F3-F5) never move.
  CHECK(e->cta == std::array<std::uint32_t, 3>{0, 0, 0});
  CHECK(e->warp == 0);
  // Step-6: LEC 12 is a new entry; entry 0 unchanged.
  ot.observe(req(240, 12, 0, 0, 0, b1));
  CHECK(ot.size() == 2);
  const ObservationTable::Entry* f = ot.find(240, 12);
  REQUIRE(f != nullptr);
  CHECK(f->addr[0] == b1);
  CHECK(e->stride[0] == 4);
  CHECK(e->stride[1] == 12);
  CHECK(e->interWarpStride == 2);
  CHECK(e->addrCount == 2);
  // Step-7: CTA (2,0), same warp: stride_x = 8 / 2 = 4; nothing else known.
  ot.observe(req(240, 12, 2, 0, 0, b1 + 8));
  CHECK(f->strideKnown[0]);
  CHECK(f->stride[0] == 4);
  CHECK(!f->strideKnown[1]);
  CHECK(!f->interWarpKnown);
  CHECK(f->addrCount == 1);
  // Entry 0 now predicts any warp of any CTA by Eq. (1a) and (2): CTA (1,2) warp 1 -> a1 + 4 +
  // 24 + 2, or its second address + 4.
  CHECK(ot.observe(req(240, 11, 1, 2, 1, a1 + 30)) == Verdict::Correct);
  CHECK(ot.observe(req(240, 11, 1, 1, 1, a1 + 22)) == Verdict::Correct);
  CHECK(ot.observe(req(240, 11, 1, 1, 0, a1 + 99)) == Verdict::Wrong);
  CHECK(e->mispredicts == 1);
}

// CP (§III): 128 B along x, 8192 B along y, here 2048 B between the 4 warps of a CTA, on an
// 8 x 32 grid, two load PCs; CTAs observed in launch order, warps in order within a CTA.
TEST_CASE("CP-like 2D grid: PACC 100%, PCOV 991 of 1024 requests per load after learning") {
  ObservationTable ot(1024, 64, true);
  ot.startKernel(Dim3{8, 32, 1});
  std::uint64_t loads = 0, predictions = 0, correct = 0;
  for (std::uint32_t y = 0; y < 32; ++y)
    for (std::uint32_t x = 0; x < 8; ++x)
      for (std::uint32_t w = 0; w < 4; ++w)
        for (std::uint32_t pc = 0; pc < 2; ++pc) {
          const Addr base = 0x10000000 + pc * 1024;
          const Verdict v =
              ot.observe(req(100 + pc, 0, x, y, w, base + x * 128 + y * 8192 + w * 2048));
          ++loads;
          predictions += v != Verdict::None;
          correct += v == Verdict::Correct;
        }
  // Per PC, unpredicted: the 32 requests of CTA row 0 (stride_y unknown until then) and the
  // request of CTA (0,1) warp 0 that teaches stride_y.
  CHECK(loads == 2048);
  CHECK(predictions == 2 * (1024 - 33));
  CHECK(correct == predictions);
  const ObservationTable::Entry* e = ot.find(100, 0);
  REQUIRE(e != nullptr);
  CHECK(e->stride[0] == 128);
  CHECK(e->stride[1] == 8192);
  CHECK(e->interWarpStride == 2048);
}

TEST_CASE("An entry past the mispredict threshold (64) stops predicting") {
  ObservationTable ot(1024, 64, true);
  ot.startKernel(Dim3{16, 1, 1});
  ot.observe(req(7, 0, 0, 0, 0, 0));
  ot.observe(req(7, 0, 0, 0, 1, 128));   // inter-warp stride 128
  ot.observe(req(7, 0, 1, 0, 0, 4096));  // stride_x 4096
  CHECK(ot.observe(req(7, 0, 2, 0, 1, 8320)) == Verdict::Correct);
  unsigned wrong = 0;
  for (std::uint32_t i = 0; i < 65; ++i)
    wrong += ot.observe(req(7, 0, 3, 0, 1, 1)) == Verdict::Wrong;
  CHECK(wrong == 65);
  CHECK(ot.find(7, 0)->mispredicts == 65);
  CHECK(ot.observe(req(7, 0, 3, 0, 1, 1)) == Verdict::None);
  CHECK(ot.observe(req(7, 0, 2, 0, 1, 8320)) == Verdict::None);  // even a right address
}

TEST_CASE("LRU eviction with a 16-entry table") {
  ObservationTable ot(16, 64, true);
  ot.startKernel(Dim3{8, 1, 1});
  for (std::uint32_t pc = 0; pc < 16; ++pc) ot.observe(req(pc, 0, 0, 0, 0, pc * 128));
  CHECK(ot.size() == 16);
  ot.observe(req(0, 0, 0, 0, 1, 128));  // touches PC 0: PC 1 is now least recently used
  ot.observe(req(16, 0, 0, 0, 0, 0));
  CHECK(ot.size() == 16);
  CHECK(ot.find(1, 0) == nullptr);
  REQUIRE(ot.find(0, 0) != nullptr);
  CHECK(ot.find(0, 0)->interWarpKnown);
  CHECK(ot.find(16, 0) != nullptr);
  ot.observe(req(17, 0, 0, 0, 0, 0));
  CHECK(ot.find(2, 0) == nullptr);
  for (std::uint32_t pc : {0u, 3u, 15u, 16u, 17u}) CHECK(ot.find(pc, 0) != nullptr);
}

TEST_CASE("Without LEC the executions of an iterated load share one entry and mispredict") {
  ObservationTable lec(1024, 64, true), nolec(1024, 64, false);
  for (ObservationTable* t : {&lec, &nolec}) t->startKernel(Dim3{4, 1, 1});
  unsigned right[2] = {0, 0}, wrong[2] = {0, 0};
  // 4 CTAs of 2 warps, 8 executions each, 1 KiB apart; CTA stride 64 KiB, warps 128 B apart.
  // Warp 1 runs two executions ahead of warp 0 (warps at different stages, §III-C).
  for (std::uint32_t x = 0; x < 4; ++x)
    for (std::uint32_t i = 0; i < 10; ++i)
      for (std::uint32_t w = 0; w < 2; ++w) {
        const std::uint32_t it = w == 0 ? i - 2 : i;
        if (it >= 8) continue;  // warp 0 not started yet (i < 2) or warp 1 done
        const LoadObservation o = req(9, it, x, 0, w, x * 65536 + it * 1024 + w * 128);
        for (int k = 0; k < 2; ++k) {
          const Verdict v = (k == 0 ? lec : nolec).observe(o);
          right[k] += v == Verdict::Correct;
          wrong[k] += v == Verdict::Wrong;
        }
      }
  CHECK(lec.size() == 8);
  CHECK(nolec.size() == 1);
  CHECK(wrong[0] == 0);
  // Per execution: every request of CTAs 1-3 except CTA 1 warp 1's, which teaches stride_x.
  CHECK(right[0] == 8 * 5);
  CHECK(wrong[1] > 0);
  CHECK(right[1] < right[0]);
}
