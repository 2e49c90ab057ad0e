// setp, set, selp, slct and testp (PTX ISA 9.7.6, 9.7.3.2): signed, unsigned and bit compares,
// ordered and unordered float compares with NaN, and/or/xor with a third predicate; checkAlu's
// verdicts and sourceType.
#include <cfloat>

#include "AluTestSupport.h"

using namespace alutest;

namespace {
constexpr u64 kM32 = 0xffffffffu;
const u64 kNan = 0x7fc00000;
Instr setp(Cmp c, Type t, BoolOp b = BoolOp::None) {
  Instr ins = mk(Op::Setp, t);
  ins.cmp = c;
  ins.boolOp = b;
  return ins;
}
bool p(const Instr& ins, u64 a, u64 b, u64 c = 0) {
  return run(ins, {a, b, c}).d != 0;
}
}  // namespace

TEST_CASE("ptx alu: setp compares integers as their type says") {
  CHECK(p(setp(Cmp::Lt, Type::S32), kM32, 0));   // -1 < 0
  CHECK(!p(setp(Cmp::Lt, Type::U32), kM32, 0));  // 0xffffffff < 0
  CHECK(p(setp(Cmp::Lo, Type::U32), 0, kM32));
  CHECK(p(setp(Cmp::Ls, Type::U32), 5, 5));
  CHECK(p(setp(Cmp::Hi, Type::U64), ~u64{0}, 1));
  CHECK(!p(setp(Cmp::Hs, Type::U16), 1, 2));
  CHECK(p(setp(Cmp::Ge, Type::S16), 0x7fff, 0x8000));
  CHECK(p(setp(Cmp::Eq, Type::B32), 7, 7));
  CHECK(p(setp(Cmp::Ne, Type::B64), 7, 8));
  CHECK(p(setp(Cmp::Gt, Type::S64), 0, u64{1} << 63));
  CHECK(!p(setp(Cmp::Le, Type::S32), 1, 0x80000000));
  const LaneOut o = run(setp(Cmp::Lt, Type::S32), {1, 2});
  CHECK(o.d == 1);
  CHECK(o.d2 == 0);  // q is the complement
}

TEST_CASE("ptx alu: setp on floats: ordered compares fail on NaN, unordered ones pass") {
  const u64 one = fb(1.f), two = fb(2.f);
  struct Row {
    Cmp c;
    bool lt, eq, nan;  // 1 cmp 2, 1 cmp 1, NaN cmp 1
  };
  const Row rows[] = {
      {Cmp::Eq, false, true, false}, {Cmp::Ne, true, false, false},  {Cmp::Lt, true, false, false},
      {Cmp::Le, true, true, false},  {Cmp::Gt, false, false, false}, {Cmp::Ge, false, true, false},
      {Cmp::Equ, false, true, true}, {Cmp::Neu, true, false, true},  {Cmp::Ltu, true, false, true},
      {Cmp::Leu, true, true, true},  {Cmp::Gtu, false, false, true}, {Cmp::Geu, false, true, true},
      {Cmp::Num, true, true, false}, {Cmp::Nan, false, false, true},
  };
  for (const Row& r : rows) {
    INFO("cmp " << static_cast<int>(r.c));
    CHECK(p(setp(r.c, Type::F32), one, two) == r.lt);
    CHECK(p(setp(r.c, Type::F32), one, one) == r.eq);
    CHECK(p(setp(r.c, Type::F32), kNan, one) == r.nan);
    CHECK(p(setp(r.c, Type::F32), one, kNan) == r.nan);
    CHECK(p(setp(r.c, Type::F64), db(1.0), db(NAN)) == r.nan);
    CHECK(p(setp(r.c, Type::F16), 0x3c00, 0x7e00) == r.nan);
    CHECK(run(setp(r.c, Type::F32), {kNan, one}).d2 == !r.nan);
  }
  CHECK(p(setp(Cmp::Eq, Type::F32), 0, 0x80000000));  // -0 == +0
  CHECK(p(setp(Cmp::Lt, Type::F32), 0xff800000, fb(-FLT_MAX)));
  Instr ftz = setp(Cmp::Eq, Type::F32);
  CHECK(!p(ftz, 1, 0));
  ftz.ftz = true;
  CHECK(p(ftz, 1, 0));  // the subnormal is flushed to zero
}

TEST_CASE("ptx alu: setp combines with a third predicate, p and q alike") {
  // p = (a cmp b) op c, q = !(a cmp b) op c; here a < b holds
  struct Row {
    BoolOp op;
    bool c, p, q;
  };
  const Row rows[] = {
      {BoolOp::And, false, false, false}, {BoolOp::And, true, true, false},
      {BoolOp::Or, false, true, false},   {BoolOp::Or, true, true, true},
      {BoolOp::Xor, false, true, false},  {BoolOp::Xor, true, false, true},
  };
  for (const Row& r : rows) {
    const LaneOut o = run(setp(Cmp::Lt, Type::S32, r.op), {1, 2, r.c});
    CHECK(o.d == r.p);
    CHECK(o.d2 == r.q);
  }
  const LaneOut nan = run(setp(Cmp::Lt, Type::F32, BoolOp::Or), {kNan, fb(1.f), 0});
  CHECK(nan.d == 0);
  CHECK(nan.d2 == 1);
}

TEST_CASE("ptx alu: set, selp, slct and testp") {
  Instr set = mk(Op::Set, Type::U32, Type::S32);
  set.cmp = Cmp::Lt;
  CHECK(eval(set, {kM32, 0}) == kM32);
  CHECK(eval(set, {0, kM32}) == 0);
  Instr setf = mk(Op::Set, Type::F32, Type::F32);
  setf.cmp = Cmp::Gtu;
  CHECK(eval(setf, {kNan, fb(1.f)}) == fb(1.f));
  setf.boolOp = BoolOp::And;
  CHECK(eval(setf, {kNan, fb(1.f), 0}) == 0);
  CHECK(eval(mk(Op::Selp, Type::B32), {5, 6, 1}) == 5);
  CHECK(eval(mk(Op::Selp, Type::B32), {5, 6, 0}) == 6);
  CHECK(eval(mk(Op::Selp, Type::F64), {db(1.0), db(2.0), 0}) == db(2.0));
  CHECK(eval(mk(Op::Selp, Type::U16), {0x1ffff, 0, 1}) == 0xffff);
  CHECK(eval(mk(Op::Slct, Type::B32, Type::S32), {5, 6, kM32}) == 6);
  CHECK(eval(mk(Op::Slct, Type::B32, Type::S32), {5, 6, 0}) == 5);
  CHECK(eval(mk(Op::Slct, Type::F32, Type::F32), {5, 6, 0x80000000}) == 5);  // -0 >= 0
  CHECK(eval(mk(Op::Slct, Type::F32, Type::F32), {5, 6, kNan}) == 6);
  CHECK(eval(mk(Op::Slct, Type::F32, Type::F32), {5, 6, 0x80000001}) == 6);
  Instr slctFtz = mk(Op::Slct, Type::F32, Type::F32);
  slctFtz.ftz = true;
  CHECK(eval(slctFtz, {5, 6, 0x80000001}) == 5);
  struct Row {
    TestMode op;
    bool zero, sub, norm, inf, nan;
  };
  const Row rows[] = {
      {TestMode::Finite, true, true, true, false, false},
      {TestMode::Infinite, false, false, false, true, false},
      {TestMode::Number, true, true, true, true, false},
      {TestMode::NotANumber, false, false, false, false, true},
      {TestMode::Normal, true, false, true, false, false},  // zeros are normal
      {TestMode::Subnormal, false, true, false, false, false},
  };
  for (const Row& r : rows) {
    Instr t = mk(Op::Testp, Type::F32);
    t.testMode = r.op;
    CHECK(eval(t, {0x80000000}) == r.zero);
    CHECK(eval(t, {0x007fffff}) == r.sub);
    CHECK(eval(t, {fb(FLT_MIN)}) == r.norm);
    CHECK(eval(t, {0xff800000}) == r.inf);
    CHECK(eval(t, {kNan}) == r.nan);
    t.type = Type::F64;
    CHECK(eval(t, {db(DBL_MIN / 2)}) == r.sub);
    CHECK(eval(t, {db(-DBL_MAX)}) == r.norm);
    CHECK(eval(t, {0x7ff0000000000001u}) == r.nan);
  }
}

TEST_CASE("ptx alu: checkAlu names what is not supported, sourceType how sources are read") {
  Instr shl = mk(Op::Shl, Type::B32);
  CHECK(checkAlu(shl).empty());
  CHECK(checkAlu(mk(Op::Sqrt, Type::F16x2)) ==
        "sqrt.f16x2 is not supported (this op on packed halves)");
  Instr setpPacked = setp(Cmp::Lt, Type::F16x2);
  CHECK(checkAlu(setpPacked) == "setp.lt.f16x2 is not supported (this type)");
  CHECK(checkAlu(mk(Op::Sin, Type::F32)) == "sin.f32 is not supported (it needs .approx)");
  CHECK(checkAlu(mk(Op::Cvt, Type::S32, Type::F32)) ==
        "cvt.s32.f32 is not supported (float to integer needs .rni .rzi .rmi or .rpi)");
  Instr wide = mk(Op::Mul, Type::U64);
  wide.mulMode = MulMode::Wide;
  CHECK(checkAlu(wide) == "mul.wide.u64 is not supported (.wide here)");
  Instr addcc = mk(Op::Add, Type::U16);
  addcc.cc = true;
  CHECK(checkAlu(addcc) ==
        "add.cc.u16 is not supported (the carry flag needs a 32- or 64-bit type)");
  Instr bits = setp(Cmp::Lt, Type::B32);
  CHECK(checkAlu(bits) == "setp.lt.b32 is not supported (this compare on bits)");
  Instr fcmp = setp(Cmp::Lo, Type::F32);
  CHECK(checkAlu(fcmp) == "setp.lo.f32 is not supported (this compare on floats)");
  CHECK(checkAlu(mk(Op::Testp, Type::F32)) == "testp.?.f32 is not supported (no property)");
  Instr satf64 = withRound(mk(Op::Add, Type::F64), Round::Rn);
  satf64.sat = true;
  CHECK(checkAlu(satf64) == "add.rn.sat.f64 is not supported (.sat here)");
  Instr ftzf64 = mk(Op::Div, Type::F64);
  ftzf64.ftz = true;
  CHECK(checkAlu(ftzf64) == "div.ftz.f64 is not supported (.ftz on this type)");
  Instr lo = mk(Op::Add, Type::S32);
  lo.round = Round::Rn;
  CHECK(checkAlu(lo) == "add.rn.s32 is not supported (float modifiers)");
  CHECK(checkAlu(mk(Op::Abs, Type::U32)) == "abs.u32 is not supported (an unsigned type)");
  CHECK(checkAlu(mk(Op::Ld, Type::U32)) == "ld.u32 is not a per-lane arithmetic instruction");
  CHECK(!isAluOp(Op::Ld));
  CHECK(!isAluOp(Op::Cvta));
  CHECK(isAluOp(Op::Testp));
  Instr ok = withRound(mk(Op::Cvt, Type::F32, Type::F32), Round::Rni);
  ok.sat = true;
  CHECK(checkAlu(ok).empty());
  CHECK(sourceType(shl, 0) == Type::B32);
  CHECK(sourceType(shl, 1) == Type::U32);
  CHECK(sourceType(mk(Op::Bfe, Type::S64), 2) == Type::U32);
  CHECK(sourceType(mk(Op::Bfi, Type::B64), 1) == Type::B64);
  CHECK(sourceType(mk(Op::Bfi, Type::B64), 3) == Type::U32);
  CHECK(sourceType(mk(Op::Selp, Type::F32), 2) == Type::Pred);
  CHECK(sourceType(mk(Op::Cvt, Type::F32, Type::S8), 0) == Type::S8);
  CHECK(sourceType(setp(Cmp::Lt, Type::F64, BoolOp::And), 1) == Type::F64);
  CHECK(sourceType(setp(Cmp::Lt, Type::F64, BoolOp::And), 2) == Type::Pred);
  CHECK(sourceType(mk(Op::Set, Type::U32, Type::F16), 0) == Type::F16);
  CHECK(sourceType(mk(Op::Slct, Type::U32, Type::F32), 2) == Type::F32);
  Instr madw = mk(Op::Mad, Type::S32);
  madw.mulMode = MulMode::Wide;
  CHECK(sourceType(madw, 1) == Type::S32);
  CHECK(sourceType(madw, 2) == Type::S64);
}
