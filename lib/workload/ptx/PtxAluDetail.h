#pragma once
// Internals of the per-lane arithmetic (PtxAlu.h): source reading, float formats and rounding,
// and the per-family evaluators that PtxAlu.cpp dispatches to. Nothing here allocates.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "warpsim/workload/ptx/PtxAlu.h"

namespace warpsim::ptx::alu {

using u64 = std::uint64_t;
using i64 = std::int64_t;
using u128 = unsigned __int128;
using i128 = __int128;

inline unsigned widthOf(Type t) {
  return t == Type::Pred ? 1 : sizeOf(t) * 8;
}
inline u64 maskOf(unsigned w) {
  return w >= 64 ? ~u64{0} : ((u64{1} << w) - 1);
}
inline i64 sext(u64 v, unsigned w) {
  if (w >= 64) return static_cast<i64>(v);
  const unsigned s = 64 - w;
  return static_cast<i64>(v << s) >> s;
}
inline bool isInt(Type t) {
  return t >= Type::B8 && t <= Type::S64 && t != Type::B128;
}
inline bool isBits(Type t) {
  return t >= Type::B8 && t <= Type::B64;
}
// setp/set's compare of two integers of type t (their low bits), and of two floats.
inline bool compareInt(Cmp c, Type t, u64 ua, u64 ub) {
  const unsigned w = widthOf(t);
  const i64 sa = sext(ua, w), sb = sext(ub, w);
  const bool s = isSigned(t);
  switch (c) {
    case Cmp::Eq:
      return ua == ub;
    case Cmp::Ne:
      return ua != ub;
    case Cmp::Lt:
      return s ? sa < sb : ua < ub;
    case Cmp::Le:
      return s ? sa <= sb : ua <= ub;
    case Cmp::Gt:
      return s ? sa > sb : ua > ub;
    case Cmp::Ge:
      return s ? sa >= sb : ua >= ub;
    case Cmp::Lo:
      return ua < ub;
    case Cmp::Ls:
      return ua <= ub;
    case Cmp::Hi:
      return ua > ub;
    case Cmp::Hs:
      return ua >= ub;
    default:
      return false;
  }
}

// PTX ISA 9.7.6.1: ordered compares are false with a NaN operand, unordered ones true.
inline bool compareFloat(Cmp c, double a, double b) {
  const bool unordered = std::isnan(a) || std::isnan(b);
  switch (c) {
    case Cmp::Eq:
      return a == b;
    case Cmp::Ne:
      return !unordered && a != b;
    case Cmp::Lt:
      return a < b;
    case Cmp::Le:
      return a <= b;
    case Cmp::Gt:
      return a > b;
    case Cmp::Ge:
      return a >= b;
    case Cmp::Equ:
      return unordered || a == b;
    case Cmp::Neu:
      return a != b;
    case Cmp::Ltu:
      return unordered || a < b;
    case Cmp::Leu:
      return unordered || a <= b;
    case Cmp::Gtu:
      return unordered || a > b;
    case Cmp::Geu:
      return unordered || a >= b;
    case Cmp::Num:
      return !unordered;
    case Cmp::Nan:
      return unordered;
    default:
      return false;
  }
}

// Same width, unsigned / signed.
Type unsignedOf(Type t);

// Source i zero-extended from its sourceType width / sign-extended when that type is signed.
inline u64 srcU(const Instr& ins, const LaneIn& in, unsigned i) {
  return in.src[i] & maskOf(widthOf(sourceType(ins, i)));
}
inline i64 srcS(const Instr& ins, const LaneIn& in, unsigned i) {
  const Type t = sourceType(ins, i);
  const u64 v = in.src[i] & maskOf(widthOf(t));
  return isSigned(t) ? sext(v, widthOf(t)) : static_cast<i64>(v);
}

inline u64 bitsOf(double d) {
  u64 b;
  std::memcpy(&b, &d, 8);
  return b;
}
inline double fromBits(u64 b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

// Sets the host rounding mode for its scope and restores the previous one.
class FenvScope {
 public:
  explicit FenvScope(int mode) : old_(std::fegetround()) {
    if (old_ != mode) std::fesetround(mode);
  }
  ~FenvScope() {
    if (std::fegetround() != old_) std::fesetround(old_);
  }
  FenvScope(const FenvScope&) = delete;
  FenvScope& operator=(const FenvScope&) = delete;

 private:
  int old_;
};

int hostMode(Round r);  // FE_TONEAREST for None/Rn/Rni, ...

// f() computed in double, rounded to odd (round toward zero, then the last bit set when
// inexact): rounding that once more to a format of at most 51 bits of precision gives the
// correctly rounded result in any mode. f must read its inputs through volatiles.
template <class F>
double roundToOdd(F f) {
  std::fexcept_t saved;
  std::fegetexceptflag(&saved, FE_INEXACT);
  double v;
  bool inexact;
  {
    FenvScope s(FE_TOWARDZERO);
    std::feclearexcept(FE_INEXACT);
    volatile double r = f();
    inexact = std::fetestexcept(FE_INEXACT) != 0;
    v = r;
  }
  std::fesetexceptflag(&saved, FE_INEXACT);
  if (inexact && v == v && v - v == 0) v = fromBits(bitsOf(v) | 1);
  return v;
}

// f() computed in double under rounding mode r (for f64 results).
template <class F>
double inMode(Round r, F f) {
  FenvScope s(hostMode(r));
  volatile double v = f();
  return v;
}

// Float formats. decode gives the exact value; roundTo rounds a double to the format (mode r,
// overflow per IEEE: to infinity or the largest finite value); encode takes a value the format
// holds exactly (NaN encodes as the canonical NaN: all exponent and fraction bits set).
double decode(Type t, u64 bits);
u64 encode(Type t, double v);
double roundTo(Type t, double x, Round r);
double roundIntegral(double x, Round r);  // rni/rn: ties to even, rzi, rmi, rpi
double flushSubnormal(Type t, double x);  // to a zero of the same sign
double minNormal(Type t);
// A float result: .ftz flushes, .sat clamps to [0, 1] (NaN to +0), then encoded.
u64 finishFloat(const Instr& ins, Type t, double v);

// The type setp and set compare (set: its source type, type2; setp: type2 when given, else
// the instruction type).
Type compareType(const Instr& ins);

// Per-family evaluators; each returns false when the op is not its own.
bool evalIntArith(const Instr& ins, const LaneIn& in, LaneOut& out);
bool evalBits(const Instr& ins, const LaneIn& in, LaneOut& out);
// t: the instruction type, or for .f16x2/.bf16x2 the element type (one half at a time).
bool evalFloatArith(const Instr& ins, Type t, const LaneIn& in, LaneOut& out);
bool evalCompare(const Instr& ins, const LaneIn& in, LaneOut& out);
bool evalMoveCvt(const Instr& ins, const LaneIn& in, LaneOut& out);

}  // namespace warpsim::ptx::alu
