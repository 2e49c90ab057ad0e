// Comparison and selection of the per-lane arithmetic (PTX ISA 9.7.6, 9.7.3.2): setp and set
// (every compare, ordered and unordered, combined with a third predicate by and/or/xor), selp,
// slct and testp.
#include <cmath>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx::alu {
namespace {

bool combine(BoolOp op, bool x, bool c) {
  switch (op) {
    case BoolOp::And:
      return x && c;
    case BoolOp::Or:
      return x || c;
    case BoolOp::Xor:
      return x != c;
    default:
      return x;
  }
}

bool testp(TestMode op, Type t, double v) {
  switch (op) {
    case TestMode::Finite:
      return std::isfinite(v);
    case TestMode::Infinite:
      return std::isinf(v);
    case TestMode::Number:
      return !std::isnan(v);
    case TestMode::NotANumber:
      return std::isnan(v);
    case TestMode::Normal:  // zeros count as normal
      return std::isfinite(v) && (v == 0 || std::fabs(v) >= minNormal(t));
    case TestMode::Subnormal:
      return v != 0 && std::fabs(v) < minNormal(t);
    default:
      return false;
  }
}

}  // namespace

// The type setp and set compare: set's source type (type2); setp's instruction type.
Type compareType(const Instr& ins) {
  return (ins.op == Op::Set || ins.type2 != Type::None) ? ins.type2 : ins.type;
}

bool evalCompare(const Instr& ins, const LaneIn& in, LaneOut& out) {
  switch (ins.op) {
    case Op::Setp:
    case Op::Set: {  // PTX ISA 9.7.6.1, 9.7.6.2: p = (a cmp b) op c, q = !(a cmp b) op c
      const Type t = compareType(ins);
      const u64 a = srcU(ins, in, 0), b = srcU(ins, in, 1);
      bool x;
      if (isFloat(t)) {
        double fa = decode(t, a), fb = decode(t, b);
        if (ins.ftz) fa = flushSubnormal(t, fa), fb = flushSubnormal(t, fb);
        x = compareFloat(ins.cmp, fa, fb);
      } else {
        x = compareInt(ins.cmp, t, a, b);
      }
      const bool c = ins.boolOp != BoolOp::None && (in.src[2] & 1);
      const bool p = combine(ins.boolOp, x, c), q = combine(ins.boolOp, !x, c);
      if (ins.op == Op::Setp) {
        out.d = p;
        out.d2 = q;
      } else {  // set: all ones (integer) or 1.0f, else 0
        out.d = !p ? 0 : ins.type == Type::F32 ? 0x3f800000u : 0xffffffffu;
      }
      return true;
    }
    case Op::Selp:  // PTX ISA 9.7.6.3
      out.d = srcU(ins, in, (in.src[2] & 1) ? 0 : 1);
      return true;
    case Op::Slct: {  // PTX ISA 9.7.6.4: d = c >= 0 ? a : b (c is s32 or f32)
      bool ge;
      if (ins.type2 == Type::F32) {
        double c = decode(Type::F32, in.src[2] & 0xffffffffu);
        if (ins.ftz) c = flushSubnormal(Type::F32, c);
        ge = c >= 0;  // -0.0 >= 0; NaN selects b
      } else {
        ge = sext(in.src[2], 32) >= 0;
      }
      out.d = srcU(ins, in, ge ? 0 : 1);
      return true;
    }
    case Op::Testp:  // PTX ISA 9.7.3.2
      out.d = testp(ins.testMode, ins.type, decode(ins.type, srcU(ins, in, 0)));
      return true;
    default:
      return false;
  }
}

}  // namespace warpsim::ptx::alu
