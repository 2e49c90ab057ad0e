// The per-SM CTA-aware baseline (Jeon et al., as Tripathy et al. §IV-A compare with it).
#include <catch2/catch.hpp>

#include "PredictorTestSupport.h"
#include "warpsim/predictor/CtaAwarePredictor.h"

using namespace warpsim;
using namespace warpsim::test;
using Verdict = IAddressPredictor::Verdict;

TEST_CASE("CTA-aware: a CTA's first warp gives its base, other warps are predicted per SM") {
  CtaAwarePredictor p(2, 64);
  p.startKernel(Dim3{8, 1, 1});
  // SM 0, CTA 0: warp 2 first (the base), warp 3 teaches the inter-warp stride 128.
  CHECK(p.observe(req(5, 0, 0, 0, 2, 10000)) == Verdict::None);
  CHECK(p.observe(req(5, 0, 0, 0, 3, 10128)) == Verdict::None);
  CHECK(p.observe(req(5, 0, 0, 0, 0, 9744)) == Verdict::Correct);
  // CTA 1 on SM 0: its first warp is not predicted (no base yet), the others are.
  CHECK(p.observe(req(5, 0, 1, 0, 1, 50000)) == Verdict::None);
  CHECK(p.observe(req(5, 0, 1, 0, 0, 49872)) == Verdict::Correct);
  CHECK(p.observe(req(5, 0, 1, 0, 3, 50000)) == Verdict::Wrong);
  // SM 1 learned nothing from SM 0: CTA 2's second warp only teaches the stride there.
  CHECK(p.observe(req(5, 0, 2, 0, 0, 90000, 1)) == Verdict::None);
  CHECK(p.observe(req(5, 0, 2, 0, 1, 90128, 1)) == Verdict::None);
  CHECK(p.observe(req(5, 0, 2, 0, 2, 90256, 1)) == Verdict::Correct);
}

TEST_CASE("CTA-aware: the base follows its warp's latest execution, warps behind mispredict") {
  CtaAwarePredictor p(1, 64);
  p.startKernel(Dim3{8, 1, 1});
  p.observe(req(5, 0, 0, 0, 0, 0));
  p.observe(req(5, 0, 0, 0, 1, 128));
  p.observe(req(5, 1, 0, 0, 0, 1024));  // warp 0's second execution: the new base
  CHECK(p.observe(req(5, 1, 0, 0, 1, 1152)) == Verdict::Correct);
  p.observe(req(5, 2, 0, 0, 0, 2048));
  CHECK(p.observe(req(5, 0, 0, 0, 2, 256)) == Verdict::Wrong);  // warp 2 is two executions behind
}

TEST_CASE("CTA-aware: past the mispredict threshold an SM's PC stops predicting") {
  CtaAwarePredictor p(2, 3);
  p.startKernel(Dim3{8, 1, 1});
  p.observe(req(5, 0, 0, 0, 0, 0));
  p.observe(req(5, 0, 0, 0, 1, 128));
  for (int i = 0; i < 4; ++i) CHECK(p.observe(req(5, 0, 0, 0, 2, 7)) == Verdict::Wrong);
  CHECK(p.observe(req(5, 0, 0, 0, 2, 256)) == Verdict::None);
  // The counter is local: SM 1 still predicts once it has learned.
  p.observe(req(5, 0, 1, 0, 0, 0, 1));
  p.observe(req(5, 0, 1, 0, 1, 128, 1));
  CHECK(p.observe(req(5, 0, 1, 0, 2, 256, 1)) == Verdict::Correct);
}
