// Floating-point arithmetic of the per-lane arithmetic (PTX ISA 9.7.3, 9.7.4, 9.7.5): add sub
// mul mad fma div min max neg abs sqrt rcp rsqrt copysign, and the .approx transcendentals
// sin cos lg2 ex2 tanh, on f16, bf16, f32 and f64.
//
// f64 operations run on the host under the instruction's rounding mode. Narrower formats are
// computed in double rounded to odd and then rounded to the format in the instruction's mode,
// which is correctly rounded (double has more than twice their precision plus two bits).
#include <cmath>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx::alu {
namespace {

// Computes f (reading its operands through volatiles) correctly rounded to t in mode r.
// `basic`: f is one add, sub, mul, div or sqrt, whose double result rounded to nearest again
// to a format of at most 25 bits is still correctly rounded: the fast path when the host
// already rounds to nearest.
template <class F>
double compute(Type t, Round r, F f, bool basic = true) {
  if (t == Type::F64) return inMode(r, f);
  if (basic && (r == Round::None || r == Round::Rn) && std::fegetround() == FE_TONEAREST) {
    volatile double v = f();
    return roundTo(t, v, Round::Rn);
  }
  const double v = roundToOdd(f);
  // An exact zero's sign depends on the mode (x - x is -0 in rm: IEEE 754 6.3).
  return v == 0 ? inMode(r, f) : roundTo(t, v, r);
}

// a * b + c for operands narrower than double, rounded to odd in double without changing the
// host's mode (which rounds to nearest): the product is exact, and TwoSum gives the sum's
// rounding error e exactly; the sum truncated is s, or the double before s when e points
// towards zero.
double fusedToOdd(double a, double b, double c) {
  volatile double pv = a * b;  // volatile: no contraction into an fma
  const double p = pv;
  const double s = p + c;
  const double bb = s - p;
  const double e = (p - (s - bb)) + (c - bb);
  if (e == 0 || !std::isfinite(s)) return s;
  const double t = ((e > 0) != (s > 0)) ? std::nextafter(s, 0.0) : s;
  return fromBits(bitsOf(t) | 1);
}

// A value computed by a host function (the .approx forms), rounded to nearest in t.
double nearest(Type t, double v) {
  return roundTo(t, v, Round::Rn);
}

double minMax(bool isMin, double a, double b) {
  // PTX ISA 9.7.3.10/11: a NaN operand gives the other one; -0.0 is below +0.0 (README).
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return (std::signbit(a) == isMin) ? a : b;
  return (a < b) == isMin ? a : b;
}

}  // namespace

bool evalFloatArith(const Instr& ins, Type t, const LaneIn& in, LaneOut& out) {
  const unsigned w = widthOf(t);
  const u64 sign = u64{1} << (w - 1);
  auto arg = [&](unsigned i) {
    const double v = decode(t, in.src[i] & maskOf(w));
    return ins.ftz ? flushSubnormal(t, v) : v;
  };
  // .approx and .full forms round to nearest; the others as the instruction says.
  const Round r = (ins.approx || ins.full) ? Round::Rn : ins.round;
  double v = 0;
  switch (ins.op) {
    case Op::Add: {
      const double a = arg(0), b = arg(1);
      v = compute(t, r, [a, b] {
        volatile double x = a, y = b;
        return x + y;
      });
      break;
    }
    case Op::Sub: {
      const double a = arg(0), b = arg(1);
      v = compute(t, r, [a, b] {
        volatile double x = a, y = b;
        return x - y;
      });
      break;
    }
    case Op::Mul: {
      const double a = arg(0), b = arg(1);
      v = compute(t, r, [a, b] {
        volatile double x = a, y = b;
        return x * y;
      });
      break;
    }
    case Op::Mad:  // PTX ISA 9.7.3.6: mad.f32/.f64 (sm_20 and later) is fused, as fma
    case Op::Fma: {
      const double a = arg(0), b = arg(1), c = arg(2);
      if (t == Type::F64) {
        v = compute(t, r, [a, b, c] {
          volatile double x = a, y = b, z = c;
          return std::fma(x, y, z);
        });
      } else if ((r == Round::None || r == Round::Rn) && std::fegetround() == FE_TONEAREST) {
        v = roundTo(t, fusedToOdd(a, b, c), Round::Rn);
      } else {  // the product of two narrower values is exact in double
        v = compute(
            t, r,
            [a, b, c] {
              volatile double x = a, y = b, z = c;
              volatile double p = x * y;
              return p + z;
            },
            false);
      }
      break;
    }
    case Op::Div: {
      const double a = arg(0), b = arg(1);
      v = compute(t, r, [a, b] {
        volatile double x = a, y = b;
        return x / y;
      });
      break;
    }
    case Op::Rcp: {
      const double a = arg(0);
      v = compute(t, r, [a] {
        volatile double x = a;
        return 1.0 / x;
      });
      break;
    }
    case Op::Sqrt: {
      const double a = arg(0);
      v = compute(t, r, [a] {
        volatile double x = a;
        return std::sqrt(x);
      });
      break;
    }
    case Op::Rsqrt:  // .approx only: the host's 1/sqrt in double, rounded to nearest
      v = nearest(t, 1.0 / std::sqrt(arg(0)));
      break;
    case Op::Sin:
      v = nearest(t, std::sin(arg(0)));
      break;
    case Op::Cos:
      v = nearest(t, std::cos(arg(0)));
      break;
    case Op::Lg2:
      v = nearest(t, std::log2(arg(0)));
      break;
    case Op::Ex2:
      v = nearest(t, std::exp2(arg(0)));
      break;
    case Op::Tanh:
      v = nearest(t, std::tanh(arg(0)));
      break;
    case Op::Min:
    case Op::Max:
      v = minMax(ins.op == Op::Min, arg(0), arg(1));
      if (std::isnan(v)) {
        out.d = encode(t, v);
        return true;
      }
      break;
    case Op::Neg:
    case Op::Abs: {  // sign-bit operations; .ftz flushes a subnormal input first
      u64 a = in.src[0] & maskOf(w);
      if (ins.ftz && !std::isnan(arg(0))) a = encode(t, arg(0));
      out.d = ins.op == Op::Neg ? (a ^ sign) : (a & ~sign);
      return true;
    }
    case Op::Copysign:  // PTX ISA 9.7.3.3: b's magnitude with a's sign
      out.d = ((in.src[0] & sign) | (in.src[1] & ~sign)) & maskOf(w);
      return true;
    default:
      return false;
  }
  out.d = finishFloat(ins, t, v);
  return true;
}

}  // namespace warpsim::ptx::alu
