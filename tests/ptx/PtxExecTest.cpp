// Functional execution of hand-written PTX kernels (tests/ptx/kernels): results in memory
// against a C++ reference, and the recorded warp streams the timing model will see.
#include "ExecTestSupport.h"

using namespace warpsim;
using namespace warpsim::ptx;
using namespace warpsim::ptx::test;

TEST_CASE("ptx exec: vecadd adds two arrays, the tail CTA masked by its guard") {
  Bench b("vecadd.ptx");
  constexpr std::uint32_t n = 1000;
  std::vector<float> x(n), y(n);
  for (std::uint32_t i = 0; i < n; ++i) x[i] = 0.5f * i, y[i] = 1000.0f - i;
  const std::uint64_t a = b.array(x), bb = b.array(y), c = b.array<float>({}, n);
  const auto records = b.run(b.launch("vecadd", {4, 1, 1}, {256, 1, 1}, {a, bb, c, n}));
  const std::vector<float> out = b.read<float>(c, n);
  for (std::uint32_t i = 0; i < n; ++i) REQUIRE(out[i] == x[i] + y[i]);

  // CTA 3 holds elements 768..1023: warp 7 (1000..1023) has 8 threads in range.
  const std::vector<WarpInst>& w7 = records[3].warps[7];
  const auto load = std::find_if(w7.begin(), w7.end(), [](const WarpInst& i) {
    return i.isLoad() && i.space == MemSpace::Global;
  });
  REQUIRE(load != w7.end());
  CHECK(load->activeMask == 0xffu);
  CHECK(load->addr[0] == a + 992 * 4);
  CHECK(w7.back().op == OpClass::Exit);
  CHECK(w7.back().last);
  // A full warp runs all 19 instructions, ret included.
  CHECK(records[0].warps[0].size() == 19);
  CHECK(records[0].warps[0][0].space == MemSpace::Constant);  // ld.param of a kernel parameter
}

TEST_CASE("ptx exec: divergent paths, a call inside one and a loop with a break reconverge") {
  Bench b("diverge.ptx");
  const std::uint64_t out = b.array<std::uint32_t>({}, 64);
  const auto records = b.run(b.launch("diverge", {1, 1, 1}, {64, 1, 1}, {out}));
  const std::vector<std::uint32_t> got = b.read<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t)
    REQUIRE(got[t] == (t % 2 ? 2 * t : 3 * std::min(t / 2, 7u)));
  // The store after the join runs once per warp with every lane.
  for (const std::vector<WarpInst>& w : records[0].warps) {
    const auto stores = std::count_if(w.begin(), w.end(), [](const WarpInst& i) {
      return i.isMem() && i.memOp == MemOp::Store && i.space == MemSpace::Global;
    });
    CHECK(stores == 1);
    const auto st = std::find_if(w.begin(), w.end(), [](const WarpInst& i) {
      return i.isMem() && i.memOp == MemOp::Store && i.space == MemSpace::Global;
    });
    CHECK(st->activeMask == 0xffffffffu);
  }
  // The first divergent branch names the join as its reconvergence point.
  const std::vector<WarpInst>& w0 = records[0].warps[0];
  const auto br =
      std::find_if(w0.begin(), w0.end(), [](const WarpInst& i) { return i.op == OpClass::Branch; });
  REQUIRE(br != w0.end());
  CHECK(br->activeMask == 0xffffffffu);
  CHECK(br->reconvergePc != 0);
}

TEST_CASE("ptx exec: shuffles, a barrier, shared and global atomics and a ballot") {
  Bench b("reduce.ptx");
  constexpr std::uint32_t ctas = 3, threads = 128;
  std::vector<std::uint32_t> in(ctas * threads);
  for (std::uint32_t i = 0; i < in.size(); ++i) in[i] = (i * 2654435761u) >> 20;
  const std::uint64_t inA = b.array(in), out = b.array<std::uint32_t>({}, ctas),
                      hist = b.array<std::uint32_t>({}, 8),
                      shist = b.array<std::uint32_t>({}, ctas * 8),
                      odd = b.array<std::uint32_t>({}, ctas);
  b.run(b.launch("reduce", {ctas, 1, 1}, {threads, 1, 1}, {inA, out, hist, shist, odd}));
  std::vector<std::uint32_t> sums(ctas, 0), h(8, 0), sh(ctas * 8, 0), oddBits(ctas, 0);
  for (std::uint32_t i = 0; i < in.size(); ++i) {
    const std::uint32_t c = i / threads, lane = i % 32;
    sums[c] += in[i];
    ++h[in[i] & 7];
    ++sh[c * 8 + (in[i] & 7)];
    if (in[i] & 1) oddBits[c] |= 1u << lane;
  }
  CHECK(b.read<std::uint32_t>(out, ctas) == sums);
  CHECK(b.read<std::uint32_t>(hist, 8) == h);
  CHECK(b.read<std::uint32_t>(shist, ctas * 8) == sh);
  CHECK(b.read<std::uint32_t>(odd, ctas) == oddBits);
}

TEST_CASE("ptx exec: match.sync and redux.sync over a warp") {
  Bench b("warpops.ptx");
  const std::uint64_t out = b.array<std::uint32_t>({}, 4 * 32);
  b.run(b.launch("warpops", {1, 1, 1}, {32, 1, 1}, {out}));
  const std::vector<std::uint32_t> got = b.read<std::uint32_t>(out, 4 * 32);
  for (std::uint32_t l = 0; l < 32; ++l) {
    INFO("lane " << l);
    CHECK(got[4 * l] == 0x11111111u << (l & 3));  // lanes with the same l & 3
    CHECK(got[4 * l + 1] == 496);                 // 0 + 1 + ... + 31
    CHECK(got[4 * l + 2] == 0);                   // not all equal
    CHECK(got[4 * l + 3] == 0);
  }
}

TEST_CASE("ptx exec: textures: 1D fetches by index, 2D point samples clamped at the edges") {
  Bench b("tex.ptx");
  std::vector<std::int32_t> lin(40);
  for (int i = 0; i < 40; ++i) lin[i] = 1000 + i;
  constexpr std::uint32_t W = 8, H = 4;
  std::vector<float> img(W * H);
  for (std::uint32_t i = 0; i < W * H; ++i) img[i] = 0.25f * i;
  const std::uint64_t linA = b.array(lin), imgA = b.array(img);
  const std::uint64_t out1 = b.array<std::int32_t>({}, 32), out2 = b.array<float>({}, W * H);

  PtxLaunch l1 = b.launch("fetch1d", {1, 1, 1}, {32, 1, 1}, {7, out1});
  l1.textures.push_back(TextureDesc{7, linA, 40, 1, 1, 0, Type::S32});
  const auto r1 = b.run(l1);
  const std::vector<std::int32_t> got1 = b.read<std::int32_t>(out1, 32);
  for (std::int32_t i = 0; i < 32; ++i) REQUIRE(got1[i] == (2 * i < 40 ? 1000 + 2 * i : 0));
  const auto tex = std::find_if(r1[0].warps[0].begin(), r1[0].warps[0].end(),
                                [](const WarpInst& i) { return i.space == MemSpace::Texture; });
  REQUIRE(tex != r1[0].warps[0].end());
  CHECK(tex->addr[3] == linA + 6 * 4);
  CHECK(tex->isLoad());

  PtxLaunch l2 = b.launch("sample2d", {H, 1, 1}, {W, 1, 1}, {9, out2, W});
  l2.textures.push_back(TextureDesc{9, imgA, W, H, 1, 0, Type::F32});
  b.run(l2);
  const std::vector<float> got2 = b.read<float>(out2, W * H);
  for (std::uint32_t y = 0; y < H; ++y)
    for (std::uint32_t x = 0; x < W; ++x) {
      const std::uint32_t tx = x == 0 ? 0 : x - 1, ty = std::min(y + 1, H - 1);
      REQUIRE(got2[y * W + x] == img[ty * W + tx]);
    }

  PtxLaunch bad = b.launch("fetch1d", {1, 1, 1}, {32, 1, 1}, {8, out1});
  CHECK_THROWS_WITH(b.run(bad), Catch::Contains("no texture object with handle 8"));
}

TEST_CASE("ptx exec: bar.red counts, ands and ors a predicate over the whole CTA") {
  Bench b("barred.ptx");
  constexpr std::uint32_t threads = 96;  // three warps
  const std::uint64_t out = b.array<std::uint32_t>({}, 4 * threads);
  const auto records = b.run(b.launch("barred", {1, 1, 1}, {threads, 1, 1}, {out}));
  const std::vector<std::uint32_t> got = b.read<std::uint32_t>(out, 4 * threads);
  for (std::uint32_t t = 0; t < threads; ++t) {
    INFO("thread " << t);
    CHECK(got[4 * t] == 32);     // tid % 3 == 0 for 0, 3, ..., 93
    CHECK(got[4 * t + 1] == 0);  // not all
    CHECK(got[4 * t + 2] == 1);  // tid < ntid for all
    CHECK(got[4 * t + 3] == 1);  // some tid % 3 != 0
  }
  const auto barriers = std::count_if(records[0].warps[1].begin(), records[0].warps[1].end(),
                                      [](const WarpInst& i) { return i.op == OpClass::Barrier; });
  CHECK(barriers == 4);
}
