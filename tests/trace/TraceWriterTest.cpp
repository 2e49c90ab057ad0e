// The trace writer: synthetic and hand-made workloads written as Accel-Sim traces (plain and
// xz) and read back with loadTrace must give the same warp streams; the file text follows the
// tracer's layout; addresses are compressed as Accel-Sim's tracer does; what the format cannot
// express is an error.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "workload/ProgramBuilder.h"
#include "workload/SyntheticWarpStream.h"
#include "workload/trace/InstLineParser.h"
#include "workload/trace/LineReader.h"
#include "workload/trace/OutFile.h"
#include "workload/trace/TraceWorkload.h"
#include "workload/trace/TraceWriter.h"

using namespace warpsim;
using namespace warpsim::trace;

namespace {

class TempFolder {
 public:
  TempFolder() {
    char tmpl[] = "/tmp/warpsim-writer-XXXXXX";
    const char* p = mkdtemp(tmpl);
    REQUIRE(p != nullptr);
    path_ = p;
  }
  ~TempFolder() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// ---- Hand-made streams ------------------------------------------------------------------------

class VectorStream : public IWarpStream {
 public:
  explicit VectorStream(std::vector<WarpInst> insts) : insts_(std::move(insts)) {}
  bool next(WarpInst& out) override {
    if (i_ == insts_.size()) return false;
    out = insts_[i_++];
    return true;
  }

 private:
  std::vector<WarpInst> insts_;
  std::size_t i_ = 0;
};

using WarpGen = std::function<std::vector<WarpInst>(CtaId, std::uint32_t)>;

KernelDesc handKernel(const std::string& name, Dim3 grid, Dim3 block, WarpGen gen) {
  KernelDesc k;
  k.name = name;
  k.grid = grid;
  k.block = block;
  k.regsPerThread = 24;
  k.smemPerCta = 512;
  k.makeWarp = [gen](CtaId cta, std::uint32_t w) {
    return std::unique_ptr<IWarpStream>(new VectorStream(gen(cta, w)));
  };
  return k;
}

Workload oneKernel(KernelDesc k) {
  Workload w;
  w.name = "hand";
  w.kernels.push_back(std::move(k));
  return w;
}

WarpInst compute(OpClass op, std::uint32_t pc, Reg dst = kNoReg,
                 std::array<Reg, kMaxSrcRegs> src = {kNoReg, kNoReg, kNoReg, kNoReg}) {
  WarpInst i;
  i.pc = pc;
  i.op = op;
  i.dst = dst;
  i.src = src;
  return i;
}

WarpInst memInst(MemSpace space, MemOp memOp, std::uint8_t size, std::uint32_t mask,
                 const std::function<Addr(unsigned)>& addr, std::uint32_t pc = 0x10) {
  WarpInst i =
      compute(OpClass::Mem, pc, memOp == MemOp::Store ? kNoReg : 4, {2, kNoReg, 3, kNoReg});
  i.space = space;
  i.memOp = memOp;
  i.accessSize = size;
  i.activeMask = mask;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    i.addr[lane] = (mask >> lane & 1u) ? addr(lane) : 0;
  return i;
}

WarpInst exitInst(std::uint32_t pc, std::uint32_t mask = ~0u) {
  WarpInst i = compute(OpClass::Exit, pc);
  i.activeMask = mask;
  i.last = true;
  return i;
}

// ---- Comparing streams ------------------------------------------------------------------------

// What the trace must keep of an instruction: sources as a set (the format lists the valid ones
// in order), memory fields and addresses of the active lanes only for memory instructions.
std::string describe(const WarpInst& i) {
  std::ostringstream s;
  s << std::hex << "pc " << i.pc << " op " << int(i.op) << " dst " << i.dst << " src {";
  std::vector<Reg> src;
  for (Reg r : i.src)
    if (r != kNoReg) src.push_back(r);
  std::sort(src.begin(), src.end());
  for (Reg r : src) s << " " << r;
  s << " } mask " << i.activeMask;
  if (i.isMem()) {
    s << " space " << int(i.space) << " memop " << int(i.memOp) << " size " << int(i.accessSize)
      << " addr";
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if (i.activeMask >> lane & 1u) s << " " << i.addr[lane];
  } else {
    s << " space " << int(i.space) << " memop " << int(i.memOp);
  }
  return s.str();
}

std::vector<WarpInst> drainWarp(const KernelDesc& k, std::uint64_t cta, std::uint32_t w) {
  auto s = k.makeWarp(CtaId{static_cast<std::uint32_t>(cta)}, w);
  std::vector<WarpInst> v;
  WarpInst i;
  while (s->next(i)) v.push_back(i);
  return v;
}

// Every warp of every kernel of `back` gives `original`'s instructions; returns their number.
std::uint64_t requireSameWorkload(const Workload& original, const Workload& back) {
  REQUIRE(back.kernels.size() == original.kernels.size());
  std::uint64_t insts = 0;
  for (std::size_t k = 0; k < original.kernels.size(); ++k) {
    const KernelDesc& a = original.kernels[k];
    const KernelDesc& b = back.kernels[k];
    REQUIRE(b.name == a.name);
    REQUIRE(b.grid.x == a.grid.x);
    REQUIRE(b.grid.y == a.grid.y);
    REQUIRE(b.grid.z == a.grid.z);
    REQUIRE(b.block.x == a.block.x);
    REQUIRE(b.block.y == a.block.y);
    REQUIRE(b.block.z == a.block.z);
    REQUIRE(b.regsPerThread == a.regsPerThread);
    REQUIRE(b.smemPerCta == a.smemPerCta);
    for (std::uint64_t cta = 0; cta < a.ctaCount(); ++cta)
      for (std::uint32_t w = 0; w < a.warpsPerCta(); ++w) {
        const std::vector<WarpInst> x = drainWarp(a, cta, w), y = drainWarp(b, cta, w);
        INFO("kernel " << k << " CTA " << cta << " warp " << w);
        REQUIRE(y.size() == x.size());
        for (std::size_t i = 0; i < x.size(); ++i) {
          INFO("instruction " << i);
          REQUIRE(describe(y[i]) == describe(x[i]));
          REQUIRE(y[i].last == (i + 1 == x.size()));
        }
        insts += x.size();
      }
  }
  return insts;
}

// ---- The synthetic workload -------------------------------------------------------------------

constexpr Addr kGlobal = 0x10000000;

// Every op class and memory space the synthetic front-end has, sizes 1 to 16, if/else and
// per-lane loops (masks with and without gaps), strides up, down, zero, irregular and too large
// for the format's 32-bit stride, a 2D grid of blocks with a partial last warp.
Workload syntheticWorkload() {
  ProgramBuilder b;
  b.alu(0);
  b.sfu(1, {0});
  b.dp(2, {0, 1});
  for (std::uint8_t size : {1, 2, 4, 8, 16}) {
    const Addr s = size;
    b.load(
        MemSpace::Global, 3, [s](const LaneCtx& c) { return kGlobal + c.gtid * s; }, {0}, size);
    b.store(
        MemSpace::Global, [s](const LaneCtx& c) { return kGlobal + 0x100000 + c.gtid * s; }, {0, 3},
        size);
    b.atomic(
        MemSpace::Global, 4, [](const LaneCtx& c) { return kGlobal + 0x200000 + c.gtid % 4 * 8; },
        {0}, size);
    b.load(
        MemSpace::Shared, 5, [s](const LaneCtx& c) { return c.tid * s; }, {0}, size);
    b.store(
        MemSpace::Shared, [s](const LaneCtx& c) { return 0x200 + c.tid * s; }, {5}, size);
    b.atomic(
        MemSpace::Shared, 6, [](const LaneCtx&) { return Addr{64}; }, {0}, size);
    b.load(
        MemSpace::Local, 7, [s](const LaneCtx& c) { return 0x400 + c.lane * s * 4; }, {}, size);
    b.store(
        MemSpace::Local, [s](const LaneCtx& c) { return 0x800 + c.lane * s; }, {7}, size);
    b.load(
        MemSpace::Constant, 8, [](const LaneCtx& c) { return 0x80 + c.cta * 4; }, {}, size);
    b.load(
        MemSpace::Texture, 9,
        [](const LaneCtx& c) { return 0x30000000 + Addr{c.tid * 7919u % 251u} * 16; }, {0}, size);
  }
  b.ifElse([](const LaneCtx& c) { return c.lane < 10; },
           [](ProgramBuilder& then) {
             then.load(MemSpace::Global, 10, [](const LaneCtx& c) { return kGlobal + c.gtid * 4; });
           },
           [](ProgramBuilder& other) {
             other.store(MemSpace::Global, [](const LaneCtx& c) { return kGlobal + c.gtid * 4; },
                         {10});
           },
           {0});
  b.ifThen([](const LaneCtx& c) { return c.lane % 3 == 0; },
           [](ProgramBuilder& then) {
             then.load(MemSpace::Global, 11, [](const LaneCtx& c) { return kGlobal + c.gtid * 4; });
             then.alu(12, {11});
           });
  b.loop([](const LaneCtx& c) { return c.lane % 4 + (c.tid % 7 == 0 ? 2 : 0); },
         [](ProgramBuilder& body) {
           body.load(MemSpace::Global, 13,
                     [](const LaneCtx& c) { return kGlobal + (c.iter[0] * 64 + c.tid) * 4; }, {13});
           body.alu(13, {13, 12});
         },
         {13});
  b.loop(2,
         [](ProgramBuilder& body) {
           body.load(MemSpace::Global, 14,
                     [](const LaneCtx& c) { return kGlobal + 0x1000 - c.tid * 4 + c.iter[0]; });
           body.barrier();
         },
         {14});
  b.barrier();
  b.load(MemSpace::Global, 15,
         [](const LaneCtx& c) { return kGlobal + (c.gtid * 2654435761u % 4096) * 4; });
  b.load(MemSpace::Global, 16, [](const LaneCtx& c) { return kGlobal + c.lane * (Addr{1} << 33); });
  b.load(MemSpace::Global, 17, [](const LaneCtx& c) { return kGlobal + (c.lane / 2) * 4; });
  b.alu(254, {253, 0, 1, 2});

  ProgramBuilder small;
  small.alu(0);
  small.load(
      MemSpace::Global, 1, [](const LaneCtx& c) { return kGlobal + c.gtid * 8; }, {0}, 8);
  small.sfu(2, {1});

  Workload w;
  w.name = "writer-test";
  w.kernels.push_back(
      makeSyntheticKernel("mix", Dim3{3, 2, 1}, Dim3{48, 1, 1}, 255, 1024, b.build()));
  w.kernels.push_back(
      makeSyntheticKernel("small", Dim3{2, 1, 2}, Dim3{16, 2, 1}, 8, 0, small.build()));
  return w;
}

std::uint64_t instructionsOf(const Workload& w) {
  std::uint64_t n = 0;
  for (const KernelDesc& k : w.kernels)
    for (std::uint64_t cta = 0; cta < k.ctaCount(); ++cta)
      for (std::uint32_t warp = 0; warp < k.warpsPerCta(); ++warp)
        n += drainWarp(k, cta, warp).size();
  return n;
}

std::string lineOf(const WarpInst& inst, unsigned binaryVersion = 70) {
  std::string s;
  appendInstLine(inst, *sassIsaFor(binaryVersion), s);
  return s;
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a synthetic workload reads back warp by warp, plain and xz", "[trace][writer]") {
  const Workload original = syntheticWorkload();
  const std::uint64_t total = instructionsOf(original);
  TempFolder tmp;
  for (bool xz : {false, true}) {
    for (unsigned version : {70u, 80u, 90u}) {
      INFO("xz " << xz << ", sm_" << version);
      const std::string dir = tmp.path() + "/" + (xz ? "xz" : "plain") + std::to_string(version);
      TraceWriteOptions options;
      options.xz = xz;
      options.binaryVersion = version;
      writeTrace(original, dir, options);

      const std::string ext = xz ? ".traceg.xz" : ".traceg";
      CHECK(readFile(dir + "/kernelslist.g") == "kernel-1" + ext + "\nkernel-2" + ext + "\n");
      const std::string kernel1 = readFile(dir + "/kernel-1" + ext);
      if (xz)
        CHECK(kernel1.substr(0, 6) == std::string("\xFD"
                                                  "7zXZ\0",
                                                  6));
      else
        CHECK(kernel1.substr(0, 21) == "-kernel name = mix\n-k");
      CHECK_FALSE(std::filesystem::exists(dir + "/kernel-1" + (xz ? ".traceg" : ".traceg.xz")));

      TraceSummary summary;
      const Workload back = loadTrace(dir, {}, &summary);
      CHECK(summary.kernels == 2);
      CHECK(summary.warpInstructions == total);
      CHECK(requireSameWorkload(original, back) == total);

      // Accel-Sim's decoding rules give the same streams: no mode 1 with gaps is written.
      TraceOptions quirks;
      quirks.accelsimQuirks = true;
      requireSameWorkload(original, loadTrace(dir + "/kernelslist.g", quirks));
    }
  }
}

TEST_CASE("hand-made streams with every op class read back", "[trace][writer]") {
  auto gen = [](CtaId cta, std::uint32_t w) {
    const Addr base = 0x7f0000100000 + cta.value() * 0x1000 + w * 0x100;
    std::vector<WarpInst> v;
    v.push_back(compute(OpClass::Alu, 0x00, 1, {kNoReg, 2, kNoReg, 3}));
    v.push_back(compute(OpClass::Sfu, 0x10, 2, {1, kNoReg, kNoReg, kNoReg}));
    v.push_back(compute(OpClass::Dp, 0x20, 4, {2, 3, 5, 6}));
    v.push_back(compute(OpClass::Tensor, 0x30, 8, {4, 5, 6, 7}));
    v.push_back(compute(OpClass::Fence, 0x40));
    v.push_back(compute(OpClass::Barrier, 0x50));
    WarpInst branch = compute(OpClass::Branch, 0x60, kNoReg, {1, kNoReg, kNoReg, kNoReg});
    branch.activeMask = 0x0000ffff;
    v.push_back(branch);
    v.push_back(
        memInst(MemSpace::Global, MemOp::Load, 16, ~0u, [&](unsigned l) { return base + l * 16; }));
    v.push_back(
        memInst(MemSpace::Global, MemOp::Store, 4, 0u, [&](unsigned l) { return base + l; }));
    v.push_back(memInst(MemSpace::Shared, MemOp::Atomic, 8, 0x80000001u,
                        [&](unsigned l) { return Addr{l} * 8; }));
    v.push_back(memInst(MemSpace::Local, MemOp::Store, 2, 0x00ff0000u,
                        [&](unsigned l) { return 0x100 - l * 2; }));
    v.push_back(memInst(MemSpace::Texture, MemOp::Load, 1, 0x00000100u,
                        [&](unsigned l) { return base + l; }));
    v.push_back(
        memInst(MemSpace::Constant, MemOp::Load, 4, ~0u, [&](unsigned) { return Addr{0x40}; }));
    WarpInst early = exitInst(0x70, 0);  // a predicated-off EXIT before the end: not last
    early.last = false;
    v.push_back(early);
    v.push_back(exitInst(0x80));
    return v;
  };
  const Workload original = oneKernel(handKernel("hand", Dim3{2, 2, 2}, Dim3{64, 1, 1}, gen));
  TempFolder tmp;
  for (bool xz : {false, true}) {
    TraceWriteOptions options;
    options.xz = xz;
    writeTrace(original, tmp.path() + "/t", options);  // the second write replaces the first
    requireSameWorkload(original, loadTrace(tmp.path() + "/t"));
  }
}

TEST_CASE("the file follows the tracer's layout, header and line format", "[trace][writer]") {
  auto gen = [](CtaId, std::uint32_t w) {
    const std::uint32_t mask = w == 0 ? ~0u : 0xffu;  // 40 threads: 8 lanes in warp 1
    std::vector<WarpInst> v;
    WarpInst load = memInst(MemSpace::Global, MemOp::Load, 8, mask,
                            [](unsigned l) { return 0x7f0000001000 + l * 8; });
    load.src = {2, kNoReg, 3, kNoReg};
    v.push_back(load);
    v.push_back(exitInst(0x18, mask));
    return v;
  };
  TempFolder tmp;
  KernelDesc k = handKernel("_Z6kernelPf", Dim3{2, 1, 1}, Dim3{40, 1, 1}, gen);
  writeTrace(oneKernel(k), tmp.path());
  const std::string header =
      "-kernel name = _Z6kernelPf\n"
      "-kernel id = 1\n"
      "-grid dim = (2,1,1)\n"
      "-block dim = (40,1,1)\n"
      "-shmem = 512\n"
      "-nregs = 24\n"
      "-binary version = 70\n"
      "-cuda stream id = 0\n"
      "-shmem base_addr = 0x00007f0000000000\n"
      "-local mem base_addr = 0x00007f0002000000\n"
      "-nvbit version = warpsim\n"
      "-accelsim tracer version = 5\n"
      "-enable lineinfo = 0\n"
      "\n"
      "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
      "mem_width [adrrescompress?] [mem_addresses] immediate\n"
      "\n"
      "\n";
  auto block = [](const std::string& coords) {
    return "\n#BEGIN_TB\n"
           "\n"
           "thread block = " +
           coords +
           "\n"
           "\n"
           "warp = 0\n"
           "insts = 2\n"
           "0010 ffffffff 1 R4 LDG.E.64 2 R2 R3 8 1 0x7f0000001000 8 0\n"
           "0018 ffffffff 0 EXIT 0 0 0\n"
           "\n"
           "warp = 1\n"
           "insts = 2\n"
           "0010 000000ff 1 R4 LDG.E.64 2 R2 R3 8 1 0x7f0000001000 8 0\n"
           "0018 000000ff 0 EXIT 0 0 0\n"
           "\n"
           "#END_TB\n";
  };
  CHECK(readFile(tmp.path() + "/kernel-1.traceg") == header + block("0,0,0") + block("1,0,0"));
  CHECK(readFile(tmp.path() + "/kernelslist.g") == "kernel-1.traceg\n");

  // The layout is the sm_80 example's, byte for byte, up to the first instruction line.
  const std::string real =
      readFile(WARPSIM_SOURCE_DIR "/../shared/traces/mgpusim-vectoradd-sm80/kernel-1.traceg");
  if (!real.empty()) {
    const std::size_t comment = real.find("#traces format");
    const std::size_t firstWarp = real.find("warp = 0\n");
    const std::string mine = header + block("0,0,0");
    CHECK(real.substr(comment, firstWarp - comment) ==
          mine.substr(mine.find("#traces format"),
                      mine.find("warp = 0\n") - mine.find("#traces format")));
  }
}

TEST_CASE("addresses are compressed as Accel-Sim's tracer does", "[trace][writer]") {
  const auto G = MemSpace::Global;
  const auto L = MemOp::Load;
  auto line = [&](std::uint32_t mask, const std::function<Addr(unsigned)>& addr) {
    const std::string s = lineOf(memInst(G, L, 4, mask, addr));
    const std::string prefix = "LDG.E 2 R2 R3 4 ";
    return s.substr(s.find(prefix) + prefix.size());
  };
  // One run of two or more lanes with a constant step: mode 1, any step that fits an int.
  CHECK(line(~0u, [](unsigned l) { return 0x1000 + l * 4; }) == "1 0x1000 4 0");
  CHECK(line(0x0000fff0u, [](unsigned l) { return 0x1000 + l * 8; }) == "1 0x1020 8 0");
  CHECK(line(0xc0000000u, [](unsigned l) { return 0x1000 + l * 8; }) == "1 0x10f0 8 0");
  CHECK(line(~0u, [](unsigned l) { return 0x2000 - l * 4; }) == "1 0x2000 -4 0");
  CHECK(line(~0u, [](unsigned) { return 0x40; }) == "1 0x40 0 0");
  CHECK(line(0x3u, [](unsigned l) { return l * 0x7fffffffull; }) == "1 0x0 2147483647 0");
  // Mask 0: "1 0x0 0".
  CHECK(line(0u, [](unsigned l) { return 0x1000 + l; }) == "1 0x0 0 0");
  // One active lane: mode 2 without deltas.
  CHECK(line(0x00000100u, [](unsigned) { return 0xabcd; }) == "2 0xabcd 0");
  CHECK(line(0x80000000u, [](unsigned) { return 0xabcd; }) == "2 0xabcd 0");
  // A gap in the mask: mode 2 even with a constant step (Accel-Sim's decoder would stop at the
  // gap in mode 1).
  CHECK(line(0x5u, [](unsigned l) { return 0x1000 + l * 8; }) == "2 0x1000 16 0");
  CHECK(line(0x30003u, [](unsigned l) { return 0x1000 + l * 4; }) == "2 0x1000 4 60 4 0");
  // Irregular steps: signed deltas from the previous active lane.
  CHECK(line(0xfu, [](unsigned l) {
          return std::array<Addr, 4>{0x100, 0x110, 0x108, 0x400}[l];
        }) == "2 0x100 16 -8 760 0");
  // A step that does not fit the tracer's int: mode 2.
  CHECK(line(0x3u, [](unsigned l) { return l * 0x80000000ull; }) == "2 0x0 2147483648 0");
  CHECK(line(0x7u, [](unsigned l) { return 0x7f0000000000 + l * (Addr{1} << 33); }) ==
        "2 0x7f0000000000 8589934592 8589934592 0");

  // Whole lines: registers, widths, R255 never written.
  WarpInst alu = compute(OpClass::Alu, 0x12340, 254, {kNoReg, 0, kNoReg, 7});
  CHECK(lineOf(alu) == "12340 ffffffff 1 R254 FFMA 2 R0 R7 0 0");
  WarpInst st =
      memInst(MemSpace::Shared, MemOp::Store, 16, 0xffff, [](unsigned l) { return l * 16; });
  CHECK(lineOf(st) == "0010 0000ffff 0 STS.128 2 R2 R3 16 1 0x0 16 0");
}

TEST_CASE("opcode names decode back to the same class, space, operation and size",
          "[trace][writer]") {
  std::size_t count = 0;
  const unsigned* versions = supportedBinaryVersions(count);
  const OpClass ops[] = {OpClass::Alu,    OpClass::Sfu,     OpClass::Dp,
                         OpClass::Branch, OpClass::Barrier, OpClass::Exit,
                         OpClass::Tensor, OpClass::Fence,   OpClass::Mem};
  const MemSpace spaces[] = {MemSpace::Global,  MemSpace::Shared, MemSpace::Constant,
                             MemSpace::Texture, MemSpace::Local,  MemSpace::Generic};
  const MemOp memOps[] = {MemOp::Load, MemOp::Store, MemOp::Atomic};
  for (std::size_t v = 0; v < count; ++v) {
    const SassIsa& isa = *sassIsaFor(versions[v]);
    INFO("sm_" << versions[v] << " (" << isa.family << ")");
    std::vector<WarpInst> insts;
    for (OpClass op : ops) {
      if (op != OpClass::Mem)
        insts.push_back(compute(op, 0));
      else
        for (MemSpace s : spaces)
          for (MemOp m : memOps)
            for (std::uint8_t size : {1, 2, 4, 8, 16})
              insts.push_back(memInst(s, m, size, ~0u, [](unsigned l) { return l; }));
    }
    unsigned written = 0;
    for (const WarpInst& inst : insts) {
      INFO(describe(inst));
      SassName name;
      try {
        name = sassNameFor(inst, isa);
      } catch (const std::runtime_error&) {
        const bool never = inst.space == MemSpace::Generic ||
                           (inst.space == MemSpace::Local && inst.memOp == MemOp::Atomic) ||
                           ((inst.space == MemSpace::Constant || inst.space == MemSpace::Texture) &&
                            inst.memOp != MemOp::Load);
        const bool old =
            isa.family == "Kepler" || isa.family == "Maxwell" || isa.family == "Pascal";
        // From Volta on, only what no SASS has fails; before, also tensor ops, Kepler's global
        // stores (generic ST only) and shared atomics.
        CHECK((never || (old && (inst.op == OpClass::Tensor || isa.family == "Kepler"))));
        continue;
      }
      ++written;
      const std::string opcode = std::string(name.base) + std::string(name.sizeSuffix);
      const SassOpInfo* info = findSassOp(isa, opcode.substr(0, opcode.find('.')));
      REQUIRE(info != nullptr);
      CHECK(info->op == inst.op);
      if (inst.isMem()) {
        CHECK(info->space == inst.space);
        CHECK(info->memOp == inst.memOp);
        CHECK(InstLineParser::accessSizeOf(opcode, false) == inst.accessSize);
        CHECK(InstLineParser::accessSizeOf(opcode, true) == inst.accessSize);
      }
    }
    if (versions[v] >= 70) CHECK(written == 8 + 10 * 5);  // 10 space/operation pairs, 5 sizes
  }

  const SassIsa& volta = *sassIsaFor(70);
  auto opcode = [&](const WarpInst& i) {
    const SassName n = sassNameFor(i, volta);
    return std::string(n.base) + std::string(n.sizeSuffix);
  };
  CHECK(opcode(compute(OpClass::Alu, 0)) == "FFMA");
  CHECK(opcode(compute(OpClass::Sfu, 0)) == "MUFU.EX2");
  CHECK(opcode(compute(OpClass::Dp, 0)) == "DFMA");
  CHECK(opcode(compute(OpClass::Branch, 0)) == "BRA");
  CHECK(opcode(compute(OpClass::Barrier, 0)) == "BAR.SYNC");
  CHECK(opcode(compute(OpClass::Exit, 0)) == "EXIT");
  CHECK(opcode(compute(OpClass::Tensor, 0)) == "HMMA.884.F32.F32");
  CHECK(opcode(compute(OpClass::Fence, 0)) == "MEMBAR.SC.GPU");
  auto mem = [&](MemSpace s, MemOp m, std::uint8_t size) {
    return opcode(memInst(s, m, size, ~0u, [](unsigned l) { return l; }));
  };
  CHECK(mem(MemSpace::Global, MemOp::Load, 1) == "LDG.E.U8");
  CHECK(mem(MemSpace::Global, MemOp::Store, 2) == "STG.E.U16");
  CHECK(mem(MemSpace::Global, MemOp::Atomic, 4) == "ATOMG.E.ADD");
  CHECK(mem(MemSpace::Shared, MemOp::Load, 8) == "LDS.64");
  CHECK(mem(MemSpace::Shared, MemOp::Store, 16) == "STS.128");
  CHECK(mem(MemSpace::Shared, MemOp::Atomic, 4) == "ATOMS.ADD");
  CHECK(mem(MemSpace::Local, MemOp::Load, 4) == "LDL");
  CHECK(mem(MemSpace::Local, MemOp::Store, 8) == "STL.64");
  CHECK(mem(MemSpace::Constant, MemOp::Load, 4) == "LDC");
  CHECK(mem(MemSpace::Texture, MemOp::Load, 16) == "TEX.128");
  CHECK(opcode(memInst(MemSpace::Global, MemOp::Atomic, 8, ~0u, [](unsigned l) { return l; })) ==
        "ATOMG.E.ADD.64");
  // Kepler has no ATOMG: its global atomic is RED.
  CHECK(std::string(sassNameFor(memInst(MemSpace::Global, MemOp::Atomic, 4, ~0u,
                                        [](unsigned l) { return l; }),
                                *sassIsaFor(35))
                        .base) == "RED.E.ADD");
}

TEST_CASE("what a trace cannot express is an error naming where it is", "[trace][writer]") {
  TempFolder tmp;
  // The bad instruction is in CTA (1,0,0), warp 1 only.
  auto withBad = [](WarpInst bad) {
    return [bad](CtaId cta, std::uint32_t w) {
      std::vector<WarpInst> v{compute(OpClass::Alu, 0, 1)};
      if (cta.value() == 1 && w == 1) v.push_back(bad);
      v.push_back(exitInst(0x20));
      return v;
    };
  };
  auto write = [&](WarpInst bad, unsigned version = 70) {
    TraceWriteOptions o;
    o.binaryVersion = version;
    return errorOf([&] {
      writeTrace(oneKernel(handKernel("bad", Dim3{2, 1, 1}, Dim3{64, 1, 1}, withBad(bad))),
                 tmp.path() + "/bad", o);
    });
  };
  std::string e = write(compute(OpClass::Alu, 0x10, 255));
  CHECK_THAT(e, Catch::Contains("kernel 'bad'") && Catch::Contains("CTA (1,0,0)") &&
                    Catch::Contains("warp 1") && Catch::Contains("R255") &&
                    Catch::Contains("PC 0010"));
  e = write(compute(OpClass::Alu, 0x10, 1, {0, 300, kNoReg, kNoReg}));
  CHECK_THAT(e, Catch::Contains("R300") && Catch::Contains("CTA (1,0,0)"));
  e = write(memInst(MemSpace::Global, MemOp::Load, 3, ~0u, [](unsigned l) { return l; }));
  CHECK_THAT(e, Catch::Contains("access size 3") && Catch::Contains("warp 1"));
  e = write(memInst(MemSpace::Local, MemOp::Atomic, 4, ~0u, [](unsigned l) { return l; }));
  CHECK_THAT(e, Catch::Contains("local atomic") && Catch::Contains("warp 1"));
  e = write(memInst(MemSpace::Generic, MemOp::Load, 4, ~0u, [](unsigned l) { return l; }));
  CHECK_THAT(e, Catch::Contains("generic load"));
  e = write(compute(OpClass::Tensor, 0x10, 4), 61);
  CHECK_THAT(e, Catch::Contains("tensor") && Catch::Contains("Pascal"));
  WarpInst pastBlock = compute(OpClass::Alu, 0x10, 1);
  pastBlock.activeMask = 0x1ffff;
  e = errorOf([&] {
    writeTrace(oneKernel(handKernel("odd", Dim3{2, 1, 1}, Dim3{48, 1, 1}, withBad(pastBlock))),
               tmp.path() + "/odd");
  });
  CHECK_THAT(e, Catch::Contains("past the thread block's 48 threads"));
  // A failed write leaves no kernelslist.g, even where an earlier write had left one.
  CHECK(std::filesystem::exists(tmp.path() + "/bad/kernel-1.traceg"));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/bad/kernelslist.g"));
  writeTrace(oneKernel(handKernel("good", Dim3{2, 1, 1}, Dim3{64, 1, 1},
                                  withBad(compute(OpClass::Alu, 0x10)))),
             tmp.path() + "/bad");
  CHECK(std::filesystem::exists(tmp.path() + "/bad/kernelslist.g"));
  write(compute(OpClass::Alu, 0x10, 255));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/bad/kernelslist.g"));

  CHECK_THAT(errorOf([&] {
               writeTrace(Workload{"empty", {}}, tmp.path() + "/empty");
             }),
             Catch::Contains("no kernel"));
  TraceWriteOptions sm99;
  sm99.binaryVersion = 99;
  CHECK_THAT(errorOf([&] { writeTrace(syntheticWorkload(), tmp.path() + "/sm99", sm99); }),
             Catch::Contains("binary version 99"));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/sm99"));

  // Files and folders that cannot be created, writes that fail: the path is named.
  std::ofstream(tmp.path() + "/file") << "x";
  CHECK_THAT(errorOf([&] { writeTrace(syntheticWorkload(), tmp.path() + "/file/sub"); }),
             Catch::Contains(tmp.path() + "/file/sub"));
  CHECK_THAT(errorOf([&] { OutFile f(tmp.path() + "/nodir/kernelslist.g"); }),
             Catch::Contains(tmp.path() + "/nodir/kernelslist.g"));
  CHECK_THAT(errorOf([&] { OutFile f(tmp.path() + "/bad-preset.xz", 42); }),
             Catch::Contains("bad-preset.xz") && Catch::Contains("preset 42"));
  if (std::filesystem::exists("/dev/full")) {
    CHECK_THAT(errorOf([] {
                 OutFile f("/dev/full");
                 f.write(std::string(1 << 20, 'x'));
                 f.close();
               }),
               Catch::Contains("/dev/full") && Catch::Contains("write error"));
  }
}

TEST_CASE("the writer holds one warp stream at a time, in launch order", "[trace][writer]") {
  struct Log {
    int live = 0, maxLive = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> order;
  };
  auto log = std::make_shared<Log>();
  class Counted : public VectorStream {
   public:
    Counted(std::shared_ptr<Log> log, std::vector<WarpInst> v)
        : VectorStream(std::move(v)), log_(std::move(log)) {
      log_->maxLive = std::max(log_->maxLive, ++log_->live);
    }
    ~Counted() override { --log_->live; }

   private:
    std::shared_ptr<Log> log_;
  };
  KernelDesc k = handKernel("counted", Dim3{2, 2, 1}, Dim3{96, 1, 1}, nullptr);
  k.makeWarp = [log](CtaId cta, std::uint32_t w) {
    log->order.emplace_back(cta.value(), w);
    std::vector<WarpInst> v(1000, compute(OpClass::Alu, 0x10, 1));
    v.push_back(exitInst(0x20));
    return std::unique_ptr<IWarpStream>(new Counted(log, std::move(v)));
  };
  TempFolder tmp;
  TraceWriteOptions xz;
  xz.xz = true;
  writeTrace(oneKernel(k), tmp.path(), xz);
  CHECK(log->maxLive == 1);
  CHECK(log->live == 0);
  REQUIRE(log->order.size() == 12);
  for (std::uint32_t i = 0; i < 12; ++i) {
    CHECK(log->order[i].first == i / 3);
    CHECK(log->order[i].second == i % 3);
  }
  TraceSummary s;
  loadTrace(tmp.path(), {}, &s);
  CHECK(s.warpInstructions == 12 * 1001);
}

TEST_CASE("OutFile writes xz streams that LineReader reads back", "[trace][writer]") {
  TempFolder tmp;
  const std::string path = tmp.path() + "/lines.txt.xz";
  std::uint64_t x = 88172645463325252ull;  // xorshift: text that does not compress to nothing
  {
    OutFile f(path, 1);
    CHECK(f.compressed());
    std::string chunk;
    for (int i = 0; i < 200000; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      chunk += std::to_string(i) + " " + std::to_string(x) + "\n";
      if (chunk.size() > 5000) f.write(chunk), chunk.clear();
    }
    f.write(chunk);
    f.close();
  }
  CHECK(std::filesystem::file_size(path) > (1u << 17));  // several encoder output chunks
  x = 88172645463325252ull;
  LineReader r(path);
  std::string_view line;
  int n = 0;
  bool same = true;
  while (r.next(line)) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    same = same && line == std::to_string(n) + " " + std::to_string(x);
    ++n;
  }
  CHECK(same);
  CHECK(n == 200000);

  OutFile plain(tmp.path() + "/plain.txt");
  CHECK_FALSE(plain.compressed());
  plain.write("a\nb\n");
  plain.close();
  CHECK(readFile(tmp.path() + "/plain.txt") == "a\nb\n");
}
