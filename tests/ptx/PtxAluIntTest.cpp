// Per-lane integer arithmetic (PTX ISA 9.7.1, 9.7.2): wrap-around, .sat, the carry chain across
// 32 and 64 bits, mul .lo/.hi/.wide (16, 32, 64 bits), mad, mul24, sad, div and rem with the
// edge cases (by zero, INT_MIN / -1), abs, neg, min, max.
#include "AluTestSupport.h"

using namespace alutest;

namespace {
constexpr u64 kM32 = 0xffffffffu;
Instr mulMode(Op op, Type t, MulMode m) {
  Instr ins = mk(op, t);
  ins.mulMode = m;
  return ins;
}
u64 s32(std::int64_t v) {
  return static_cast<u64>(v) & kM32;
}
}  // namespace

TEST_CASE("ptx alu: add and sub wrap at the type width and .sat clamps s32") {
  CHECK(eval(mk(Op::Add, Type::U32), {kM32, 1}) == 0);
  CHECK(eval(mk(Op::Add, Type::S16), {0x7fff, 1}) == 0x8000);
  CHECK(eval(mk(Op::Add, Type::U64), {~u64{0}, 2}) == 1);
  CHECK(eval(mk(Op::Sub, Type::U32), {0, 1}) == kM32);
  CHECK(eval(mk(Op::Sub, Type::S64), {0, 1}) == ~u64{0});
  Instr sat = mk(Op::Add, Type::S32);
  sat.sat = true;
  CHECK(eval(sat, {0x7fffffff, 1}) == 0x7fffffff);
  CHECK(eval(sat, {0x80000000, s32(-1)}) == 0x80000000);
  CHECK(eval(sat, {s32(-5), 3}) == s32(-2));
  sat.op = Op::Sub;
  CHECK(eval(sat, {0x80000000, 1}) == 0x80000000);
  CHECK(eval(sat, {0x7fffffff, s32(-1)}) == 0x7fffffff);
}

TEST_CASE("ptx alu: the carry chain adds and subtracts across 32-bit words and 64 bits") {
  Instr addcc = mk(Op::Add, Type::U32);
  addcc.cc = true;
  Instr addc = mk(Op::Addc, Type::U32);
  addc.cc = true;
  // 96 bits: 0x1_ffffffff_ffffffff + 1 = 0x2_00000000_00000000
  LaneOut w0 = run(addcc, {kM32, 1});
  CHECK(w0.d == 0);
  CHECK(w0.carry);
  LaneOut w1 = run(addc, {kM32, 0}, w0.carry);
  CHECK(w1.d == 0);
  CHECK(w1.carry);
  LaneOut w2 = run(addc, {1, 0}, w1.carry);
  CHECK(w2.d == 2);
  CHECK(!w2.carry);
  CHECK(!run(addcc, {0x7fffffff, 1}).carry);  // signed overflow is not a carry
  Instr add64 = mk(Op::Add, Type::U64);
  add64.cc = true;
  CHECK(run(add64, {~u64{0}, 1}).carry);
  CHECK(run(mk(Op::Addc, Type::U64), {~u64{0}, 0}, true).d == 0);
  // 64-bit subtraction from 32-bit words: 0x1_00000000 - 1 = 0x0_ffffffff; 0 - 1 borrows out
  Instr subcc = mk(Op::Sub, Type::U32);
  subcc.cc = true;
  Instr subc = mk(Op::Subc, Type::U32);
  subc.cc = true;
  LaneOut s0 = run(subcc, {0, 1});
  CHECK(s0.d == kM32);
  CHECK(s0.carry);
  LaneOut s1 = run(subc, {1, 0}, s0.carry);
  CHECK(s1.d == 0);
  CHECK(!s1.carry);
  LaneOut s2 = run(subc, {0, 0}, true);
  CHECK(s2.d == kM32);
  CHECK(s2.carry);
  CHECK(!run(subcc, {5, 5}).carry);
  Instr sub64 = mk(Op::Subc, Type::S64);
  sub64.cc = true;
  CHECK(run(sub64, {0, ~u64{0}}, true).d == 0);  // 0 - (-1 + 1)
  CHECK(run(sub64, {0, ~u64{0}}, true).carry);   // unsigned: 0 < 2^64 - 1 + 1
}

TEST_CASE("ptx alu: mad.cc and madc build a 64x32-bit product") {
  // (2^64 - 1) * 0xffffffff from words: lo = mad.lo.cc(a0, b, 0), hi = madc.hi(a0, b, ...)
  Instr madlo = mulMode(Op::Mad, Type::U32, MulMode::Lo);
  madlo.cc = true;
  LaneOut lo = run(madlo, {kM32, kM32, 5});
  CHECK(lo.d == 6);  // 0xfffffffe00000001 + 5: low word 6, no carry
  CHECK(!lo.carry);
  LaneOut lo2 = run(madlo, {kM32, kM32, kM32});
  CHECK(lo2.d == 0);  // 1 + 0xffffffff
  CHECK(lo2.carry);
  Instr madc = mulMode(Op::Madc, Type::U32, MulMode::Hi);
  CHECK(run(madc, {kM32, kM32, 1}, true).d == 0);  // 0xfffffffe + 1 + 1 wraps
  Instr madc64 = mulMode(Op::Madc, Type::U64, MulMode::Lo);
  madc64.cc = true;
  LaneOut m = run(madc64, {1, ~u64{0}, 0}, true);
  CHECK(m.d == 0);
  CHECK(m.carry);
}

TEST_CASE("ptx alu: mul .lo .hi .wide on 16, 32 and 64 bits") {
  CHECK(eval(mulMode(Op::Mul, Type::S32, MulMode::Lo), {s32(-3), 5}) == s32(-15));
  CHECK(eval(mulMode(Op::Mul, Type::U32, MulMode::Hi), {kM32, kM32}) == 0xfffffffe);
  CHECK(eval(mulMode(Op::Mul, Type::S32, MulMode::Hi), {kM32, kM32}) == 0);  // -1 * -1
  CHECK(eval(mulMode(Op::Mul, Type::S32, MulMode::Hi), {0x80000000, 0x80000000}) == 0x40000000);
  CHECK(eval(mulMode(Op::Mul, Type::S16, MulMode::Wide), {0xfffe, 3}) == s32(-6));
  CHECK(eval(mulMode(Op::Mul, Type::U16, MulMode::Wide), {0xffff, 0xffff}) == 0xfffe0001u);
  CHECK(eval(mulMode(Op::Mul, Type::U16, MulMode::Lo), {0xffff, 0xffff}) == 1);
  CHECK(eval(mulMode(Op::Mul, Type::S16, MulMode::Hi), {0x8000, 2}) == 0xffff);
  CHECK(eval(mulMode(Op::Mul, Type::U32, MulMode::Wide), {kM32, kM32}) == 0xfffffffe00000001u);
  CHECK(eval(mulMode(Op::Mul, Type::S32, MulMode::Wide), {0x80000000, 0x80000000}) ==
        0x4000000000000000u);
  CHECK(eval(mulMode(Op::Mul, Type::S32, MulMode::Wide), {0x80000000, 1}) == 0xffffffff80000000u);
  CHECK(eval(mulMode(Op::Mul, Type::U64, MulMode::Hi), {~u64{0}, ~u64{0}}) == 0xfffffffffffffffeu);
  CHECK(eval(mulMode(Op::Mul, Type::S64, MulMode::Hi), {u64{1} << 63, u64{1} << 63}) ==
        0x4000000000000000u);
  CHECK(eval(mulMode(Op::Mul, Type::S64, MulMode::Hi), {~u64{0}, 5}) == ~u64{0});
  CHECK(eval(mulMode(Op::Mul, Type::U64, MulMode::Lo), {u64{1} << 63, 3}) == u64{1} << 63);
}

TEST_CASE("ptx alu: mad .lo .hi .wide and .sat, mul24, mad24 and sad") {
  CHECK(eval(mulMode(Op::Mad, Type::S32, MulMode::Lo), {s32(-3), 5, 20}) == 5);
  CHECK(eval(mulMode(Op::Mad, Type::S32, MulMode::Wide), {0x80000000, 2, 1}) ==
        0xffffffff00000001u);
  CHECK(eval(mulMode(Op::Mad, Type::U32, MulMode::Hi), {kM32, kM32, 2}) == 0);  // wraps
  Instr sat = mulMode(Op::Mad, Type::S32, MulMode::Hi);
  sat.sat = true;
  CHECK(eval(sat, {0x40000000, 0x40000000, 0x7fffffff}) == 0x7fffffff);  // 2^28 + max
  CHECK(eval(sat, {0x80000000, 0x7fffffff, 0x80000000}) == 0x80000000);
  CHECK(eval(sat, {0x40000000, 0x40000000, 1}) == 0x10000001);
  // mul24: the low 24 bits of each operand, sign-extended for s32
  CHECK(eval(mulMode(Op::Mul24, Type::U32, MulMode::Lo), {0x01000003, 5}) == 15);
  CHECK(eval(mulMode(Op::Mul24, Type::S32, MulMode::Lo), {0x00ffffff, 5}) == s32(-5));
  CHECK(eval(mulMode(Op::Mul24, Type::U32, MulMode::Hi), {0xffffff, 0xffffff}) == 0xfffffe00u);
  CHECK(eval(mulMode(Op::Mad24, Type::U32, MulMode::Lo), {3, 4, 10}) == 22);
  CHECK(eval(mk(Op::Sad, Type::S32), {s32(-5), 5, 1}) == 11);
  CHECK(eval(mk(Op::Sad, Type::U32), {0, kM32, 1}) == 0);  // 0xffffffff + 1 wraps
  CHECK(eval(mk(Op::Sad, Type::U16), {3, 10, 100}) == 107);
}

TEST_CASE("ptx alu: div and rem truncate, by zero and INT_MIN / -1 are deterministic") {
  CHECK(eval(mk(Op::Div, Type::S32), {7, s32(-2)}) == s32(-3));
  CHECK(eval(mk(Op::Rem, Type::S32), {7, s32(-2)}) == 1);
  CHECK(eval(mk(Op::Rem, Type::S32), {s32(-7), 2}) == s32(-1));
  CHECK(eval(mk(Op::Div, Type::U32), {kM32, 2}) == 0x7fffffff);
  CHECK(eval(mk(Op::Div, Type::S16), {0xfff9, 2}) == 0xfffd);
  // by zero (README): div gives all ones, rem the dividend
  CHECK(eval(mk(Op::Div, Type::U32), {5, 0}) == kM32);
  CHECK(eval(mk(Op::Div, Type::S64), {5, 0}) == ~u64{0});
  CHECK(eval(mk(Op::Rem, Type::U32), {5, 0}) == 5);
  CHECK(eval(mk(Op::Rem, Type::S32), {s32(-5), 0}) == s32(-5));
  // INT_MIN / -1 wraps to INT_MIN, remainder 0
  CHECK(eval(mk(Op::Div, Type::S32), {0x80000000, kM32}) == 0x80000000);
  CHECK(eval(mk(Op::Rem, Type::S32), {0x80000000, kM32}) == 0);
  CHECK(eval(mk(Op::Div, Type::S64), {u64{1} << 63, ~u64{0}}) == u64{1} << 63);
  CHECK(eval(mk(Op::Rem, Type::S64), {u64{1} << 63, ~u64{0}}) == 0);
  CHECK(eval(mk(Op::Div, Type::U64), {~u64{0}, 3}) == 0x5555555555555555u);
}

TEST_CASE("ptx alu: abs, neg, min and max read signed and unsigned types") {
  CHECK(eval(mk(Op::Abs, Type::S32), {s32(-7)}) == 7);
  CHECK(eval(mk(Op::Abs, Type::S32), {0x80000000}) == 0x80000000);
  CHECK(eval(mk(Op::Abs, Type::S16), {0xffff}) == 1);
  CHECK(eval(mk(Op::Abs, Type::S64), {u64{1} << 63}) == u64{1} << 63);
  CHECK(eval(mk(Op::Neg, Type::S32), {1}) == kM32);
  CHECK(eval(mk(Op::Neg, Type::S32), {0x80000000}) == 0x80000000);
  CHECK(eval(mk(Op::Neg, Type::S16), {2}) == 0xfffe);
  CHECK(eval(mk(Op::Min, Type::S32), {kM32, 1}) == kM32);
  CHECK(eval(mk(Op::Min, Type::U32), {kM32, 1}) == 1);
  CHECK(eval(mk(Op::Max, Type::S32), {kM32, 1}) == 1);
  CHECK(eval(mk(Op::Max, Type::U32), {kM32, 1}) == kM32);
  CHECK(eval(mk(Op::Max, Type::S64), {u64{1} << 63, 0}) == 0);
  CHECK(eval(mk(Op::Min, Type::S16), {0x8000, 0x7fff}) == 0x8000);
}
