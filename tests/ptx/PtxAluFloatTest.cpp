// Per-lane float arithmetic (PTX ISA 9.7.3, 9.7.4): every rounding mode against the host's IEEE
// results (f32 and f64 add sub mul div sqrt fma rcp over a fixed set of edge and random values),
// ties, .ftz, .sat, NaN/inf/-0 edges, min/max, neg/abs/copysign.
#include <cfloat>
#include <sstream>
#include <string>

#include "AluTestSupport.h"

using namespace alutest;

namespace {

Instr fop(Op op, Type t, Round r = Round::None) {
  return withRound(mk(op, t), r);
}

// The host's result of `op` in mode m, in T (float or double).
template <class T>
T hostOp(Op op, Round m, T a, T b, T c) {
  return hostIn(hostMode(m), [&] {
    volatile T x = a, y = b, z = c, r = 0;
    switch (op) {
      case Op::Add:
        r = x + y;
        break;
      case Op::Sub:
        r = x - y;
        break;
      case Op::Mul:
        r = x * y;
        break;
      case Op::Div:
        r = x / y;
        break;
      case Op::Rcp:
        r = T(1) / x;
        break;
      case Op::Sqrt:
        r = std::sqrt(static_cast<T>(x));
        break;
      default:
        r = std::fma(static_cast<T>(x), static_cast<T>(y), static_cast<T>(z));
    }
    return static_cast<T>(r);
  });
}
float hostF32(Op op, Round m, float a, float b, float c) {
  return hostOp<float>(op, m, a, b, c);
}
double hostF64(Op op, Round m, double a, double b, double c) {
  return hostOp<double>(op, m, a, b, c);
}

constexpr Op kOps[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Rcp, Op::Sqrt, Op::Fma};

}  // namespace

TEST_CASE("ptx alu: f32 arithmetic in every rounding mode equals the host's IEEE result") {
  Gen g;
  const u64 edges[] = {0,          0x80000000, 1,          0x80000001, 0x007fffff, 0x00800000,
                       0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
                       0x7fc00000, 0x33800000, 0x34000000, 0x3f800001};
  long compared = 0, mismatches = 0;
  std::string first;
  for (Op op : kOps)
    for (Round m : kModes)
      for (int i = 0; i < 600; ++i) {
        const u64 a = i < 16 ? edges[i] : g.f32();
        const u64 b = i < 16 ? edges[(i * 7) % 16] : g.f32();
        const u64 c = i < 16 ? edges[(i * 5 + 3) % 16] : g.f32();
        Instr ins = fop(op, Type::F32, m);
        const u64 got = eval(ins, {a, b, c});
        const u64 want = fb(hostF32(op, m, bf(a), bf(b), bf(c)));
        ++compared;
        if (!sameF32(got, want)) {
          ++mismatches;
          std::ostringstream os;
          os << name(op) << " mode " << int(m) << std::hex << " a " << a << " b " << b << " c " << c
             << " got " << got << " want " << want << "\n";
          first += os.str();
        }
      }
  INFO(first);
  CHECK(compared == 7 * 4 * 600);
  CHECK(mismatches == 0);
}

TEST_CASE("ptx alu: f64 arithmetic in every rounding mode equals the host's IEEE result") {
  Gen g;
  long mismatches = 0;
  for (Op op : kOps)
    for (Round m : kModes)
      for (int i = 0; i < 400; ++i) {
        const u64 a = g.f64(), b = g.f64(), c = g.f64();
        const u64 got = eval(fop(op, Type::F64, m), {a, b, c});
        const u64 want = db(hostF64(op, m, bd(a), bd(b), bd(c)));
        if (!sameF64(got, want)) ++mismatches;
      }
  CHECK(mismatches == 0);
}

TEST_CASE("ptx alu: f32 ties and directed rounding on exact figures") {
  const u64 one = fb(1.0f), halfUlp = fb(std::ldexp(1.0f, -24)),
            next = fb(std::nextafter(1.f, 2.f));
  CHECK(eval(fop(Op::Add, Type::F32, Round::Rn), {one, halfUlp}) == one);  // tie to even
  CHECK(eval(fop(Op::Add, Type::F32, Round::Rz), {one, halfUlp}) == one);
  CHECK(eval(fop(Op::Add, Type::F32, Round::Rm), {one, halfUlp}) == one);
  CHECK(eval(fop(Op::Add, Type::F32, Round::Rp), {one, halfUlp}) == next);
  CHECK(eval(fop(Op::Add, Type::F32, Round::Rn), {next, halfUlp}) ==
        fb(std::nextafter(bf(next), 2.f)));  // tie to even, upwards
  CHECK(eval(fop(Op::Sub, Type::F32, Round::Rm), {fb(-1.f), halfUlp}) ==
        fb(std::nextafter(-1.f, -2.f)));
  CHECK(eval(fop(Op::Mul, Type::F32, Round::Rz), {0x7f7fffff, fb(2.f)}) == 0x7f7fffff);
  CHECK(eval(fop(Op::Mul, Type::F32, Round::Rn), {0x7f7fffff, fb(2.f)}) == 0x7f800000);
  CHECK(eval(fop(Op::Mul, Type::F32, Round::Rm), {0x7f7fffff, fb(-2.f)}) == 0xff800000);
  CHECK(eval(fop(Op::Mul, Type::F32, Round::Rp), {0x7f7fffff, fb(-2.f)}) == 0xff7fffff);
  CHECK(eval(fop(Op::Div, Type::F32, Round::Rn), {one, fb(3.f)}) == fb(1.f / 3.f));
  CHECK(eval(fop(Op::Div, Type::F32, Round::Rz), {one, fb(3.f)}) == fb(1.f / 3.f) - 1);
  // 1 + 2^-53 in f64: a tie at rn, the next double at rp
  const u64 d1 = db(1.0), dq = db(std::ldexp(1.0, -53));
  CHECK(eval(fop(Op::Add, Type::F64, Round::Rn), {d1, dq}) == d1);
  CHECK(eval(fop(Op::Add, Type::F64, Round::Rp), {d1, dq}) == db(std::nextafter(1.0, 2.0)));
  CHECK(std::fegetround() == FE_TONEAREST);  // the host mode is restored
}

TEST_CASE("ptx alu: fma and mad are fused, div, sqrt, rcp edge values") {
  const float e = std::ldexp(1.f, -23);
  const u64 r = eval(fop(Op::Fma, Type::F32, Round::Rn), {fb(1 + e), fb(1 - e), fb(-1.f)});
  CHECK(bf(r) == -std::ldexp(1.f, -46));  // unfused: 0
  CHECK(eval(fop(Op::Mad, Type::F32, Round::Rn), {fb(1 + e), fb(1 - e), fb(-1.f)}) == r);
  CHECK(eval(fop(Op::Div, Type::F32, Round::Rn), {fb(1.f), 0}) == 0x7f800000);
  CHECK(eval(fop(Op::Div, Type::F32, Round::Rn), {fb(-1.f), 0}) == 0xff800000);
  CHECK(std::isnan(bf(eval(fop(Op::Div, Type::F32, Round::Rn), {0, 0}))));
  CHECK(std::isnan(bf(eval(fop(Op::Sqrt, Type::F32, Round::Rn), {fb(-1.f)}))));
  CHECK(eval(fop(Op::Sqrt, Type::F32, Round::Rn), {0x80000000}) == 0x80000000);
  CHECK(eval(fop(Op::Rcp, Type::F32, Round::Rn), {0x80000000}) == 0xff800000);
  CHECK(eval(fop(Op::Rcp, Type::F64, Round::Rn), {db(4.0)}) == db(0.25));
  Instr full = mk(Op::Div, Type::F32);
  full.full = true;
  CHECK(eval(full, {fb(1.f), fb(3.f)}) == fb(1.f / 3.f));
  Instr approx = mk(Op::Div, Type::F32);
  approx.approx = true;
  CHECK(eval(approx, {fb(10.f), fb(4.f)}) == fb(2.5f));
  Instr rcp = mk(Op::Rcp, Type::F64);
  rcp.approx = rcp.ftz = true;
  CHECK(eval(rcp, {db(DBL_MIN / 4)}) == 0x7ff0000000000000u);  // subnormal flushed: 1/0
  CHECK(eval(rcp, {db(-8.0)}) == db(-0.125));
}

TEST_CASE("ptx alu: .ftz flushes subnormal inputs and results to signed zero") {
  Instr add = fop(Op::Add, Type::F32, Round::Rn);
  CHECK(eval(add, {1, 0}) == 1);  // no .ftz: the subnormal survives
  add.ftz = true;
  CHECK(eval(add, {1, 0}) == 0);
  CHECK(eval(add, {0x80000001, 0x80000000}) == 0x80000000);
  Instr mul = fop(Op::Mul, Type::F32, Round::Rn);
  const u64 a = fb(std::ldexp(1.f, -100)), b = fb(std::ldexp(-1.f, -40));
  CHECK(bf(eval(mul, {a, b})) == -std::ldexp(1.f, -140));
  mul.ftz = true;
  CHECK(eval(mul, {a, b}) == 0x80000000);
  CHECK(eval(mul, {fb(FLT_MIN), fb(1.f)}) == fb(FLT_MIN));  // the smallest normal stays
  Instr neg = mk(Op::Neg, Type::F32);
  CHECK(eval(neg, {1}) == 0x80000001);
  neg.ftz = true;
  CHECK(eval(neg, {1}) == 0x80000000);
  Instr abs = mk(Op::Abs, Type::F32);
  abs.ftz = true;
  CHECK(eval(abs, {0x80000005}) == 0);
}

TEST_CASE("ptx alu: .sat clamps float results to [0, 1] and NaN to 0") {
  Instr add = fop(Op::Add, Type::F32, Round::Rn);
  add.sat = true;
  CHECK(bf(eval(add, {fb(0.7f), fb(0.7f)})) == 1.0f);
  CHECK(eval(add, {fb(-5.f), fb(1.f)}) == 0);
  CHECK(eval(add, {fb(0.25f), fb(0.25f)}) == fb(0.5f));
  CHECK(eval(add, {0x7fc00000, fb(1.f)}) == 0);
  CHECK(eval(add, {fb(-0.f), fb(-0.f)}) == 0);
  Instr fma = fop(Op::Fma, Type::F32, Round::Rn);
  fma.sat = true;
  CHECK(eval(fma, {fb(2.f), fb(2.f), fb(-3.5f)}) == fb(0.5f));
  CHECK(eval(fma, {0x7f800000, 0, 0}) == 0);  // inf * 0 = NaN -> 0
}

TEST_CASE("ptx alu: float min and max ignore one NaN and order -0 below +0") {
  const u64 nan = 0x7fc00000;
  CHECK(eval(mk(Op::Min, Type::F32), {nan, fb(2.f)}) == fb(2.f));
  CHECK(eval(mk(Op::Max, Type::F32), {fb(2.f), nan}) == fb(2.f));
  CHECK(std::isnan(bf(eval(mk(Op::Min, Type::F32), {nan, nan}))));
  CHECK(eval(mk(Op::Min, Type::F32), {0, 0x80000000}) == 0x80000000);
  CHECK(eval(mk(Op::Max, Type::F32), {0x80000000, 0}) == 0);
  CHECK(eval(mk(Op::Min, Type::F32), {fb(-1.f), 0xff800000}) == 0xff800000);
  CHECK(eval(mk(Op::Max, Type::F64), {db(-1.0), db(3.5)}) == db(3.5));
  Instr ftz = mk(Op::Max, Type::F32);
  ftz.ftz = true;
  CHECK(eval(ftz, {1, 0x80000000}) == 0);
}

TEST_CASE("ptx alu: neg, abs and copysign work on the sign bit") {
  CHECK(eval(mk(Op::Neg, Type::F32), {0}) == 0x80000000);
  CHECK(eval(mk(Op::Neg, Type::F64), {db(2.0)}) == db(-2.0));
  CHECK(eval(mk(Op::Abs, Type::F32), {0x80000000}) == 0);
  CHECK(eval(mk(Op::Abs, Type::F32), {0xff800000}) == 0x7f800000);
  CHECK(eval(mk(Op::Abs, Type::F64), {db(-0.5)}) == db(0.5));
  CHECK(eval(mk(Op::Neg, Type::F16), {0x3c00}) == 0xbc00);
  // copysign d, a, b: b's magnitude with a's sign
  CHECK(eval(mk(Op::Copysign, Type::F32), {fb(-1.f), fb(2.f)}) == fb(-2.f));
  CHECK(eval(mk(Op::Copysign, Type::F32), {fb(1.f), fb(-2.f)}) == fb(2.f));
  CHECK(eval(mk(Op::Copysign, Type::F64), {db(-0.0), db(3.0)}) == db(-3.0));
}

TEST_CASE("ptx alu: results do not depend on the caller's rounding mode, which is kept") {
  const u64 one = fb(1.0f), halfUlp = fb(std::ldexp(1.0f, -24));
  std::fesetround(FE_UPWARD);
  const u64 rn = eval(fop(Op::Add, Type::F32, Round::Rn), {one, halfUlp});
  const u64 none = eval(fop(Op::Add, Type::F32), {one, halfUlp});
  const u64 rz = eval(fop(Op::Add, Type::F32, Round::Rz), {one, halfUlp});
  const u64 d = eval(fop(Op::Add, Type::F64), {db(1.0), db(std::ldexp(1.0, -53))});
  const u64 h = eval(mk(Op::Add, Type::F16), {0x3c00, 0x1000});
  const u64 c = eval(withRound(mk(Op::Cvt, Type::F32, Type::F64), Round::Rn), {db(1.0 + 0x1p-24)});
  const int mode = std::fegetround();
  std::fesetround(FE_TONEAREST);
  CHECK(rn == one);
  CHECK(none == one);
  CHECK(rz == one);
  CHECK(d == db(1.0));
  CHECK(h == 0x3c00);
  CHECK(c == one);
  CHECK(mode == FE_UPWARD);
}
