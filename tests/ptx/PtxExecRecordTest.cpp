// The atomics and warpctl kernels executed and checked word for word against the outputs
// make_records.py computed for their launch records.
#include "ExecTestSupport.h"

using namespace warpsim;
using namespace warpsim::ptx;
using namespace warpsim::ptx::test;

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
