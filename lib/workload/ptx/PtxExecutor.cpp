#include "warpsim/workload/ptx/PtxExecutor.h"

#include <cstring>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/PtxAlu.h"
#include "warpsim/workload/ptx/PtxCtaState.h"

namespace warpsim::ptx {
namespace detail {
namespace {

std::uint64_t widthMask(Type t) {
  const unsigned bytes = sizeOf(t);
  return bytes >= 8 || bytes == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1;
}

std::uint64_t immediate(const Operand& o, Type t) {
  if (!o.isFloatLiteral) return o.bits & widthMask(t);
  if (t == Type::F32) {
    const float f = static_cast<float>(o.fvalue);
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  if (t == Type::F64) {
    std::uint64_t b;
    std::memcpy(&b, &o.fvalue, 8);
    return b;
  }
  return o.bits & widthMask(t);
}

// The scoreboard's register for PTX register `reg` of a function (WarpInst tracks 255; PTX's
// virtual registers fold onto them, which can only add false dependencies: README).
Reg timingReg(const FunctionLayout& l, std::uint32_t reg) {
  return static_cast<Reg>((l.regBase + reg) % (kMaxRegs - 1));
}

OpClass opClassOf(const Instr& in, bool inKernel) {
  switch (in.op) {
    case Op::Tex:
      return OpClass::Mem;
    case Op::Ld:
    case Op::Ldu:
      return in.space == Space::Param && !inKernel ? OpClass::Alu : OpClass::Mem;
    case Op::St:
      return in.space == Space::Param ? OpClass::Alu : OpClass::Mem;
    case Op::Atom:
    case Op::Red:
      return OpClass::Mem;
    case Op::Bra:
    case Op::Call:
    case Op::Ret:
      return OpClass::Branch;
    case Op::BarSync:
    case Op::BarRed:
      return OpClass::Barrier;
    case Op::Exit:
      return OpClass::Exit;
    case Op::Membar:
    case Op::Fence:
      return OpClass::Fence;
    case Op::Sin:
    case Op::Cos:
    case Op::Lg2:
    case Op::Ex2:
    case Op::Tanh:
    case Op::Rsqrt:
      return OpClass::Sfu;
    case Op::Rcp:
    case Op::Sqrt:
      return in.type == Type::F64 ? OpClass::Dp : in.approx ? OpClass::Sfu : OpClass::Alu;
    default:
      return in.type == Type::F64 || in.type2 == Type::F64 ? OpClass::Dp : OpClass::Alu;
  }
}

std::uint32_t labelOf(const Instr& in) {
  for (const Operand& o : in.ops)
    if (o.kind == Operand::Kind::Label) return o.index;
  return kEnd;
}

}  // namespace

CtaState::CtaState(const PtxProgram& p, const PtxLaunch& l, GlobalMemory& m, std::uint64_t c)
    : program(p), launch(l), memory(m), cta(c) {
  ctaCoord = Dim3{static_cast<std::uint32_t>(c % l.grid.x),
                  static_cast<std::uint32_t>((c / l.grid.x) % l.grid.y),
                  static_cast<std::uint32_t>(c / (std::uint64_t{l.grid.x} * l.grid.y))};
  threads = static_cast<std::uint32_t>(l.block.count());
  shared.assign(p.staticSharedBytes() + l.dynamicSharedBytes, 0);
  const FunctionLayout& kl = p.layout(l.kernel);
  local.assign(threads, std::vector<std::uint8_t>(kl.frameBytes, 0));
  const std::uint32_t nregs =
      static_cast<std::uint32_t>(p.module().functions[l.kernel].regs.size());
  warps_.resize((threads + kWarpSize - 1) / kWarpSize);
  for (std::uint32_t i = 0; i < warps_.size(); ++i) {
    Warp& w = warps_[i];
    w.index = i;
    w.regs.assign(std::size_t{nregs} * 32, 0);
    w.frames.push_back(Frame{l.kernel, 0, 0, nullptr});
    const std::uint32_t lanes = std::min<std::uint32_t>(kWarpSize, threads - i * kWarpSize);
    const std::uint32_t mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    w.stack.push_back(StackEntry{0, kEnd, mask, 0});
  }
}

CtaRecord CtaState::run() {
  for (;;) {
    bool live = false;
    for (Warp& w : warps_) {
      if (w.done) continue;
      if (!w.atBarrier) runWarp(w);
      live |= !w.done;
    }
    if (!live) break;
    // Every warp still running waits at a barrier: release them (PTX ISA 9.7.13.4 bar.sync;
    // warps that ended do not take part), with the CTA-wide result of any bar.red.
    releaseBarrier();
  }
  CtaRecord r;
  for (Warp& w : warps_) r.warps.push_back(std::move(w.out));
  return r;
}

void CtaState::releaseBarrier() {
  std::uint64_t count = 0, lanes = 0;
  for (const Warp& w : warps_)
    if (w.barRed) {
      count += static_cast<unsigned>(__builtin_popcount(w.barRedTrue));
      lanes += static_cast<unsigned>(__builtin_popcount(w.barRedExec));
    }
  for (Warp& w : warps_) {
    w.atBarrier = false;
    if (!w.barRed) continue;
    const Instr& in = *w.barRed;
    const std::uint64_t v = in.boolOp == BoolOp::And  ? count == lanes
                            : in.boolOp == BoolOp::Or ? count != 0
                                                      : count;  // .popc
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if ((w.barRedExec >> lane) & 1u) write(w, in.ops[0], in.type, lane, v);
    w.barRed = nullptr;
  }
}

void CtaState::runWarp(Warp& w) {
  while (!w.done && !w.atBarrier) {
    if (++executed_ > launch.instructionBudget)
      throw ConfigError("kernel " + program.module().functions[launch.kernel].name + ", CTA " +
                        std::to_string(cta) + ": more than " +
                        std::to_string(launch.instructionBudget) +
                        " warp instructions; a CTA that waits on another CTA (a spin-wait) "
                        "is not supported: CTAs run functionally one at a time");
    step(w);
  }
}

void CtaState::returnFrom(Warp& w) {
  const Frame done = w.frames.back();
  w.frames.pop_back();
  if (w.frames.empty()) return;
  // Copy the callee's return values into the caller's call-block variables (PTX ISA 9.7.12.2).
  const Function& callee = program.module().functions[done.function];
  const FunctionLayout& cl = program.layout(done.function);
  for (std::size_t r = 0; r < done.call->callRets.size() && r < callee.returns.size(); ++r) {
    const std::uint64_t to = symbolAddress(w, done.call->callRets[r].index);
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint32_t t = w.index * kWarpSize + lane;
      if (t >= threads) break;
      std::memcpy(local[t].data() + to, local[t].data() + done.localBase + cl.returnOffset[r],
                  callee.returns[r].size);
    }
  }
  w.regs.resize(done.regOffset);
}

void CtaState::call(Warp& w, const Instr& in, std::uint32_t exec, std::uint32_t nextPc) {
  const Function& callee = program.module().functions[program.module().symbols[in.callee].index];
  const std::uint32_t fi = program.module().symbols[in.callee].index;
  if (callee.isDeclaration)
    throw ConfigError(program.where(in) + ": calls '" + callee.name + "', which has no body");
  const FunctionLayout& cl = program.layout(fi);
  const Frame& caller = w.frames.back();
  const std::uint32_t callerFrameBytes = program.layout(caller.function).frameBytes;
  Frame f{fi, static_cast<std::uint32_t>(w.regs.size()), caller.localBase + callerFrameBytes, &in};
  w.regs.resize(w.regs.size() + callee.regs.size() * 32, 0);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const std::uint32_t t = w.index * kWarpSize + lane;
    if (t >= threads) break;
    std::vector<std::uint8_t>& stack = local[t];
    if (stack.size() < f.localBase + cl.frameBytes) stack.resize(f.localBase + cl.frameBytes, 0);
    // Arguments: the caller's call-block variables into the callee's formal parameters.
    for (std::size_t a = 0; a < in.callArgs.size() && a < callee.params.size(); ++a) {
      const std::uint64_t from = symbolAddress(w, in.callArgs[a].index);
      std::memcpy(stack.data() + f.localBase + cl.paramBase + callee.params[a].offset,
                  stack.data() + from, callee.params[a].size);
    }
  }
  w.stack.back().pc = nextPc;
  w.frames.push_back(f);
  w.stack.push_back(StackEntry{0, kEnd, exec, static_cast<std::uint32_t>(w.frames.size() - 1)});
}

void CtaState::step(Warp& w) {
  StackEntry& top = w.stack.back();
  const std::uint32_t mask = top.mask & ~w.exited;
  const std::uint32_t frameIndex = top.frame;
  if (top.pc == top.rpc || mask == 0 ||
      top.pc >= program.module().functions[w.frames[frameIndex].function].body.size()) {
    w.stack.pop_back();
    if (w.stack.empty() || w.stack.back().frame < frameIndex) returnFrom(w);
    if (w.stack.empty()) {
      w.done = true;
      if (!w.out.empty()) {
        w.out.back().op = OpClass::Exit;
        w.out.back().last = true;
      }
    }
    return;
  }
  const Frame& frame = w.frames[frameIndex];
  const Function& f = program.module().functions[frame.function];
  const FunctionLayout& layout = program.layout(frame.function);
  const std::uint32_t pc = top.pc;
  const Instr& in = f.body[pc];
  std::uint32_t exec = mask;
  if (in.hasGuard) {
    std::uint32_t g = 0;
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if (((mask >> lane) & 1u) &&
          (w.regs[regValueIndex(w, in.guardReg, lane)] != 0) != in.guardNegated)
        g |= 1u << lane;
    exec = g;
  }
  WarpInst& rec = w.out.emplace_back();  // recorded in place: a WarpInst is 330 bytes
  rec.pc = (layout.pcBase + pc) * 16;
  rec.op = opClassOf(in, f.isEntry);
  // A branch runs on every lane of the path (its guard picks the direction); any other guarded
  // instruction only on the lanes whose guard holds.
  rec.activeMask = in.op == Op::Bra || !exec ? mask : exec;
  unsigned nsrc = 0;
  for (std::size_t i = 0; i < in.ops.size(); ++i) {
    const Operand& o = in.ops[i];
    const bool dst = i < in.numDsts;
    if (o.kind == Operand::Kind::Vec) {
      for (unsigned k = 0; k < o.vecCount; ++k) {
        if (o.vec[k] == Operand::kSink) continue;
        if (dst && rec.dst == kNoReg) rec.dst = timingReg(layout, o.vec[k]);
        if (!dst && nsrc < kMaxSrcRegs) rec.src[nsrc++] = timingReg(layout, o.vec[k]);
      }
    } else if (o.kind == Operand::Kind::Reg && dst) {
      if (rec.dst == kNoReg) rec.dst = timingReg(layout, o.index);
    } else if ((o.kind == Operand::Kind::Reg ||
                (o.kind == Operand::Kind::Addr && !o.baseIsSymbol)) &&
               nsrc < kMaxSrcRegs) {
      rec.src[nsrc++] = timingReg(layout, o.index);
    }
  }
  if (in.hasGuard && nsrc < kMaxSrcRegs) rec.src[nsrc++] = timingReg(layout, in.guardReg);
  ++w.executed;
  std::uint32_t next = pc + 1;

  switch (in.op) {
    case Op::Bra: {
      const std::uint32_t target = labelOf(in);
      const std::uint32_t rpc = layout.cfg.reconverge[pc];
      rec.reconvergePc = rpc == kEnd ? 0 : (layout.pcBase + rpc) * 16;
      if (exec == mask) {
        next = target;
      } else if (exec != 0) {  // divergence: the taken path first, then the other
        top.pc = rpc;
        w.stack.push_back(StackEntry{pc + 1, rpc, mask & ~exec, frameIndex});
        w.stack.push_back(StackEntry{target, rpc, exec, frameIndex});
        return;
      }
      break;
    }
    case Op::Call:
      if (exec) {
        call(w, in, exec, next);
        return;
      }
      break;
    case Op::Ret:
    case Op::Exit:
      if (in.op == Op::Exit || f.isEntry) {
        w.exited |= exec;
      } else {  // the lanes wait for the frame's other paths; the caller's entry holds them
        for (StackEntry& e : w.stack)
          if (e.frame == frameIndex) e.mask &= ~exec;
      }
      rec.op = OpClass::Branch;
      break;
    case Op::BarSync:
      w.atBarrier = true;
      break;
    case Op::BarRed: {  // PTX ISA 9.7.13.4 bar.red: ops d, a[, b], {!}c
      w.atBarrier = true;
      w.barRed = &in;
      w.barRedExec = exec;
      w.barRedTrue = 0;
      for (unsigned lane = 0; lane < kWarpSize; ++lane)
        if (((exec >> lane) & 1u) && read(w, in.ops.back(), Type::Pred, lane))
          w.barRedTrue |= 1u << lane;
      break;
    }
    case Op::Membar:
    case Op::Fence:
    case Op::Nop:
    case Op::Prefetch:
      break;
    case Op::Ld:
    case Op::Ldu:
    case Op::St:
    case Op::Atom:
    case Op::Red:
      if (exec)
        memoryOp(w, in, exec, rec);
      else
        rec.op = OpClass::Alu;
      break;
    case Op::Tex:
      if (exec)
        texOp(w, in, exec, rec);
      else
        rec.op = OpClass::Alu;
      break;
    case Op::Shfl:
    case Op::Vote:
    case Op::Match:
    case Op::Redux:
    case Op::Activemask:
    case Op::Mov:
    case Op::Cvta:
      warpOp(w, in, exec);
      break;
    default: {
      std::array<Type, 4> types{};  // each source's type, asked once per instruction
      const std::size_t nsrcs = std::min<std::size_t>(in.ops.size() - in.numDsts, types.size());
      for (std::size_t s = 0; s < nsrcs; ++s) types[s] = sourceType(in, static_cast<unsigned>(s));
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        if (!((exec >> lane) & 1u)) continue;
        LaneIn li;
        for (std::size_t s = 0; s < nsrcs; ++s)
          li.src[s] = read(w, in.ops[in.numDsts + s], types[s], lane);
        li.carry = (w.carry >> lane) & 1u;
        LaneOut lo;
        evalAlu(in, li, lo);
        if (in.numDsts >= 1) write(w, in.ops[0], in.type, lane, lo.d);
        if (in.numDsts >= 2) write(w, in.ops[1], Type::Pred, lane, lo.d2);
        if (in.cc) w.carry = (w.carry & ~(1u << lane)) | (std::uint32_t{lo.carry} << lane);
      }
    }
  }
  w.stack.back().pc = next;  // the top entry may have changed (ret cleared lanes): same entry
}

std::uint64_t CtaState::read(const Warp& w, const Operand& o, Type t, unsigned lane) const {
  switch (o.kind) {
    case Operand::Kind::Reg: {
      const std::uint64_t v = w.regs[regValueIndex(w, o.index, lane)];
      return o.negated ? (v == 0) : v;
    }
    case Operand::Kind::Imm:
      return immediate(o, t);
    case Operand::Kind::Symbol:
      return symbolAddress(w, o.index);
    case Operand::Kind::SReg:
      return special(w, o.sreg, lane);
    default:
      return 0;
  }
}

void CtaState::write(Warp& w, const Operand& o, Type, unsigned lane, std::uint64_t v) {
  if (o.kind != Operand::Kind::Reg) return;  // a sink
  const std::uint64_t mask = program.layout(w.frames.back().function).regMask[o.index];
  w.regs[regValueIndex(w, o.index, lane)] = mask == 0 ? (v != 0) : (v & mask);
}

std::uint64_t CtaState::symbolAddress(const Warp& w, std::uint32_t symbol) const {
  const Module& m = program.module();
  const Symbol& s = m.symbols[symbol];
  const Frame& frame = w.frames.back();
  switch (s.kind) {
    case Symbol::Kind::Global:
      return program.globalAddress(s.index);
    case Symbol::Kind::Local: {
      const std::uint32_t off = program.layout(s.function).localOffset[s.index];
      if (m.functions[s.function].locals[s.index].space == Space::Shared) return off;
      return frame.localBase + off;
    }
    case Symbol::Kind::Param: {
      const Function& f = m.functions[s.function];
      const FunctionLayout& l = program.layout(s.function);
      if (s.index >= f.params.size())
        return frame.localBase + l.returnOffset[s.index - f.params.size()];
      if (f.isEntry) return f.params[s.index].offset;
      return frame.localBase + l.paramBase + f.params[s.index].offset;
    }
    case Symbol::Kind::Function:
      break;
  }
  throw ConfigError(m.file + ": the address of function '" + m.functions[s.index].name +
                    "' (an indirect call) is not supported");
}

std::uint64_t CtaState::special(const Warp& w, SReg r, unsigned lane) const {
  const std::uint32_t t = w.index * kWarpSize + lane;
  const Dim3& b = launch.block;
  switch (r) {
    case SReg::TidX:
      return t % b.x;
    case SReg::TidY:
      return (t / b.x) % b.y;
    case SReg::TidZ:
      return t / (b.x * b.y);
    case SReg::NtidX:
      return b.x;
    case SReg::NtidY:
      return b.y;
    case SReg::NtidZ:
      return b.z;
    case SReg::CtaidX:
      return ctaCoord.x;
    case SReg::CtaidY:
      return ctaCoord.y;
    case SReg::CtaidZ:
      return ctaCoord.z;
    case SReg::NctaidX:
      return launch.grid.x;
    case SReg::NctaidY:
      return launch.grid.y;
    case SReg::NctaidZ:
      return launch.grid.z;
    case SReg::LaneId:
      return lane;
    case SReg::WarpId:
      return w.index;
    case SReg::NWarpId:
      return warps_.size();
    case SReg::SmId:
    case SReg::GridId:
      return 0;
    case SReg::NSmId:
      return 1;
    case SReg::LanemaskEq:
      return 1u << lane;
    case SReg::LanemaskLt:
      return (1u << lane) - 1;
    case SReg::LanemaskLe:
      return lane == 31 ? 0xffffffffu : (2u << lane) - 1;
    case SReg::LanemaskGt:
      return lane == 31 ? 0 : ~((2u << lane) - 1);
    case SReg::LanemaskGe:
      return ~((1u << lane) - 1);
    // The warp's own progress: 4 cycles per warp instruction it executed (README).
    case SReg::Clock:
      return (w.executed * 4) & 0xffffffffu;
    case SReg::Clock64:
    case SReg::GlobalTimer:
      return w.executed * 4;
    case SReg::DynamicSmemSize:
      return launch.dynamicSharedBytes;
  }
  return 0;
}

std::string CtaState::where(const Warp& w, unsigned lane, const Instr& in) const {
  const std::uint32_t t = w.index * kWarpSize + lane;
  const Dim3& b = launch.block;
  return "kernel " + program.module().functions[launch.kernel].name + ", CTA (" +
         std::to_string(ctaCoord.x) + ", " + std::to_string(ctaCoord.y) + ", " +
         std::to_string(ctaCoord.z) + "), thread (" + std::to_string(t % b.x) + ", " +
         std::to_string((t / b.x) % b.y) + ", " + std::to_string(t / (b.x * b.y)) + "), " +
         program.where(in);
}

}  // namespace detail

CtaRecord executeCta(const PtxProgram& program, const PtxLaunch& launch, GlobalMemory& memory,
                     std::uint64_t cta) {
  detail::CtaState s(program, launch, memory, cta);
  return s.run();
}

}  // namespace warpsim::ptx
