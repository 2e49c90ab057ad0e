// Integer arithmetic of the per-lane arithmetic (PTX ISA 9.7.1 and 9.7.2): add, sub, mul, mad
// (.lo .hi .wide), the carry chain (add.cc addc sub.cc subc mad.cc madc), mul24, mad24, sad,
// div, rem, abs, neg, min, max. Values are computed in 128 bits and masked to the width.
#include <algorithm>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx::alu {
namespace {

i64 clampS32(i128 v) {
  return static_cast<i64>(std::min<i128>(std::max<i128>(v, INT32_MIN), INT32_MAX));
}

// The product of a and b as the mode selects: .lo (also no mode), .hi or .wide (PTX ISA 9.7.1.5).
u128 product(const Instr& ins, const LaneIn& in, unsigned w) {
  const bool s = isSigned(ins.type);
  const i128 p = s ? static_cast<i128>(srcS(ins, in, 0)) * srcS(ins, in, 1)
                   : static_cast<i128>(static_cast<u128>(srcU(ins, in, 0)) * srcU(ins, in, 1));
  if (ins.mulMode == MulMode::Hi) return static_cast<u128>(p >> w);
  return static_cast<u128>(p);
}

// mul24/mad24 (PTX ISA 9.7.1.7): the 48-bit product of the low 24 bits; .lo its low 32 bits,
// .hi bits 47..16.
u64 product24(const Instr& ins, const LaneIn& in) {
  const bool s = isSigned(ins.type);
  const i64 a = s ? sext(in.src[0] & 0xffffff, 24) : static_cast<i64>(in.src[0] & 0xffffff);
  const i64 b = s ? sext(in.src[1] & 0xffffff, 24) : static_cast<i64>(in.src[1] & 0xffffff);
  const i64 p = a * b;
  return static_cast<u64>(ins.mulMode == MulMode::Hi ? (p >> 16) : p) & 0xffffffffu;
}

}  // namespace

bool evalIntArith(const Instr& ins, const LaneIn& in, LaneOut& out) {
  const Type t = ins.type;
  const unsigned w = widthOf(t);
  const u64 m = maskOf(w);
  const bool s = isSigned(t);
  switch (ins.op) {
    case Op::Add:
    case Op::Addc: {  // PTX ISA 9.7.1.1, 9.7.2.1
      const u128 sum = static_cast<u128>(srcU(ins, in, 0)) + srcU(ins, in, 1) +
                       (ins.op == Op::Addc && in.carry ? 1 : 0);
      out.d = static_cast<u64>(sum) & m;
      out.carry = static_cast<bool>((sum >> w) & 1);
      if (ins.sat)
        out.d = static_cast<u64>(clampS32(i128{srcS(ins, in, 0)} + srcS(ins, in, 1))) & m;
      return true;
    }
    case Op::Sub:
    case Op::Subc: {  // PTX ISA 9.7.1.2, 9.7.2.2: the carry flag is the borrow
      const u128 diff = static_cast<u128>(srcU(ins, in, 0)) - srcU(ins, in, 1) -
                        (ins.op == Op::Subc && in.carry ? 1 : 0);
      out.d = static_cast<u64>(diff) & m;
      out.carry = static_cast<bool>((diff >> w) & 1);
      if (ins.sat)
        out.d = static_cast<u64>(clampS32(i128{srcS(ins, in, 0)} - srcS(ins, in, 1))) & m;
      return true;
    }
    case Op::Mul: {  // PTX ISA 9.7.1.5
      const unsigned rw = ins.mulMode == MulMode::Wide ? 2 * w : w;
      out.d = static_cast<u64>(product(ins, in, w)) & maskOf(rw);
      return true;
    }
    case Op::Mad:
    case Op::Madc: {  // PTX ISA 9.7.1.6, 9.7.2.3
      const unsigned rw = ins.mulMode == MulMode::Wide ? 2 * w : w;
      const u128 p = product(ins, in, w) & maskOf(rw);
      const u128 sum = p + srcU(ins, in, 2) + (ins.op == Op::Madc && in.carry ? 1 : 0);
      out.d = static_cast<u64>(sum) & maskOf(rw);
      out.carry = static_cast<bool>((sum >> rw) & 1);
      if (ins.sat) {  // mad.hi.sat.s32: the high half plus c, saturated
        const i128 hi = static_cast<i128>(sext(static_cast<u64>(p), w));
        out.d = static_cast<u64>(clampS32(hi + srcS(ins, in, 2))) & m;
      }
      return true;
    }
    case Op::Mul24:
      out.d = product24(ins, in);
      return true;
    case Op::Mad24:
      out.d = (product24(ins, in) + in.src[2]) & 0xffffffffu;
      return true;
    case Op::Sad: {  // PTX ISA 9.7.1.8: d = c + |a - b|
      const u64 diff = s ? static_cast<u64>(std::max(srcS(ins, in, 0), srcS(ins, in, 1)) -
                                            std::min(srcS(ins, in, 0), srcS(ins, in, 1)))
                         : std::max(srcU(ins, in, 0), srcU(ins, in, 1)) -
                               std::min(srcU(ins, in, 0), srcU(ins, in, 1));
      out.d = (diff + in.src[2]) & m;
      return true;
    }
    case Op::Div:
    case Op::Rem: {  // PTX ISA 9.7.1.9, 9.7.1.10; by zero: README (all ones / the dividend)
      const bool div = ins.op == Op::Div;
      if (srcU(ins, in, 1) == 0) {
        out.d = div ? m : srcU(ins, in, 0);
      } else if (s) {
        const i128 a = srcS(ins, in, 0), b = srcS(ins, in, 1);  // 128 bits: INT_MIN / -1 wraps
        out.d = static_cast<u64>(div ? a / b : a % b) & m;
      } else {
        const u64 a = srcU(ins, in, 0), b = srcU(ins, in, 1);
        out.d = (div ? a / b : a % b) & m;
      }
      return true;
    }
    case Op::Abs:  // PTX ISA 9.7.1.11: abs of the most negative value is itself
      out.d =
          static_cast<u64>(srcS(ins, in, 0) < 0 ? u64{0} - srcU(ins, in, 0) : srcU(ins, in, 0)) & m;
      return true;
    case Op::Neg:
      out.d = (u64{0} - srcU(ins, in, 0)) & m;
      return true;
    case Op::Min:
    case Op::Max: {  // PTX ISA 9.7.1.13, 9.7.1.14
      const bool less =
          s ? srcS(ins, in, 0) < srcS(ins, in, 1) : srcU(ins, in, 0) < srcU(ins, in, 1);
      const bool pickA = (ins.op == Op::Min) == less;
      out.d = srcU(ins, in, pickA ? 0 : 1);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace warpsim::ptx::alu
