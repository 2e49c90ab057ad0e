// Float formats of the per-lane arithmetic: binary16, bfloat16, binary32 and binary64 values
// decoded to double, rounded to a format in any PTX rounding mode, and encoded (PTX ISA 5.2.5).
#include <cmath>
#include <limits>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx::alu {
namespace {

struct Format {
  int p;      // precision in bits, the hidden bit included
  int emin;   // exponent of the smallest normal
  int emax;   // exponent of the largest finite
  int ebits;  // exponent field width
};

Format formatOf(Type t) {
  switch (t) {
    case Type::F16:
      return {11, -14, 15, 5};
    case Type::BF16:
      return {8, -126, 127, 8};
    case Type::F32:
      return {24, -126, 127, 8};
    default:
      return {53, -1022, 1023, 11};
  }
}

}  // namespace

Type unsignedOf(Type t) {
  switch (t) {
    case Type::S8:
      return Type::U8;
    case Type::S16:
      return Type::U16;
    case Type::S32:
      return Type::U32;
    case Type::S64:
      return Type::U64;
    default:
      return t;
  }
}

int hostMode(Round r) {
  switch (r) {
    case Round::Rz:
    case Round::Rzi:
      return FE_TOWARDZERO;
    case Round::Rm:
    case Round::Rmi:
      return FE_DOWNWARD;
    case Round::Rp:
    case Round::Rpi:
      return FE_UPWARD;
    default:
      return FE_TONEAREST;
  }
}

double decode(Type t, u64 bits) {
  if (t == Type::F64) return fromBits(bits);
  if (t == Type::F32 || t == Type::BF16) {  // exact in float: the host converts
    const auto b = static_cast<std::uint32_t>(t == Type::BF16 ? bits << 16 : bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  const Format f = formatOf(t);
  const int fracBits = f.p - 1;
  const int total = 1 + f.ebits + fracBits;
  const bool neg = (bits >> (total - 1)) & 1;
  const int e = static_cast<int>((bits >> fracBits) & maskOf(f.ebits));
  const u64 frac = bits & maskOf(fracBits);
  double v;
  if (e == static_cast<int>(maskOf(f.ebits)))
    v = frac ? std::numeric_limits<double>::quiet_NaN() : INFINITY;
  else if (e == 0)
    v = std::ldexp(static_cast<double>(frac), f.emin - fracBits);
  else
    v = std::ldexp(static_cast<double>(frac | (u64{1} << fracBits)), e - f.emax - fracBits);
  return neg ? -v : v;
}

u64 encode(Type t, double v) {
  if (t == Type::F64) return bitsOf(v);
  const Format f = formatOf(t);
  const int fracBits = f.p - 1;
  const u64 expAll = maskOf(f.ebits);
  if (std::isnan(v)) return (expAll << fracBits) | maskOf(fracBits);  // canonical NaN
  if (t == Type::F32) {  // v is a float: the host converts exactly
    const float fv = static_cast<float>(v);
    std::uint32_t b;
    std::memcpy(&b, &fv, 4);
    return b;
  }
  const u64 sign = std::signbit(v) ? u64{1} << (f.ebits + fracBits) : 0;
  const double a = std::fabs(v);
  if (std::isinf(a)) return sign | (expAll << fracBits);
  if (a == 0) return sign;
  const int e = std::ilogb(a);
  if (e < f.emin) return sign | static_cast<u64>(std::ldexp(a, fracBits - f.emin));
  const u64 frac = static_cast<u64>(std::ldexp(a, fracBits - e)) & maskOf(fracBits);
  return sign | (static_cast<u64>(e + f.emax) << fracBits) | frac;
}

double roundIntegral(double x, Round r) {
  switch (r) {
    case Round::Rz:
    case Round::Rzi:
      return std::trunc(x);
    case Round::Rm:
    case Round::Rmi:
      return std::floor(x);
    case Round::Rp:
    case Round::Rpi:
      return std::ceil(x);
    default: {
      // Ties to even, exactly (no host rounding mode involved).
      double n = std::trunc(x);
      const double fr = std::fabs(x - n);
      // (a half fraction means |x| < 2^52: n fits in an integer)
      if (fr > 0.5 || (fr == 0.5 && (static_cast<i64>(n) & 1))) n += std::copysign(1.0, x);
      return std::copysign(n, x);
    }
  }
}

double roundTo(Type t, double x, Round r) {
  if (t == Type::F64 || !std::isfinite(x) || x == 0) return x;
  if (t == Type::F32 && (r == Round::None || r == Round::Rn) && std::fegetround() == FE_TONEAREST) {
    volatile float v = static_cast<float>(x);  // the host rounds to nearest
    return v;
  }
  const Format f = formatOf(t);
  // Scale so that one unit in the last place of the format is 1, round to an integer, scale
  // back: all exact in double for formats narrower than binary64.
  const int q = std::max(std::ilogb(x), f.emin) - (f.p - 1);
  const double y = std::ldexp(roundIntegral(std::ldexp(x, -q), r), q);
  const double maxFinite = std::ldexp(std::ldexp(1.0, f.p) - 1, f.emax - f.p + 1);
  if (std::fabs(y) <= maxFinite) return y;
  const bool toInf = r == Round::Rz || r == Round::Rzi   ? false
                     : r == Round::Rm || r == Round::Rmi ? x < 0
                     : r == Round::Rp || r == Round::Rpi ? x > 0
                                                         : true;
  return std::copysign(toInf ? INFINITY : maxFinite, x);
}

double minNormal(Type t) {
  return std::ldexp(1.0, formatOf(t).emin);
}

double flushSubnormal(Type t, double x) {
  return (x != 0 && std::fabs(x) < minNormal(t)) ? std::copysign(0.0, x) : x;
}

u64 finishFloat(const Instr& ins, Type t, double v) {
  if (ins.ftz) v = flushSubnormal(t, v);
  if (ins.sat) {
    // PTX ISA 9.7.3: .sat clamps to [0.0, 1.0]; NaN gives +0.0 (and so does -0.0 here).
    if (!(v > 0)) v = 0;
    if (v > 1) v = 1;
  }
  return encode(t, v);
}

}  // namespace warpsim::ptx::alu
