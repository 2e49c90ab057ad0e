// cvt and mov (PTX ISA 9.7.9.21, 9.7.9.1): integer extension, truncation and .sat; integer to
// float in every rounding mode against the host; float to integer (.rni .rzi .rmi .rpi,
// saturating, NaN to 0); float to float rounding, integral rounding, .ftz and .sat.
#include <cfloat>
#include <climits>

#include "AluTestSupport.h"

using namespace alutest;

namespace {
constexpr u64 kM32 = 0xffffffffu;
Instr cvt(Type d, Type s, Round r = Round::None, bool sat = false) {
  Instr ins = withRound(mk(Op::Cvt, d, s), r);
  ins.sat = sat;
  return ins;
}
u64 s32(std::int64_t v) {
  return static_cast<u64>(v) & kM32;
}
// `v` converted to T as the host's signed conversion instruction does, in the current rounding
// mode: a compiler's own unsigned 64-bit conversion may be right only when rounding to nearest
// (clang's gives -0.0 for 0 when rounding down). Above 2^63, half of it with the lost bit kept
// as a sticky bit rounds as it does; doubling is exact.
template <class T>
T fromU64(u64 v) {
  const bool high = v >> 63;
  volatile std::int64_t x = static_cast<std::int64_t>(high ? (v >> 1) | (v & 1) : v);
  volatile T r = static_cast<T>(x);
  return high ? r * 2 : r;
}
}  // namespace

TEST_CASE("ptx alu: cvt between integers extends by the source, truncates, saturates") {
  CHECK(eval(cvt(Type::S32, Type::S8), {0x80}) == 0xffffff80);
  CHECK(eval(cvt(Type::U32, Type::S8), {0x80}) == 0xffffff80);
  CHECK(eval(cvt(Type::S32, Type::U8), {0x80}) == 0x80);
  CHECK(eval(cvt(Type::S64, Type::S32), {kM32}) == ~u64{0});
  CHECK(eval(cvt(Type::U64, Type::U32), {kM32}) == kM32);
  CHECK(eval(cvt(Type::U8, Type::U32), {0x1ff}) == 0xff);
  CHECK(eval(cvt(Type::S16, Type::S64), {0x12345678}) == 0x5678);
  CHECK(eval(cvt(Type::U8, Type::S32, Round::None, true), {s32(-5)}) == 0);
  CHECK(eval(cvt(Type::U8, Type::S32, Round::None, true), {300}) == 255);
  CHECK(eval(cvt(Type::S8, Type::S32, Round::None, true), {s32(-200)}) == 0x80);
  CHECK(eval(cvt(Type::S8, Type::S32, Round::None, true), {100}) == 100);
  CHECK(eval(cvt(Type::S32, Type::U32, Round::None, true), {kM32}) == 0x7fffffff);
  CHECK(eval(cvt(Type::U32, Type::S64, Round::None, true), {~u64{0}}) == 0);
  CHECK(eval(cvt(Type::U64, Type::S64, Round::None, true), {~u64{0}}) == 0);
  CHECK(eval(cvt(Type::S64, Type::U64, Round::None, true), {~u64{0}}) == 0x7fffffffffffffffu);
  CHECK(eval(cvt(Type::U16, Type::U64, Round::None, true), {0x10000}) == 0xffff);
  CHECK(eval(cvt(Type::S16, Type::U16, Round::None, true), {0x8000}) == 0x7fff);
}

TEST_CASE("ptx alu: cvt from integers to floats rounds in every mode as the host") {
  CHECK(eval(cvt(Type::F32, Type::S32, Round::Rn), {16777217}) == fb(16777216.f));
  CHECK(eval(cvt(Type::F32, Type::S32, Round::Rp), {16777217}) == fb(16777218.f));
  CHECK(eval(cvt(Type::F32, Type::S32, Round::Rn), {16777219}) == fb(16777220.f));  // tie, even
  CHECK(eval(cvt(Type::F32, Type::S32, Round::Rm), {s32(-16777217)}) == fb(-16777218.f));
  CHECK(eval(cvt(Type::F32, Type::U64, Round::Rn), {~u64{0}}) == fb(18446744073709551616.f));
  CHECK(eval(cvt(Type::F32, Type::U64, Round::Rz), {~u64{0}}) == 0x5f7fffff);
  CHECK(eval(cvt(Type::F64, Type::U64, Round::Rn), {~u64{0}}) == db(18446744073709551616.0));
  CHECK(eval(cvt(Type::F64, Type::S64, Round::Rn), {u64{1} << 63}) == db(-9223372036854775808.0));
  CHECK(eval(cvt(Type::F16, Type::S32, Round::Rn), {65520}) == 0x7c00);
  CHECK(eval(cvt(Type::F16, Type::S32, Round::Rn), {65519}) == 0x7bff);
  CHECK(eval(cvt(Type::F16, Type::S32, Round::Rz), {100000}) == 0x7bff);
  CHECK(eval(cvt(Type::F16, Type::S32, Round::Rn), {s32(-3)}) == 0xc200);
  CHECK(eval(cvt(Type::F32, Type::U8), {0xff}) == fb(255.f));
  CHECK(eval(cvt(Type::F32, Type::S16, Round::Rn, true), {0xfffe}) == 0);  // .sat: -2 -> 0
  Gen g;
  long mismatches = 0;
  for (Round m : kModes)
    for (int i = 0; i < 2000; ++i) {
      const u64 v = g.next() >> (g.next() % 64);
      const auto s = static_cast<std::int64_t>(g.next()) >> (g.next() % 64);
      const u64 f1 = fb(hostIn(hostMode(m), [&] {
        volatile std::int64_t x = s;
        volatile float r = static_cast<float>(x);
        return static_cast<float>(r);
      }));
      const u64 d1 = db(hostIn(hostMode(m), [&] {
        volatile std::int64_t x = s;
        volatile double r = static_cast<double>(x);
        return static_cast<double>(r);
      }));
      const u64 f2 = fb(hostIn(hostMode(m), [&] { return fromU64<float>(v); }));
      const u64 d2 = db(hostIn(hostMode(m), [&] { return fromU64<double>(v); }));
      mismatches += eval(cvt(Type::F32, Type::S64, m), {static_cast<u64>(s)}) != f1;
      mismatches += eval(cvt(Type::F64, Type::S64, m), {static_cast<u64>(s)}) != d1;
      mismatches += eval(cvt(Type::F32, Type::U64, m), {v}) != f2;
      mismatches += eval(cvt(Type::F64, Type::U64, m), {v}) != d2;
    }
  CHECK(mismatches == 0);
}

TEST_CASE("ptx alu: cvt from floats to integers rounds, saturates and maps NaN to 0") {
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rni), {fb(2.5f)}) == 2);
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rni), {fb(3.5f)}) == 4);
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rni), {fb(-2.5f)}) == s32(-2));
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rzi), {fb(-2.7f)}) == s32(-2));
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rmi), {fb(-2.1f)}) == s32(-3));
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rpi), {fb(2.1f)}) == 3);
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rzi), {0x7fc00000}) == 0);
  CHECK(eval(cvt(Type::U64, Type::F64, Round::Rni), {db(NAN)}) == 0);
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rzi), {fb(1e10f)}) == 0x7fffffff);
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rzi), {fb(-1e10f)}) == 0x80000000);
  CHECK(eval(cvt(Type::S32, Type::F32, Round::Rzi), {0xff800000}) == 0x80000000);
  CHECK(eval(cvt(Type::U32, Type::F32, Round::Rzi), {fb(-1.f)}) == 0);
  CHECK(eval(cvt(Type::U32, Type::F32, Round::Rzi), {0x7f800000}) == kM32);
  CHECK(eval(cvt(Type::U32, Type::F32, Round::Rzi), {fb(-0.5f)}) == 0);
  CHECK(eval(cvt(Type::S64, Type::F64, Round::Rzi), {db(9.3e18)}) == 0x7fffffffffffffffu);
  CHECK(eval(cvt(Type::S64, Type::F64, Round::Rzi), {db(-9223372036854775808.0)}) == u64{1} << 63);
  CHECK(eval(cvt(Type::U64, Type::F64, Round::Rzi), {db(18446744073709551616.0)}) == ~u64{0});
  CHECK(eval(cvt(Type::U64, Type::F64, Round::Rzi), {db(18446744073709549568.0)}) ==
        18446744073709549568u);
  CHECK(eval(cvt(Type::U8, Type::F32, Round::Rni), {fb(300.f)}) == 255);
  CHECK(eval(cvt(Type::S8, Type::F32, Round::Rni), {fb(-300.f)}) == 0x80);
  CHECK(eval(cvt(Type::S16, Type::F16, Round::Rzi), {0xc500}) == 0xfffb);  // -5.0
  CHECK(eval(cvt(Type::S32, Type::F64, Round::Rmi), {db(-0.0)}) == 0);
  Instr ftz = cvt(Type::S32, Type::F32, Round::Rpi);
  CHECK(eval(ftz, {1}) == 1);  // ceil of the smallest subnormal
  ftz.ftz = true;
  CHECK(eval(ftz, {1}) == 0);
}

TEST_CASE("ptx alu: cvt between floats rounds, rounds to integral values, .ftz and .sat") {
  Gen g;
  long mismatches = 0;
  for (Round m : kModes)
    for (int i = 0; i < 3000; ++i) {
      const u64 d = g.f64() ^ ((g.next() & 1) ? 0 : 0x3000000000000000u);
      const u64 want = fb(hostIn(hostMode(m), [&] {
        volatile double x = bd(d);
        volatile float r = static_cast<float>(x);
        return static_cast<float>(r);
      }));
      if (!sameF32(eval(cvt(Type::F32, Type::F64, m), {d}), want)) ++mismatches;
    }
  CHECK(mismatches == 0);
  CHECK(eval(cvt(Type::F32, Type::F64, Round::Rn), {db(1e300)}) == 0x7f800000);
  CHECK(eval(cvt(Type::F32, Type::F64, Round::Rz), {db(1e300)}) == fb(FLT_MAX));
  CHECK(eval(cvt(Type::F32, Type::F64, Round::Rn), {db(1e-50)}) == 0);
  CHECK(eval(cvt(Type::F32, Type::F64, Round::Rp), {db(1e-50)}) == 1);
  CHECK(eval(cvt(Type::F64, Type::F32), {1}) == db(std::ldexp(1.0, -149)));
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rni), {fb(2.5f)}) == fb(2.f));
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rni), {fb(-3.5f)}) == fb(-4.f));
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rmi), {fb(-0.5f)}) == fb(-1.f));
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rzi), {fb(-0.5f)}) == 0x80000000);
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rpi), {fb(0.25f)}) == fb(1.f));
  CHECK(eval(cvt(Type::F64, Type::F64, Round::Rni), {db(1e300)}) == db(1e300));
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rni), {0x7f800000}) == 0x7f800000);
  CHECK(eval(cvt(Type::F32, Type::F32, Round::None, true), {fb(1.5f)}) == fb(1.f));
  CHECK(eval(cvt(Type::F32, Type::F32, Round::None, true), {fb(-1.f)}) == 0);
  CHECK(eval(cvt(Type::F32, Type::F32, Round::None, true), {0x7fc00000}) == 0);
  CHECK(eval(cvt(Type::F32, Type::F32, Round::Rni, true), {fb(0.6f)}) == fb(1.f));
  Instr ftz = cvt(Type::F32, Type::F32);
  ftz.ftz = true;
  CHECK(eval(ftz, {0x80000001}) == 0x80000000);
  CHECK(eval(ftz, {fb(FLT_MIN)}) == fb(FLT_MIN));
  Instr ftzOut = cvt(Type::F32, Type::F64, Round::Rn);
  ftzOut.ftz = true;
  CHECK(eval(ftzOut, {db(1e-40)}) == 0);
  CHECK(std::isnan(bd(eval(cvt(Type::F64, Type::F32), {0x7fc00000}))));
}

TEST_CASE("ptx alu: mov copies bits masked to the type, predicates included") {
  CHECK(eval(mk(Op::Mov, Type::B32), {0x123456789u}) == 0x23456789);
  CHECK(eval(mk(Op::Mov, Type::U16), {0x12345}) == 0x2345);
  CHECK(eval(mk(Op::Mov, Type::Pred), {1}) == 1);
  CHECK(eval(mk(Op::Mov, Type::Pred), {2}) == 0);
  CHECK(eval(mk(Op::Mov, Type::F32), {fb(-2.5f)}) == fb(-2.5f));
  CHECK(eval(mk(Op::Mov, Type::F64), {db(-0.0)}) == db(-0.0));
  CHECK(eval(mk(Op::Mov, Type::F16), {0x17c00}) == 0x7c00);
  CHECK(eval(mk(Op::Mov, Type::U64), {~u64{0}}) == ~u64{0});
}
