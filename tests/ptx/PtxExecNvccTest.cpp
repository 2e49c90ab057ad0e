// nvcc's own kernels (tests/ptx/fixtures) executed and checked against C++ references.
#include "ExecTestSupport.h"

using namespace warpsim;
using namespace warpsim::ptx;
using namespace warpsim::ptx::test;

TEST_CASE("ptx exec: nvcc's scaleKernel: a by-value struct, dynamic shared memory, a call") {
  FixtureBench b("calls");
  constexpr std::uint32_t n = 200, block = 64, grid = 4;
  std::vector<float> in(n);
  for (std::uint32_t i = 0; i < n; ++i) in[i] = 0.75f * i - 20.0f;
  const std::uint64_t inA = b.array(in), outA = b.array<float>({}, grid * block);
  PtxLaunch l = b.launch("_Z11scaleKernelPfPKf6Params", {grid, 1, 1}, {block, 1, 1}, {outA, inA});
  struct {
    float scale;
    std::int32_t n;
    double bias;
  } p{1.5f, static_cast<std::int32_t>(n), 0.25};
  const Function& f = b.program.module().functions[l.kernel];
  REQUIRE(f.params[2].size == sizeof p);
  std::memcpy(l.params.data() + f.params[2].offset, &p, sizeof p);
  l.dynamicSharedBytes = block * 4;
  b.run(l);
  const std::vector<float> out = b.read<float>(outA, n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t base = i / block * block, mirror = base + block - 1 - i % block;
    const float x = mirror < n ? in[mirror] : 0.0f;
    REQUIRE(out[i] == std::fma(1.5f, x, 0.25f));  // nvcc fuses a * x + b
  }
}

TEST_CASE("ptx exec: nvcc's depotKernel: a local array, constants, a module variable, doubles") {
  FixtureBench b("depot");
  constexpr std::uint32_t n = 100;
  std::vector<std::int32_t> idx(n);
  for (std::uint32_t i = 0; i < n; ++i) idx[i] = static_cast<std::int32_t>(i * 5 + 3);
  const std::uint64_t idxA = b.array(idx), outA = b.array<double>({}, 128);
  b.run(b.launch("_Z11depotKernelPdPKii", {2, 1, 1}, {64, 1, 1}, {outA, idxA, n}));
  const float coef[4] = {1.0f, 0.5f, 0.25f, 0.125f};
  const std::vector<double> out = b.read<double>(outA, n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t k = idx[i] & 7, tid = i % 64;
    const double expect = std::sqrt(double(k + tid)) * coef[k & 3] / 3.0 + 7;
    REQUIRE(out[i] == Approx(expect).epsilon(1e-15));
  }
}

TEST_CASE("ptx exec: nvcc's warpKernel: shuffles, ballot, any and four kinds of atomics") {
  FixtureBench b("warp");
  constexpr std::uint32_t ctas = 2, threads = 64;
  std::vector<std::int32_t> in(ctas * threads);
  for (std::uint32_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::int32_t>(i % 7) - 2;
  const std::uint64_t inA = b.array(in), sumA = b.array<std::int32_t>({0, INT32_MIN, 0}),
                      ballotsA = b.array<std::uint32_t>({}, ctas), fsumA = b.array<float>({0});
  b.run(b.launch("_Z10warpKernelPKiPiPjPf", {ctas, 1, 1}, {threads, 1, 1},
                 {inA, sumA, ballotsA, fsumA}));
  // Reference: shfl_down sums (lanes past 31 keep their own value), per warp.
  std::int32_t sum = 0, mx = INT32_MIN, cas = 0;
  float fsum = 0;
  std::vector<std::uint32_t> ballots(ctas, 0);
  for (std::uint32_t w = 0; w < ctas * threads / 32; ++w) {
    std::vector<std::int32_t> v(in.begin() + w * 32, in.begin() + w * 32 + 32);
    for (int o = 16; o > 0; o /= 2) {
      std::vector<std::int32_t> next = v;
      for (int l = 0; l < 32; ++l) next[l] = v[l] + (l + o < 32 ? v[l + o] : v[l]);
      v = next;
    }
    std::uint32_t ballot = 0;
    bool anyNegative = false;
    for (int l = 0; l < 32; ++l) {
      if (v[l] > 0) ballot |= 1u << l;
      anyNegative |= v[l] < 0;
    }
    if (anyNegative) sum -= 32;
    sum += v[0];
    mx = std::max(mx, v[0]);
    if (cas == 0) cas = v[0];
    ballots[w * 32 / threads] = ballot;  // the last warp of the CTA writes last
    fsum += static_cast<float>(v[0]);
  }
  const std::vector<std::int32_t> got = b.read<std::int32_t>(sumA, 3);
  CHECK(got[0] == sum);
  CHECK(got[1] == mx);
  CHECK(got[2] == cas);
  CHECK(b.read<std::uint32_t>(ballotsA, ctas) == ballots);
  CHECK(b.read<float>(fsumA, 1)[0] == fsum);
}
