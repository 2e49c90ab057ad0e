// mov and cvt of the per-lane arithmetic (PTX ISA 9.7.9.1, 9.7.9.21): integer to integer
// (extension, truncation, .sat), integer to float (.rn .rz .rm .rp), float to integer
// (.rni .rzi .rmi .rpi, always saturating, NaN to 0) and float to float (rounding, integral
// rounding, .ftz, .sat) between f16, bf16, f32 and f64.
#include <algorithm>
#include <cmath>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx::alu {
namespace {

// An integer (magnitude and sign) rounded to p bits of precision in mode r, exactly.
double intToFloat(u64 mag, bool neg, Round r, int p) {
  int len = 0;
  for (u64 v = mag; v; v >>= 1) ++len;
  const int k = len - p;
  if (k <= 0) return neg ? -static_cast<double>(mag) : static_cast<double>(mag);
  u64 q = mag >> k;
  const u64 rem = mag & maskOf(static_cast<unsigned>(k));
  const u64 half = u64{1} << (k - 1);
  bool up;
  switch (r) {
    case Round::Rz:
      up = false;
      break;
    case Round::Rm:
      up = neg && rem;
      break;
    case Round::Rp:
      up = !neg && rem;
      break;
    default:
      up = rem > half || (rem == half && (q & 1));
  }
  q += up ? 1 : 0;
  const double v = std::ldexp(static_cast<double>(q), k);
  return neg ? -v : v;
}

int precisionOf(Type t) {
  return t == Type::F16 ? 11 : t == Type::BF16 ? 8 : t == Type::F32 ? 24 : 53;
}

// A float rounded to an integer (rni rzi rmi rpi), clamped to the integer type t; NaN gives 0
// (PTX ISA 9.7.9.21: float-to-integer conversions saturate).
u64 floatToInt(Type t, double x, Round r) {
  if (std::isnan(x)) return 0;
  const unsigned w = widthOf(t);
  const double y = roundIntegral(x, r);
  if (isSigned(t)) {
    const double lim = std::ldexp(1.0, static_cast<int>(w) - 1);
    if (y >= lim) return maskOf(w - 1);
    if (y < -lim) return u64{1} << (w - 1);
    return static_cast<u64>(static_cast<i64>(y)) & maskOf(w);
  }
  if (y <= 0) return 0;
  if (y >= std::ldexp(1.0, static_cast<int>(w))) return maskOf(w);
  return static_cast<u64>(y);
}

bool isIntegralRound(Round r) {
  return r == Round::Rni || r == Round::Rzi || r == Round::Rmi || r == Round::Rpi;
}

// Float to float: integral rounding keeps the format, otherwise round to the destination.
u64 floatToFloat(const Instr& ins, Type dt, Type st, u64 a) {
  double x = decode(st, a);
  if (ins.ftz) x = flushSubnormal(st, x);
  const double y = isIntegralRound(ins.round) ? roundTo(dt, roundIntegral(x, ins.round), Round::Rn)
                                              : roundTo(dt, x, ins.round);
  return finishFloat(ins, dt, y);
}

}  // namespace

bool evalMoveCvt(const Instr& ins, const LaneIn& in, LaneOut& out) {
  const Type dt = ins.type;
  const unsigned dw = widthOf(dt);
  if (ins.op == Op::Mov) {
    out.d = in.src[0] & maskOf(dw);
    return true;
  }
  if (ins.op != Op::Cvt) return false;
  const Type st = ins.type2;
  const u64 a = srcU(ins, in, 0);
  if (!isFloat(st)) {
    const i64 v = srcS(ins, in, 0);
    const bool neg = isSigned(st) && v < 0;
    if (isFloat(dt)) {  // integer to float
      const u64 mag = neg ? u64{0} - static_cast<u64>(v) : static_cast<u64>(v);
      const double x = intToFloat(mag, neg, ins.round, precisionOf(dt));
      out.d = finishFloat(ins, dt, roundTo(dt, x, ins.round));
      return true;
    }
    // integer to integer: truncation, or with .sat clamping to the destination's range
    if (!ins.sat) {
      out.d = static_cast<u64>(v) & maskOf(dw);
    } else if (isSigned(dt)) {
      const i64 hi = static_cast<i64>(maskOf(dw - 1)), lo = -hi - 1;
      const bool big = isSigned(st) ? v > hi : static_cast<u64>(v) > static_cast<u64>(hi);
      out.d = static_cast<u64>(big ? hi : (isSigned(st) && v < lo) ? lo : v) & maskOf(dw);
    } else {
      out.d = neg ? 0 : std::min<u64>(static_cast<u64>(v), maskOf(dw));
    }
    return true;
  }
  if (!isFloat(dt)) {
    const double x = decode(st, a);
    out.d = floatToInt(dt, ins.ftz ? flushSubnormal(st, x) : x, ins.round);
  } else if (dt == Type::F16x2 || dt == Type::BF16x2) {  // a to the upper half, b the lower
    const Type e = dt == Type::F16x2 ? Type::F16 : Type::BF16;
    out.d = (floatToFloat(ins, e, st, a) << 16) | floatToFloat(ins, e, st, srcU(ins, in, 1));
  } else {
    out.d = floatToFloat(ins, dt, st, a);
  }
  return true;
}

}  // namespace warpsim::ptx::alu
