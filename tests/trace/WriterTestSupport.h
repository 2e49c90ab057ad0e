#pragma once
// What the trace writer's tests share: hand-made warp streams, a synthetic workload with every op
// class and memory space, and comparing a workload with the one read back from its trace.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "TraceFixtures.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"
#include "warpsim/workload/trace/TraceWriter.h"

namespace warpsim::testing {

using namespace warpsim::trace;

inline std::string readFile(const std::string& path) {
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

inline KernelDesc handKernel(const std::string& name, Dim3 grid, Dim3 block, WarpGen gen) {
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

inline Workload oneKernel(KernelDesc k) {
  Workload w;
  w.name = "hand";
  w.kernels.push_back(std::move(k));
  return w;
}

inline WarpInst compute(OpClass op, std::uint32_t pc, Reg dst = kNoReg,
                        std::array<Reg, kMaxSrcRegs> src = {kNoReg, kNoReg, kNoReg, kNoReg}) {
  WarpInst i;
  i.pc = pc;
  i.op = op;
  i.dst = dst;
  i.src = src;
  return i;
}

inline WarpInst memInst(MemSpace space, MemOp memOp, std::uint8_t size, std::uint32_t mask,
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

inline WarpInst exitInst(std::uint32_t pc, std::uint32_t mask = ~0u) {
  WarpInst i = compute(OpClass::Exit, pc);
  i.activeMask = mask;
  i.last = true;
  return i;
}

// ---- Comparing streams ------------------------------------------------------------------------

// What the trace must keep of an instruction: sources as a set (the format lists the valid ones
// in order), memory fields and addresses of the active lanes only for memory instructions.
inline std::string describe(const WarpInst& i) {
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

inline std::vector<WarpInst> drainWarp(const KernelDesc& k, std::uint64_t cta, std::uint32_t w) {
  auto s = k.makeWarp(CtaId{static_cast<std::uint32_t>(cta)}, w);
  std::vector<WarpInst> v;
  WarpInst i;
  while (s->next(i)) v.push_back(i);
  return v;
}

// Every warp of every kernel of `back` gives `original`'s instructions; returns their number.
inline std::uint64_t requireSameWorkload(const Workload& original, const Workload& back) {
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
inline Workload syntheticWorkload() {
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

inline std::uint64_t instructionsOf(const Workload& w) {
  std::uint64_t n = 0;
  for (const KernelDesc& k : w.kernels)
    for (std::uint64_t cta = 0; cta < k.ctaCount(); ++cta)
      for (std::uint32_t warp = 0; warp < k.warpsPerCta(); ++warp)
        n += drainWarp(k, cta, warp).size();
  return n;
}

inline std::string lineOf(const WarpInst& inst, unsigned binaryVersion = 70) {
  std::string s;
  appendInstLine(inst, *sassIsaFor(binaryVersion), s);
  return s;
}

inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace warpsim::testing
