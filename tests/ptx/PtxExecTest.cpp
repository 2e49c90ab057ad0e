// Functional execution of hand-written PTX kernels (tests/ptx/kernels): results in memory
// against a C++ reference, and the recorded warp streams the timing model will see.
#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

#include "warpsim/workload/ptx/PtxExecutor.h"
#include "warpsim/workload/ptx/PtxParser.h"

using namespace warpsim;
using namespace warpsim::ptx;

namespace {

std::string kernelPath(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/kernels/" + name;
}

// A module loaded into a fresh memory, with helpers to allocate arrays and build parameters.
struct Bench {
  GlobalMemory memory;
  PtxProgram program;
  std::uint64_t next = 0x2000'0000;

  explicit Bench(const std::string& file) : program(loadPtxFile(kernelPath(file)), memory) {}
  // A module given as text, named t.ptx in messages.
  Bench(const std::string& text, const char* /*inline*/)
      : program(parsePtx(text, "t.ptx"), memory) {}

  template <class T>
  std::uint64_t array(const std::vector<T>& init, std::size_t count = 0) {
    const std::uint64_t base = next;
    const std::size_t n = std::max(init.size(), count);
    memory.allocate(base, n * sizeof(T), "array");
    if (!init.empty())
      std::memcpy(memory.find(base, n * sizeof(T)), init.data(), init.size() * sizeof(T));
    next += (n * sizeof(T) + 255) / 256 * 256 + 256;
    return base;
  }
  template <class T>
  std::vector<T> read(std::uint64_t base, std::size_t n) {
    std::vector<T> v(n);
    std::memcpy(v.data(), memory.find(base, n * sizeof(T)), n * sizeof(T));
    return v;
  }
  PtxLaunch launch(const std::string& kernel, Dim3 grid, Dim3 block,
                   const std::vector<std::uint64_t>& args) {
    PtxLaunch l;
    l.kernel = program.functionIndex(kernel);
    l.grid = grid;
    l.block = block;
    const Function& f = program.module().functions[l.kernel];
    l.params.assign(f.paramBytes, 0);
    for (std::size_t i = 0; i < args.size(); ++i)
      std::memcpy(l.params.data() + f.params[i].offset, &args[i], f.params[i].size);
    return l;
  }
  // Each CTA's warps' streams, as the timing model sees them.
  struct Streams {
    std::vector<std::vector<WarpInst>> warps;
  };
  std::vector<Streams> run(const PtxLaunch& l) {
    std::vector<Streams> records;
    for (std::uint64_t c = 0; c < l.grid.count(); ++c) {
      Streams s;
      for (const RecordedWarp& w : executeCta(program, l, memory, c).warps)
        s.warps.push_back(w.expand());
      records.push_back(std::move(s));
    }
    return records;
  }
};

}  // namespace

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

TEST_CASE("ptx exec: an access outside memory names the kernel, CTA, thread, line and address") {
  Bench b("vecadd.ptx");
  const std::uint64_t a = b.array<float>({}, 100), c = b.array<float>({}, 100);
  // b points nowhere: the first load from it fails.
  CHECK_THROWS_WITH(b.run(b.launch("vecadd", {1, 1, 1}, {32, 1, 1}, {a, 0x9000, c, 32})),
                    Catch::Contains("kernel vecadd, CTA (0, 0, 0), thread (0, 0, 0), ") &&
                        Catch::Contains("vecadd.ptx:33: ld.global.f32 \t%f2, [%rd6]; (pc 15): "
                                        "f32 access of 4 bytes at 0x9000 in global memory, "
                                        "outside every allocation"));
}

TEST_CASE(
    "ptx exec: a shared access past the CTA's shared memory names thread, line, pc, address") {
  // 48 bytes of shared memory; thread t of CTA c stores word 6c + t: CTA 0 (words 0..7) fits,
  // CTA 1's thread 6, (2, 1, 0) in a 4 x 2 block, is the first to reach word 12 (byte 48).
  Bench b(
      ".version 9.0\n.target sm_75\n.address_size 64\n"
      ".shared .align 4 .b8 sh[48];\n"  // line 4
      ".visible .entry k()\n{\n.reg .b32 %r<6>;\n"
      "mov.u32 %r1, %tid.x;\n"  // line 8, pc 0
      "mov.u32 %r2, %tid.y;\n"
      "mad.lo.s32 %r1, %r2, 4, %r1;\n"
      "mov.u32 %r2, %ctaid.x;\n"
      "mad.lo.s32 %r3, %r2, 6, %r1;\n"
      "shl.b32 %r4, %r3, 2;\n"
      "mov.u32 %r5, sh;\n"
      "add.s32 %r5, %r5, %r4;\n"
      "st.shared.u32 [%r5], %r1;\n"  // line 16, pc 8
      "ret;\n}\n",
      "inline");
  const PtxLaunch l = b.launch("k", {2, 1, 1}, {4, 2, 1}, {});
  CHECK_NOTHROW(executeCta(b.program, l, b.memory, 0));
  CHECK_THROWS_WITH(executeCta(b.program, l, b.memory, 1),
                    "kernel k, CTA (1, 0, 0), thread (2, 1, 0), t.ptx:16: st.shared.u32 [%r5], "
                    "%r1; (pc 8): u32 access of 4 bytes at 0x30 in shared memory (48 bytes)");
}

TEST_CASE("ptx exec: a local access past the thread's frame names thread, line, pc, address") {
  // A 16-byte local array; thread t reads word 2t + 1 of it, directly (k) or through a
  // generic address from cvta.local (g): thread 2 reads byte 20, past the frame.
  const std::string head = ".version 9.0\n.target sm_75\n.address_size 64\n";
  const std::string body =
      "{\n.local .align 4 .b8 buf[16];\n.reg .b32 %r<4>;\n"
      ".reg .b64 %rd<4>;\n"
      "mov.u32 %r1, %tid.x;\n"  // pc 0
      "mul.wide.u32 %rd1, %r1, 8;\n"
      "mov.u64 %rd2, buf;\n"
      "add.s64 %rd2, %rd2, %rd1;\n"
      "cvta.local.u64 %rd3, %rd2;\n";              // pc 4
  Bench b(head + ".visible .entry k()\n" + body +  // lines 4 to 13
              "ld.local.u32 %r2, [%rd2+4];\n"      // line 14, pc 5
              "ret;\n}\n" +
              ".visible .entry g()\n" + body +  // lines 17 to 26
              "st.u16 [%rd3+4], %r1;\n"         // line 27, pc 5
              "ret;\n}\n",
          "inline");
  CHECK_THROWS_WITH(b.run(b.launch("k", {1, 1, 1}, {32, 1, 1}, {})),
                    "kernel k, CTA (0, 0, 0), thread (2, 0, 0), t.ptx:14: ld.local.u32 %r2, "
                    "[%rd2+4]; (pc 5): u32 access of 4 bytes at 0x14 in local memory");
  CHECK_THROWS_WITH(b.run(b.launch("g", {1, 1, 1}, {32, 1, 1}, {})),
                    "kernel g, CTA (0, 0, 0), thread (2, 0, 0), t.ptx:27: st.u16 [%rd3+4], %r1; "
                    "(pc 5): u16 access of 2 bytes at 0x14 in local memory");
}

TEST_CASE("ptx exec: a CTA spinning on a flag no CTA sets is reported, not hung") {
  Bench b("spin.ptx");
  const std::uint64_t flag = b.array<std::uint32_t>({0});
  PtxLaunch l = b.launch("spin", {1, 1, 1}, {32, 1, 1}, {flag});
  l.instructionBudget = 10000;
  CHECK_THROWS_WITH(b.run(l), Catch::Contains("kernel spin, CTA 0: more than 10000 warp "
                                              "instructions") &&
                                  Catch::Contains("spin-wait"));
}

TEST_CASE("ptx exec: nvcc's fixtures load as programs, and what is not supported yet is named") {
  const auto load = [](const std::string& name) {
    GlobalMemory memory;
    return PtxProgram(
        loadPtxFile(std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/fixtures/" + name + ".ptx"),
        memory);
  };
  for (const char* f : {"calls", "warp", "depot", "depot-debug", "half", "misc"}) {
    INFO(f);
    CHECK_NOTHROW(load(f));
  }
  // An instruction the executor lacks is named with its line before anything runs.
  GlobalMemory memory;
  CHECK_THROWS_WITH(
      PtxProgram(parsePtx(".version 7.5\n.target sm_80\n.address_size 64\n.visible .entry k()\n"
                          "{\n.reg .b32 %r<2>;\nbar.arrive 1, 64;\nret;\n}\n",
                          "k.ptx"),
                 memory),
      Catch::Contains("k.ptx:7: bar.arrive 1, 64;: 'bar.arrive' is not supported yet"));
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

namespace {

// Loads an nvcc fixture (tests/ptx/fixtures) instead of a hand-written kernel.
struct FixtureBench : Bench {
  explicit FixtureBench(const std::string& name) : Bench("../fixtures/" + name + ".ptx") {}
};

}  // namespace

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

namespace {

// The words of a record's file (tests/ptx/records, written by make_records.py).
std::vector<std::uint32_t> recordWords(const std::string& record, const std::string& file) {
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/records/" + record + "/" + file,
                   std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(!bytes.empty());
  std::vector<std::uint32_t> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

// Every word of `got` against `expect`, naming the first that differs.
void checkWords(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& expect,
                unsigned perThread) {
  REQUIRE(got.size() == expect.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("thread " << i / perThread << ", word " << i % perThread);
    REQUIRE(got[i] == expect[i]);
  }
}

// The instruction index of label `name` in `f`.
std::uint32_t labelIndex(const Function& f, const std::string& name) {
  for (std::uint32_t i = 0; i < f.labels.size(); ++i)
    if (f.labels[i] == name) return i;
  FAIL("no label " << name);
  return 0;
}

}  // namespace

TEST_CASE(
    "ptx exec: atom min, max, exch, and, or, xor, inc, dec, cas and red on global and "
    "shared memory") {
  // Expected values computed independently in make_records.py (record `atomics`), including
  // inc and dec wrapping (PTX ISA: inc gives 0 from old >= b, dec gives b from 0 or old > b).
  Bench b("atomics.ptx");
  const std::uint64_t g = b.array(recordWords("atomics", "g.bin")),
                      out = b.array<std::uint32_t>({}, 32);
  b.run(b.launch("atomics", {2, 1, 1}, {64, 1, 1}, {g, out}));
  const std::vector<std::uint32_t> gw = b.read<std::uint32_t>(g, 16);
  checkWords(gw, recordWords("atomics", "g.expected.bin"), 16);
  checkWords(b.read<std::uint32_t>(out, 32), recordWords("atomics", "out.expected.bin"), 16);
  // A few by hand: min.s32 of 50 - 3gt down to -331; inc with 9 from 0, 128 times: 128 % 10;
  // CTA 1's exch chain ends at its warp 1's value, 100 + 22.
  CHECK(gw[0] == static_cast<std::uint32_t>(-331));
  CHECK(gw[3] == 8);
  CHECK(gw[9] == 122);
}

TEST_CASE(
    "ptx exec: shfl up, bfly and idx with their predicates, vote all and uni, carries, "
    "p|q setp, an early ret in a divergent call, exit, clock, generic local and shared") {
  Bench b("warpctl.ptx");
  constexpr std::uint32_t threads = 64, ctas = 2, words = 24;
  const std::uint64_t out = b.array<std::uint32_t>({}, ctas * threads * words);
  const auto records = b.run(b.launch("warpctl", {ctas, 1, 1}, {threads, 1, 1}, {out}));
  const std::vector<std::uint32_t> got = b.read<std::uint32_t>(out, ctas * threads * words);
  checkWords(got, recordWords("warpctl", "out.expected.bin"), words);
  // By hand: %clock reads 4 at the first instruction and 32 more eight instructions later;
  // thread 33 (x = 33) gets 3x + 1000 from capped, thread 41 the 999 of its early ret + 1000;
  // thread 7 exited before writing word 14.
  CHECK(got[0] == 4);
  CHECK(got[1] == 32);
  CHECK(got[33 * words + 12] == 1099);
  CHECK(got[41 * words + 12] == 1999);
  CHECK(got[7 * words + 13] == 7);
  CHECK(got[7 * words + 14] == 0);
  CHECK(got[6 * words + 14] == 3 * 38);
  // The short-circuit's two branches reconverge at its join, the branch into the loop's middle
  // at the label it jumps to, the loop's back-edge after the loop.
  const std::uint32_t k = b.program.functionIndex("warpctl");
  const Function& f = b.program.module().functions[k];
  const Cfg& cfg = b.program.layout(k).cfg;
  const std::uint32_t then = labelIndex(f, "THEN"), join = labelIndex(f, "SC_JOIN"),
                      inside = labelIndex(f, "INSIDE"), loop = labelIndex(f, "LOOP");
  CHECK(f.body[then - 5].op == Op::Bra);  // @%p2 bra THEN
  CHECK(cfg.reconverge[then - 5] == join);
  CHECK(f.body[then - 3].op == Op::Bra);  // @%p3 bra THEN
  CHECK(cfg.reconverge[then - 3] == join);
  CHECK(f.body[loop - 1].op == Op::Bra);  // @%p2 bra INSIDE
  CHECK(cfg.reconverge[loop - 1] == inside);
  CHECK(f.body[inside + 3].op == Op::Bra);  // @%p3 bra LOOP
  CHECK(cfg.reconverge[inside + 3] == inside + 4);
  // Warp 0 of CTA 0: lanes 7, 15, 23, 31 store their 7 and exit after the others' ret.
  const std::vector<WarpInst>& w0 = records[0].warps[0];
  CHECK(w0.back().op == OpClass::Exit);
  CHECK(w0.back().activeMask == 0x80808080u);
  // membar.gl, fence.sc.cta and membar.cta reach the timing model as fences, barrier.sync as
  // a barrier, each once, with the lanes that stayed.
  const auto countOf = [&w0](OpClass op) {
    return std::count_if(w0.begin(), w0.end(), [op](const WarpInst& i) { return i.op == op; });
  };
  CHECK(countOf(OpClass::Fence) == 3);
  CHECK(countOf(OpClass::Barrier) == 1);
  const auto fence =
      std::find_if(w0.begin(), w0.end(), [](const WarpInst& i) { return i.op == OpClass::Fence; });
  CHECK(fence->activeMask == 0x7f7f7f7fu);
}

TEST_CASE(
    "ptx exec: exit inside a function called from divergent code, a generic atom on "
    "shared memory and cvta.to.shared") {
  Bench b(
      ".version 9.0\n.target sm_75\n.address_size 64\n"
      ".shared .align 4 .b32 cnt;\n"
      ".func (.param .b32 r) f(.param .b32 x)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<4>;\n"
      "ld.param.b32 %r1, [x];\nand.b32 %r2, %r1, 3;\nsetp.eq.u32 %p1, %r2, 3;\n"
      "@%p1 exit;\nshl.b32 %r3, %r1, 1;\nst.param.b32 [r], %r3;\nret;\n}\n"
      ".visible .entry k(.param .u64 out)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<8>;\n"
      ".reg .b64 %rd<8>;\n"
      "mov.u32 %r1, %tid.x;\n"
      "mov.u64 %rd2, cnt;\ncvta.shared.u64 %rd3, %rd2;\natom.add.u32 %r5, [%rd3], 1;\n"
      "cvta.to.shared.u64 %rd4, %rd3;\n"
      "mov.u32 %r2, 100;\nand.b32 %r3, %r1, 1;\nsetp.eq.u32 %p1, %r3, 0;\n@%p1 bra J;\n"
      "{\n.param .b32 a0;\nst.param.b32 [a0], %r1;\n.param .b32 r0;\n"
      "call.uni (r0), f, (a0);\nld.param.b32 %r2, [r0];\n}\n"
      "J:\nbar.sync 0;\nld.shared.u32 %r4, [%rd4];\nshl.b32 %r4, %r4, 16;\n"
      "add.s32 %r2, %r2, %r4;\nld.param.u64 %rd1, [out];\nmul.wide.u32 %rd5, %r1, 4;\n"
      "add.s64 %rd6, %rd1, %rd5;\nst.global.u32 [%rd6], %r2;\nret;\n}\n",
      "inline");
  const std::uint64_t out = b.array<std::uint32_t>({}, 64);
  b.run(b.launch("k", {1, 1, 1}, {64, 1, 1}, {out}));
  const std::vector<std::uint32_t> got = b.read<std::uint32_t>(out, 64);
  for (std::uint32_t t = 0; t < 64; ++t) {
    INFO("thread " << t);
    // 64 generic atomic increments; even threads keep 100, odd ones get 2t unless they exit
    // inside f (t % 4 == 3) and write nothing.
    CHECK(got[t] == (t % 4 == 3 ? 0u : (64u << 16) + (t % 2 ? 2 * t : 100u)));
  }
}
