// checkAlu accepts the forms nvcc emits (sm_50 .. sm_90 kernels), each built by hand here.
#include <vector>

#include "AluTestSupport.h"

using namespace alutest;

namespace {

struct Form {
  Op op;
  Type t, t2;
  Round r;
  MulMode m;
  Cmp c;
  bool ftz, sat, approx, full, cc;
};

Instr build(const Form& f) {
  Instr ins = withRound(mk(f.op, f.t, f.t2), f.r);
  ins.mulMode = f.m;
  ins.cmp = f.c;
  ins.ftz = f.ftz;
  ins.sat = f.sat;
  ins.approx = f.approx;
  ins.full = f.full;
  ins.cc = f.cc;
  return ins;
}

}  // namespace

TEST_CASE("ptx alu: checkAlu accepts the forms nvcc emits") {
  constexpr Type N = Type::None;
  constexpr Round R0 = Round::None;
  constexpr MulMode M0 = MulMode::None;
  constexpr Cmp C0 = Cmp::None;
  const std::vector<Form> forms = {
      {Op::Mov, Type::U32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Mov, Type::Pred, N, R0, M0, C0, false, false, false, false, false},
      {Op::Mov, Type::F32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Mov, Type::B64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Add, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Add, Type::S64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Add, Type::U32, N, R0, M0, C0, false, false, false, false, true},
      {Op::Addc, Type::U32, N, R0, M0, C0, false, false, false, false, true},
      {Op::Sub, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Mul, Type::S32, N, R0, MulMode::Wide, C0, false, false, false, false, false},
      {Op::Mul, Type::U32, N, R0, MulMode::Hi, C0, false, false, false, false, false},
      {Op::Mul, Type::S64, N, R0, MulMode::Lo, C0, false, false, false, false, false},
      {Op::Mad, Type::S32, N, R0, MulMode::Lo, C0, false, false, false, false, false},
      {Op::Mad, Type::U32, N, R0, MulMode::Hi, C0, false, false, false, false, true},
      {Op::Madc, Type::U32, N, R0, MulMode::Hi, C0, false, false, false, false, false},
      {Op::Mul24, Type::S32, N, R0, MulMode::Lo, C0, false, false, false, false, false},
      {Op::Div, Type::U32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Rem, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Min, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Max, Type::U64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Abs, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Neg, Type::S64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Shl, Type::B64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Shr, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Shr, Type::U64, N, R0, M0, C0, false, false, false, false, false},
      {Op::And, Type::Pred, N, R0, M0, C0, false, false, false, false, false},
      {Op::Not, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Lop3, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Bfe, Type::U32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Bfi, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Popc, Type::B64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Clz, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Brev, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Bfind, Type::S32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Prmt, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Add, Type::F32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Add, Type::F32, N, Round::Rn, M0, C0, true, true, false, false, false},
      {Op::Mul, Type::F64, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Fma, Type::F32, N, Round::Rn, M0, C0, true, false, false, false, false},
      {Op::Fma, Type::F64, N, Round::Rz, M0, C0, false, false, false, false, false},
      {Op::Div, Type::F32, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Div, Type::F32, N, R0, M0, C0, true, false, false, true, false},
      {Op::Div, Type::F32, N, R0, M0, C0, true, false, true, false, false},
      {Op::Div, Type::F64, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Rcp, Type::F32, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Rcp, Type::F64, N, R0, M0, C0, true, false, true, false, false},
      {Op::Sqrt, Type::F32, N, R0, M0, C0, true, false, true, false, false},
      {Op::Sqrt, Type::F64, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Rsqrt, Type::F32, N, R0, M0, C0, true, false, true, false, false},
      {Op::Ex2, Type::F32, N, R0, M0, C0, true, false, true, false, false},
      {Op::Lg2, Type::F32, N, R0, M0, C0, true, false, true, false, false},
      {Op::Sin, Type::F32, N, R0, M0, C0, true, false, true, false, false},
      {Op::Tanh, Type::F32, N, R0, M0, C0, false, false, true, false, false},
      {Op::Abs, Type::F32, N, R0, M0, C0, true, false, false, false, false},
      {Op::Neg, Type::F64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Max, Type::F32, N, R0, M0, C0, true, false, false, false, false},
      {Op::Add, Type::F16, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Fma, Type::F16x2, N, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::U64, Type::U32, R0, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::S32, Type::S8, R0, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::U16, Type::U32, R0, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F32, Type::S32, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F64, Type::U64, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::S32, Type::F32, Round::Rzi, M0, C0, true, false, false, false, false},
      {Op::Cvt, Type::U32, Type::F64, Round::Rni, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F32, Type::F32, Round::Rmi, M0, C0, true, false, false, false, false},
      {Op::Cvt, Type::F32, Type::F64, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F64, Type::F32, R0, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F16, Type::F32, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F32, Type::F16, R0, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::BF16, Type::F32, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F16x2, Type::F32, Round::Rn, M0, C0, false, false, false, false, false},
      {Op::Cvt, Type::F32, Type::F32, R0, M0, C0, false, true, false, false, false},
      {Op::Setp, Type::S32, N, R0, M0, Cmp::Ge, false, false, false, false, false},
      {Op::Setp, Type::U64, N, R0, M0, Cmp::Lt, false, false, false, false, false},
      {Op::Setp, Type::B32, N, R0, M0, Cmp::Ne, false, false, false, false, false},
      {Op::Setp, Type::F32, N, R0, M0, Cmp::Gtu, true, false, false, false, false},
      {Op::Setp, Type::F64, N, R0, M0, Cmp::Nan, false, false, false, false, false},
      {Op::Set, Type::U32, Type::F32, R0, M0, Cmp::Lt, false, false, false, false, false},
      {Op::Selp, Type::B32, N, R0, M0, C0, false, false, false, false, false},
      {Op::Selp, Type::F64, N, R0, M0, C0, false, false, false, false, false},
      {Op::Slct, Type::S32, Type::S32, R0, M0, C0, false, false, false, false, false},
  };
  int accepted = 0;
  for (const Form& f : forms) {
    const std::string why = checkAlu(build(f));
    INFO(why);
    CHECK(why.empty());
    accepted += why.empty();
  }
  CHECK(accepted == static_cast<int>(forms.size()));
  CHECK(forms.size() == 82);
}
