// An instruction's InstrInfo (PtxProgram.h): what the executor records and reads of it on
// every execution, worked out once at load.
#include <algorithm>

#include "warpsim/workload/ptx/PtxProgram.h"

namespace warpsim::ptx {
namespace {

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
  return Cfg::kExit;
}

}  // namespace

InstrInfo describe(const Instr& in, const Function& f, const FunctionLayout& l) {
  InstrInfo info;
  info.op = opClassOf(in, f.isEntry);
  unsigned nsrc = 0;
  for (std::size_t i = 0; i < in.ops.size(); ++i) {
    const Operand& o = in.ops[i];
    const bool dst = i < in.numDsts;
    if (o.kind == Operand::Kind::Vec) {
      for (unsigned k = 0; k < o.vecCount; ++k) {
        if (o.vec[k] == Operand::kSink) continue;
        if (dst && info.dst == kNoReg) info.dst = timingReg(l, o.vec[k]);
        if (!dst && nsrc < kMaxSrcRegs) info.src[nsrc++] = timingReg(l, o.vec[k]);
      }
    } else if (o.kind == Operand::Kind::Reg && dst) {
      if (info.dst == kNoReg) info.dst = timingReg(l, o.index);
    } else if ((o.kind == Operand::Kind::Reg ||
                (o.kind == Operand::Kind::Addr && !o.baseIsSymbol)) &&
               nsrc < kMaxSrcRegs) {
      info.src[nsrc++] = timingReg(l, o.index);
    }
  }
  if (in.hasGuard && nsrc < kMaxSrcRegs) info.src[nsrc++] = timingReg(l, in.guardReg);
  info.target = labelOf(in);
  if (isAluOp(in.op) && (in.op != Op::Mov || warpAluKind(in) == WarpAlu::Mov)) {
    info.nsrcs = static_cast<std::uint8_t>(
        std::min<std::size_t>(in.ops.size() - in.numDsts, info.srcTypes.size()));
    for (unsigned s = 0; s < info.nsrcs; ++s) info.srcTypes[s] = sourceType(in, s);
    info.warpAlu = warpAluKind(in);
  }
  return info;
}

}  // namespace warpsim::ptx
