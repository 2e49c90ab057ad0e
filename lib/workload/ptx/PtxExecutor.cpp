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
      if (!w.out.insts.empty()) {
        w.out.insts.back().op = OpClass::Exit;
        w.out.insts.back().last = true;
      }
    }
    return;
  }
  const Frame& frame = w.frames[frameIndex];
  const Function& f = program.module().functions[frame.function];
  const FunctionLayout& layout = program.layout(frame.function);
  const std::uint32_t pc = top.pc;
  const Instr& in = f.body[pc];
  const InstrInfo& info = layout.info[pc];
  std::uint32_t exec = mask;
  if (in.hasGuard) {
    const std::uint64_t* g = &w.regs[regValueIndex(w, in.guardReg, 0)];
    std::uint32_t holds = 0;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) holds |= std::uint32_t{g[lane] != 0} << lane;
    exec = mask & (in.guardNegated ? ~holds : holds);
  }
  RecordedInst& rec = w.out.insts.emplace_back();
  rec.pc = (layout.pcBase + pc) * 16;
  rec.op = info.op;
  rec.dst = info.dst;
  rec.src = info.src;
  // A branch runs on every lane of the path (its guard picks the direction); any other guarded
  // instruction only on the lanes whose guard holds.
  rec.activeMask = in.op == Op::Bra || !exec ? mask : exec;
  ++w.executed;
  std::uint32_t next = pc + 1;

  switch (in.op) {
    case Op::Bra: {
      const std::uint32_t rpc = layout.cfg.reconverge[pc];
      rec.reconvergePc = rpc == kEnd ? 0 : (layout.pcBase + rpc) * 16;
      if (exec == mask) {
        next = info.target;
      } else if (exec != 0) {  // divergence: the taken path first, then the other
        top.pc = rpc;
        w.stack.push_back(StackEntry{pc + 1, rpc, mask & ~exec, frameIndex});
        w.stack.push_back(StackEntry{info.target, rpc, exec, frameIndex});
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
    case Op::Tex:
      if (!exec) {
        rec.op = OpClass::Alu;
        break;
      }
      if (in.op == Op::Tex)
        texOp(w, in, exec, mem_);
      else
        memoryOp(w, in, exec, mem_);
      record(w, rec, exec);
      break;
    case Op::Shfl:
    case Op::Vote:
    case Op::Match:
    case Op::Redux:
    case Op::Activemask:
    case Op::Cvta:
      warpOp(w, in, exec);
      break;
    case Op::Mov:
      if (info.warpAlu == WarpAlu::Mov)
        alu(w, in, info, exec);
      else
        warpOp(w, in, exec);
      break;
    default:
      alu(w, in, info, exec);
  }
  w.stack.back().pc = next;  // the top entry may have changed (ret cleared lanes): same entry
}

void CtaState::record(Warp& w, RecordedInst& rec, std::uint32_t exec) {
  rec.space = mem_.space;
  rec.memOp = mem_.memOp;
  rec.accessSize = mem_.accessSize;
  rec.addrStart = static_cast<std::uint32_t>(w.out.addrs.size());
  if (exec == ~std::uint32_t{0}) {
    w.out.addrs.insert(w.out.addrs.end(), mem_.addr.begin(), mem_.addr.end());
    return;
  }
  std::array<Addr, kWarpSize> packed;
  unsigned n = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((exec >> lane) & 1u) packed[n++] = mem_.addr[lane];
  w.out.addrs.insert(w.out.addrs.end(), packed.begin(), packed.begin() + n);
}

void CtaState::alu(Warp& w, const Instr& in, const InstrInfo& info, std::uint32_t exec) {
  // A register's 32 lanes lie side by side: a source register is read in place, anything else
  // (immediates, special registers, negated predicates) into a lane array first.
  std::uint64_t* regs = w.regs.data() + w.frames.back().regOffset;
  std::array<std::array<std::uint64_t, kWarpSize>, 4> values;
  std::array<const std::uint64_t*, 4> src{};
  for (unsigned s = 0; s < info.nsrcs; ++s) {
    const Operand& o = in.ops[in.numDsts + s];
    if (o.kind == Operand::Kind::Reg && !o.negated) {
      src[s] = regs + std::size_t{o.index} * kWarpSize;
      continue;
    }
    if (o.kind == Operand::Kind::Imm)
      values[s].fill(immediate(o, info.srcTypes[s]));
    else
      for (unsigned lane = 0; lane < kWarpSize; ++lane)
        values[s][lane] = read(w, o, info.srcTypes[s], lane);
    src[s] = values[s].data();
  }
  std::array<std::uint64_t, kWarpSize> d, d2;
  if (info.warpAlu == WarpAlu::None ||
      !evalAluWarp(info.warpAlu, in, src.data(), d.data(), d2.data())) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!((exec >> lane) & 1u)) continue;
      LaneIn li;
      for (unsigned s = 0; s < info.nsrcs; ++s) li.src[s] = src[s][lane];
      li.carry = (w.carry >> lane) & 1u;
      LaneOut lo;
      evalAlu(in, li, lo);
      d[lane] = lo.d;
      d2[lane] = lo.d2;
      if (in.cc) w.carry = (w.carry & ~(1u << lane)) | (std::uint32_t{lo.carry} << lane);
    }
  }
  const std::vector<std::uint64_t>& regMask = program.layout(w.frames.back().function).regMask;
  for (unsigned k = 0; k < in.numDsts && k < 2; ++k) {
    const Operand& o = in.ops[k];
    if (o.kind != Operand::Kind::Reg) continue;  // a sink
    std::uint64_t* to = regs + std::size_t{o.index} * kWarpSize;
    const std::uint64_t* v = k == 0 ? d.data() : d2.data();
    const std::uint64_t m = regMask[o.index];
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if ((exec >> lane) & 1u) to[lane] = m == 0 ? (v[lane] != 0) : (v[lane] & m);
  }
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

void RecordedWarp::expand(std::size_t i, WarpInst& out) const {
  const RecordedInst& r = insts[i];
  out.pc = r.pc;
  out.op = r.op;
  out.dst = r.dst;
  out.src = r.src;
  out.activeMask = r.activeMask;
  out.space = r.space;
  out.memOp = r.memOp;
  out.accessSize = r.accessSize;
  out.reconvergePc = r.reconvergePc;
  out.last = r.last;
  if (r.op != OpClass::Mem) return;
  const Addr* a = addrs.data() + r.addrStart;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    out.addr[lane] = (r.activeMask >> lane) & 1u ? *a++ : 0;
}

std::vector<WarpInst> RecordedWarp::expand() const {
  std::vector<WarpInst> all(insts.size());
  for (std::size_t i = 0; i < insts.size(); ++i) expand(i, all[i]);
  return all;
}

CtaRecord executeCta(const PtxProgram& program, const PtxLaunch& launch, GlobalMemory& memory,
                     std::uint64_t cta) {
  detail::CtaState s(program, launch, memory, cta);
  return s.run();
}

}  // namespace warpsim::ptx
