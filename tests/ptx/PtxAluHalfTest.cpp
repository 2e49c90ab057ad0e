// f16 and bf16 arithmetic and conversion (PTX ISA 9.7.4, 9.7.9.21), checked against the host's
// _Float16 (every f16 value, rounding modes), and the .approx forms within the PTX ISA's stated
// error bounds (README).
#include <cfloat>

#include "AluTestSupport.h"

using namespace alutest;

namespace {

Instr cvt(Type d, Type s, Round r = Round::None) {
  return withRound(mk(Op::Cvt, d, s), r);
}
Instr approx(Op op, Type t) {
  Instr ins = mk(op, t);
  ins.approx = true;
  return ins;
}
bool isNanF16(u64 h) {
  return (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
}

#ifdef __FLT16_MAX__
u64 hb(_Float16 h) {
  std::uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
_Float16 bh(u64 b) {
  const auto v = static_cast<std::uint16_t>(b);
  _Float16 h;
  std::memcpy(&h, &v, 2);
  return h;
}
#endif

}  // namespace

TEST_CASE("ptx alu: every f16 value converts to f32 exactly and back unchanged") {
  long nans = 0;
  for (u64 h = 0; h < 0x10000; ++h) {
    const u64 f = eval(cvt(Type::F32, Type::F16), {h});
    const u64 back = eval(cvt(Type::F16, Type::F32, Round::Rn), {f});
    if (isNanF16(h)) {
      ++nans;
      CHECK(std::isnan(bf(f)));
      CHECK(back == 0x7fff);  // the canonical NaN
      continue;
    }
    if (back != h) FAIL("f16 " << h << " came back as " << back);
#ifdef __FLT16_MAX__
    if (f != fb(static_cast<float>(bh(h)))) FAIL("f16 " << h << " is f32 " << f);
#endif
  }
  CHECK(nans == 2 * 1023);
  CHECK(eval(cvt(Type::F32, Type::F16), {0x0001}) == fb(std::ldexp(1.f, -24)));
  CHECK(eval(cvt(Type::F32, Type::F16), {0x7bff}) == fb(65504.f));
  CHECK(eval(cvt(Type::F32, Type::F16), {0xfc00}) == 0xff800000);
  CHECK(eval(cvt(Type::F64, Type::F16), {0x8000}) == db(-0.0));
}

#ifdef __FLT16_MAX__
TEST_CASE("ptx alu: f32 and f64 to f16 and f16 arithmetic round as the host's _Float16") {
  Gen g;
  long mismatches = 0;
  for (Round m : kModes)
    for (int i = 0; i < 3000; ++i) {
      // f32 values around the f16 range: exponents 2^-30 .. 2^17
      const u64 x = (g.next() & 0x807fffffu) | ((97 + g.next() % 48) << 23);
      const u64 got = eval(cvt(Type::F16, Type::F32, m), {x});
      const u64 want = hostIn(hostMode(m), [&] {
        volatile float v = bf(x);
        volatile _Float16 h = static_cast<_Float16>(v);
        return hb(h);
      });
      if (got != want) ++mismatches;
      const double d = bd(g.f64()) * 1e-3;
      const u64 gotD = eval(cvt(Type::F16, Type::F64, m), {db(d)});
      const u64 wantD = hostIn(hostMode(m), [&] {
        volatile double v = d;
        volatile _Float16 h = static_cast<_Float16>(v);
        return hb(h);
      });
      if (gotD != wantD && !(isNanF16(gotD) && isNanF16(wantD))) ++mismatches;
      // f16 add / mul / div on random f16 values
      const u64 a = g.next() & 0xffff, b = g.next() & 0xffff;
      for (Op op : {Op::Add, Op::Sub, Op::Mul}) {
        const u64 r = eval(withRound(mk(op, Type::F16), m), {a, b});
        const u64 want2 = hostIn(hostMode(m), [&] {
          volatile _Float16 x = bh(a), y = bh(b);
          volatile _Float16 z = op == Op::Add ? x + y : op == Op::Sub ? x - y : x * y;
          return hb(z);
        });
        if (r != want2 && !(isNanF16(r) && isNanF16(want2))) ++mismatches;
      }
    }
  CHECK(mismatches == 0);
}
#endif

TEST_CASE("ptx alu: f16 arithmetic rounds to nearest even, overflows and keeps subnormals") {
  Instr add = mk(Op::Add, Type::F16);
  CHECK(eval(add, {0x3c00, 0x1000}) == 0x3c00);  // 1 + 2^-11: tie to even
  CHECK(eval(add, {0x3c00, 0x1200}) == 0x3c01);  // 1 + 0.75 ulp
  CHECK(eval(add, {0x3c00, 0x1600}) == 0x3c02);  // 1 + 1.5 ulp: tie to even, upwards
  CHECK(eval(add, {0x7bff, 0x4c00}) == 0x7c00);  // 65504 + 16: halfway to 2^16, overflows
  CHECK(eval(add, {0x7bff, 0x4b80}) == 0x7bff);  // 65504 + 15
  CHECK(eval(withRound(add, Round::Rz), {0x7bff, 0x7bff}) == 0x7bff);
  Instr mul = mk(Op::Mul, Type::F16);
  CHECK(eval(mul, {0x0400, 0x3800}) == 0x0200);  // 2^-14 * 0.5 = 2^-15, subnormal
  CHECK(eval(mul, {0x0001, 0x3800}) == 0x0000);  // 2^-25: a tie, to even zero
  mul.ftz = true;
  CHECK(eval(mul, {0x0400, 0x3800}) == 0x0000);
  CHECK(eval(mul, {0x8400, 0x3800}) == 0x8000);
  Instr fma = withRound(mk(Op::Fma, Type::F16), Round::Rn);
  // (1 + 2^-10)(1 - 2^-10) - 1 = -2^-20, a subnormal; unfused it would be 0
  CHECK(eval(fma, {0x3c01, 0x3bfe, 0xbc00}) == 0x8010);
  Instr sat = mk(Op::Add, Type::F16);
  sat.sat = true;
  CHECK(eval(sat, {0x3c00, 0x3c00}) == 0x3c00);
  CHECK(eval(mk(Op::Min, Type::F16), {0x7e00, 0xbc00}) == 0xbc00);
}

TEST_CASE("ptx alu: f16x2 and bf16x2 compute each half, cvt packs two f32") {
  // {upper, lower}: {1, 16} + {0.5, 65504} = {1.5, inf}
  CHECK(eval(mk(Op::Add, Type::F16x2), {0x3c004c00, 0x38007bff}) == 0x3e007c00);
  CHECK(eval(mk(Op::Mul, Type::BF16x2), {0x40004040, 0x3f80c000}) == 0x4000c0c0);  // {2, -6}
  CHECK(eval(mk(Op::Neg, Type::F16x2), {0x3c00bc00}) == 0xbc003c00);
  CHECK(eval(withRound(mk(Op::Fma, Type::F16x2), Round::Rn),
             {0x40004000, 0x40004200, 0x3c003c00}) == 0x45004700);  // {2*2+1, 2*3+1} = {5, 7}
  Instr sat = mk(Op::Add, Type::F16x2);
  sat.sat = true;
  CHECK(eval(sat, {0x3c00bc00, 0x3c000000}) == 0x3c000000);  // {2, -1} clamped to {1, 0}
  CHECK(eval(withRound(mk(Op::Cvt, Type::F16x2, Type::F32), Round::Rn), {fb(1.f), fb(-2.f)}) ==
        0x3c00c000);
  CHECK(eval(withRound(mk(Op::Cvt, Type::BF16x2, Type::F32), Round::Rz), {0x3f81ffff, fb(3.f)}) ==
        0x3f814040);
  CHECK(sourceType(mk(Op::Cvt, Type::F16x2, Type::F32), 1) == Type::F32);
}

TEST_CASE("ptx alu: bf16 conversion and arithmetic round to nearest even") {
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rn), {0x3f808000}) == 0x3f80);
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rn), {0x3f818000}) == 0x3f82);
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rn), {0x3f808001}) == 0x3f81);
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rz), {0x3f81ffff}) == 0x3f81);
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rn), {0x7f7fffff}) == 0x7f80);  // to inf
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rn), {0x00000001}) == 0x0000);
  CHECK(eval(cvt(Type::BF16, Type::F32, Round::Rn), {0x00018000}) == 0x0002);
  CHECK(eval(cvt(Type::F32, Type::BF16), {0xc049}) == 0xc0490000u);
  CHECK(eval(mk(Op::Add, Type::BF16), {0x3f80, 0x3b80}) == 0x3f80);  // 1 + 2^-8: tie
  CHECK(eval(mk(Op::Mul, Type::BF16), {0x4000, 0x4040}) == 0x40c0);  // 2 * 3
}

TEST_CASE("ptx alu: .approx transcendentals are within the PTX ISA's error bounds") {
  double worstSin = 0, worstLg2 = 0, worstLg2Rel = 0, worstEx2 = 0, worstTanh = 0, worstRsqrt = 0;
  for (int i = 0; i <= 4000; ++i) {
    const float x = static_cast<float>(-M_PI + 2 * M_PI * i / 4000);  // [-pi, pi]
    const long double lx = x;
    worstSin = std::max<double>(
        worstSin, std::fabs(bf(eval(approx(Op::Sin, Type::F32), {fb(x)})) - std::sin(lx)));
    worstSin = std::max<double>(
        worstSin, std::fabs(bf(eval(approx(Op::Cos, Type::F32), {fb(x)})) - std::cos(lx)));
    const float p = std::ldexp(1.f + i / 4000.f, i % 40 - 20);  // positive, 2^-20 .. 2^20
    const float q = 0.5f + 1.5f * i / 4000;                     // [0.5, 2]
    worstLg2 = std::max<double>(
        worstLg2, std::fabs(bf(eval(approx(Op::Lg2, Type::F32), {fb(q)})) - std::log2l(q)));
    if (p != 1)
      worstLg2Rel = std::max<double>(
          worstLg2Rel, std::fabs((bf(eval(approx(Op::Lg2, Type::F32), {fb(p)})) - std::log2l(p)) /
                                 std::log2l(p)));
    const float e = x * 20;  // ex2 over [-63, 63]
    const long double ex = std::exp2l(e);
    worstEx2 = std::max<double>(
        worstEx2, std::fabs((bf(eval(approx(Op::Ex2, Type::F32), {fb(e)})) - ex) / ex));
    const long double th = std::tanh(lx);
    if (th != 0)
      worstTanh = std::max<double>(
          worstTanh, std::fabs((bf(eval(approx(Op::Tanh, Type::F32), {fb(x)})) - th) / th));
    const long double rs = 1 / std::sqrt(static_cast<long double>(p));
    worstRsqrt = std::max<double>(
        worstRsqrt, std::fabs((bf(eval(approx(Op::Rsqrt, Type::F32), {fb(p)})) - rs) / rs));
  }
  CHECK(worstSin <= std::exp2(-20.9));     // sin/cos: absolute, on [-pi, pi]
  CHECK(worstLg2 <= std::exp2(-22.6));     // lg2: absolute
  CHECK(worstEx2 <= std::exp2(-22.5));     // ex2: relative (about 2 ulp)
  CHECK(worstTanh <= std::exp2(-10.987));  // tanh: relative
  CHECK(worstRsqrt <= std::exp2(-22.9));   // rsqrt: relative
  CHECK(eval(approx(Op::Lg2, Type::F32), {0}) == 0xff800000);
  CHECK(std::isnan(bf(eval(approx(Op::Lg2, Type::F32), {fb(-1.f)}))));
  CHECK(eval(approx(Op::Ex2, Type::F32), {0xff800000}) == 0);
  CHECK(eval(approx(Op::Ex2, Type::F32), {fb(3.f)}) == fb(8.f));
  CHECK(std::isnan(bf(eval(approx(Op::Sin, Type::F32), {0x7f800000}))));
  CHECK(eval(approx(Op::Tanh, Type::F32), {0x7f800000}) == fb(1.f));
  CHECK(eval(approx(Op::Ex2, Type::F16), {0x4000}) == 0x4400);  // 2^2 = 4
  CHECK(eval(approx(Op::Tanh, Type::F16), {0}) == 0);
  CHECK(eval(approx(Op::Rsqrt, Type::F64), {db(0.25)}) == db(2.0));
  Instr ftz = approx(Op::Ex2, Type::F32);
  ftz.ftz = true;
  CHECK(eval(ftz, {fb(-140.f)}) == 0);  // 2^-140 flushed
}

TEST_CASE("ptx alu: bf16 arithmetic equals the host's f32 result rounded to bf16") {
  // Rounding the f32 result again is exact for .rz (nested grids) and innocuous for .rn
  // (24 >= 2 * 8 + 2 bits): .rz truncates the f32 bits, .rn rounds them to nearest even.
  Gen g;
  long mismatches = 0, compared = 0;
  for (Round m : {Round::Rn, Round::Rz})
    for (int i = 0; i < 3000; ++i) {
      const u64 a = g.next() & 0xffff, b = g.next() & 0xffff;
      for (Op op : {Op::Add, Op::Sub, Op::Mul}) {
        const float fa = bf(a << 16), fbv = bf(b << 16);
        const auto f = static_cast<std::uint32_t>(fb(hostIn(hostMode(m), [&] {
          volatile float x = fa, y = fbv;
          volatile float z = op == Op::Add   ? x + y
                             : op == Op::Sub ? x - y
                             : op == Op::Mul ? x * y
                                             : x / y;
          return static_cast<float>(z);
        })));
        if (std::isnan(bf(f))) continue;
        const u64 want = m == Round::Rz ? f >> 16 : (f + 0x7fff + ((f >> 16) & 1)) >> 16;
        ++compared;
        if (eval(withRound(mk(op, Type::BF16), m), {a, b}) != want) ++mismatches;
      }
    }
  CHECK(compared > 15000);
  CHECK(mismatches == 0);
  CHECK(eval(withRound(mk(Op::Cvt, Type::BF16, Type::S32), Round::Rn), {257}) == 0x4380);
  CHECK(eval(withRound(mk(Op::Cvt, Type::BF16, Type::S32), Round::Rn), {259}) == 0x4382);
  CHECK(eval(withRound(mk(Op::Cvt, Type::S32, Type::BF16), Round::Rzi), {0xc2f7}) == 0xffffff85);
}
