// The per-lane arithmetic's entry points (PtxAlu.h): which ops it has, how sources are read,
// and the dispatch to the families (PtxAluInt, PtxAluBits, PtxAluFloat, PtxAluCvt,
// PtxAluCompare). checkAlu's rules are in PtxAluCheck.cpp.
#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx {

bool isAluOp(Op op) {
  return (op >= Op::Add && op <= Op::Lop3) || op == Op::Mov || op == Op::Cvt || op == Op::Selp ||
         op == Op::Setp || op == Op::Set || op == Op::Slct || op == Op::Testp;
}

namespace {

Type doubleWidth(Type t) {
  switch (t) {
    case Type::U16:
      return Type::U32;
    case Type::S16:
      return Type::S32;
    case Type::U32:
      return Type::U64;
    case Type::S32:
      return Type::S64;
    case Type::B16:
      return Type::B32;
    case Type::B32:
      return Type::B64;
    default:
      return t;
  }
}

}  // namespace

Type sourceType(const Instr& ins, unsigned i) {
  switch (ins.op) {
    case Op::Mul:
    case Op::Mad:
    case Op::Madc:  // PTX ISA 9.7.1.6: mad.wide's addend is as wide as the result
      return (i == 2 && ins.mulMode == MulMode::Wide && !isFloat(ins.type)) ? doubleWidth(ins.type)
                                                                            : ins.type;
    case Op::Shl:
    case Op::Shr:
      return i == 1 ? Type::U32 : ins.type;
    case Op::Shf:
      return i == 2 ? Type::U32 : Type::B32;
    case Op::Bfe:
      return i >= 1 ? Type::U32 : ins.type;
    case Op::Bfi:
      return i >= 2 ? Type::U32 : ins.type;
    case Op::Prmt:
    case Op::Lop3:
      return Type::B32;
    case Op::Selp:
      return i == 2 ? Type::Pred : ins.type;
    case Op::Setp:
    case Op::Set:
      return i >= 2 ? Type::Pred : alu::compareType(ins);
    case Op::Slct:
      return i == 2 ? ins.type2 : ins.type;
    case Op::Cvt:
      return ins.type2;
    default:
      return ins.type;
  }
}

void evalAlu(const Instr& ins, const LaneIn& in, LaneOut& out) {
  switch (ins.op) {
    case Op::Mov:
    case Op::Cvt:
      alu::evalMoveCvt(ins, in, out);
      return;
    case Op::Setp:
    case Op::Set:
    case Op::Selp:
    case Op::Slct:
    case Op::Testp:
      alu::evalCompare(ins, in, out);
      return;
    default:
      break;
  }
  if (ins.op >= Op::And && ins.op <= Op::Lop3) {
    alu::evalBits(ins, in, out);
  } else if (ins.type == Type::F16x2 || ins.type == Type::BF16x2) {
    // PTX ISA 9.7.4: the two halves independently
    const Type e = ins.type == Type::F16x2 ? Type::F16 : Type::BF16;
    out.d = 0;
    for (unsigned h = 0; h < 2; ++h) {
      LaneIn half;
      for (unsigned i = 0; i < 4; ++i) half.src[i] = (in.src[i] >> (16 * h)) & 0xffff;
      LaneOut o;
      alu::evalFloatArith(ins, e, half, o);
      out.d |= (o.d & 0xffff) << (16 * h);
    }
  } else if (isFloat(ins.type)) {
    alu::evalFloatArith(ins, ins.type, in, out);
  } else {
    alu::evalIntArith(ins, in, out);
  }
}

}  // namespace warpsim::ptx
