// The whole-warp fast paths (evalAluWarp) against evalAlu, lane by lane, bit for bit: every kind
// over every type it takes, on edge values (zeros, extremes, NaNs, infinities, subnormals,
// shift amounts past the width) and seeded random bits.
#include <random>
#include <vector>

#include "AluTestSupport.h"
#include "warpsim/workload/WarpInst.h"

using namespace alutest;
using warpsim::kWarpSize;

namespace {

std::vector<u64> edgeValues(Type t) {
  if (t == Type::F32)
    return {0,           0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u,
            0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f7fffffu, 0x00000001u,
            0x807fffffu, 0x3eaaaaabu, 0x4b800001u};
  if (t == Type::F64)
    return {0,
            0x8000000000000000ull,
            0x3ff0000000000000ull,
            0x7ff0000000000000ull,
            0xfff8000000000000ull,
            0x7ff8000000000123ull,
            0x7fefffffffffffffull,
            1,
            0x3fd5555555555555ull};
  return {0,
          1,
          2,
          7,
          31,
          32,
          33,
          63,
          64,
          0x7f,
          0x80,
          0xffff,
          0x8000,
          0x7fffffff,
          0x80000000u,
          0xffffffffu,
          0x100000000ull,
          0x8000000000000000ull,
          ~u64{0}};
}

// Fills 32 lanes from the edge values and random bits.
void fill(std::mt19937_64& rng, const std::vector<u64>& edges, u64* v) {
  for (unsigned l = 0; l < kWarpSize; ++l)
    v[l] = rng() % 3 == 0 ? rng() : edges[rng() % edges.size()];
}

// Runs `ins` through evalAluWarp and evalAlu on the same lanes `rounds` times; every lane must
// agree in d (and d2 for setp). Returns the lanes compared.
unsigned compare(const Instr& ins, unsigned nsrc, int rounds = 200) {
  INFO(name(ins.op) << " " << name(ins.type) << " cmp " << static_cast<int>(ins.cmp));
  REQUIRE(checkAlu(ins).empty());
  const WarpAlu kind = warpAluKind(ins);
  REQUIRE(kind != WarpAlu::None);
  std::mt19937_64 rng(static_cast<u64>(ins.op) * 131 + static_cast<u64>(ins.type));
  unsigned compared = 0;
  for (int r = 0; r < rounds; ++r) {
    u64 s[3][kWarpSize];
    for (unsigned i = 0; i < nsrc; ++i) fill(rng, edgeValues(sourceType(ins, i)), s[i]);
    const u64* src[3] = {s[0], s[1], s[2]};
    u64 d[kWarpSize], d2[kWarpSize];
    REQUIRE(evalAluWarp(kind, ins, src, d, d2));
    for (unsigned l = 0; l < kWarpSize; ++l) {
      LaneIn in;
      for (unsigned i = 0; i < nsrc; ++i) in.src[i] = s[i][l];
      LaneOut out;
      evalAlu(ins, in, out);
      INFO("lane " << l << ": " << std::hex << s[0][l] << " " << s[1][l] << " " << s[2][l]);
      REQUIRE(d[l] == out.d);
      if (ins.op == Op::Setp) REQUIRE(d2[l] == out.d2);
      ++compared;
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("warp alu: scalar mov equals evalAlu, vector mov is left to the executor") {
  for (Type t :
       {Type::B16, Type::B32, Type::B64, Type::U32, Type::S64, Type::F32, Type::F64, Type::Pred})
    CHECK(compare(mk(Op::Mov, t), 1) == 6400);
  Instr pack = mk(Op::Mov, Type::B64);
  pack.ops.resize(2);
  pack.ops[1].kind = Operand::Kind::Vec;
  CHECK(warpAluKind(pack) == WarpAlu::None);
}

TEST_CASE("warp alu: integer add, sub, mul.lo, mad.lo and mul.wide equal evalAlu") {
  for (Type t : {Type::U16, Type::S16, Type::U32, Type::S32, Type::U64, Type::S64}) {
    CHECK(compare(mk(Op::Add, t), 2) == 6400);
    CHECK(compare(mk(Op::Sub, t), 2) == 6400);
    Instr mul = mk(Op::Mul, t), mad = mk(Op::Mad, t);
    mul.mulMode = mad.mulMode = MulMode::Lo;
    CHECK(compare(mul, 2) == 6400);
    CHECK(compare(mad, 3) == 6400);
    if (t == Type::U64 || t == Type::S64) continue;
    mul.mulMode = MulMode::Wide;
    CHECK(compare(mul, 2) == 6400);
  }
}

TEST_CASE("warp alu: shifts clamp past the width, bit operations, as evalAlu") {
  for (Type t : {Type::B16, Type::B32, Type::B64}) {
    CHECK(compare(mk(Op::Shl, t), 2) == 6400);
    CHECK(compare(mk(Op::And, t), 2) == 6400);
    CHECK(compare(mk(Op::Or, t), 2) == 6400);
    CHECK(compare(mk(Op::Xor, t), 2) == 6400);
  }
  for (Type t : {Type::B16, Type::B32, Type::B64, Type::U16, Type::U32, Type::U64, Type::S16,
                 Type::S32, Type::S64})
    CHECK(compare(mk(Op::Shr, t), 2) == 6400);
  for (Op op : {Op::And, Op::Or, Op::Xor}) CHECK(compare(mk(op, Type::Pred), 2) == 6400);
}

TEST_CASE("warp alu: setp on integers and f32 (ordered and unordered), and selp") {
  for (Cmp c :
       {Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Lo, Cmp::Ls, Cmp::Hi, Cmp::Hs})
    for (Type t : {Type::U16, Type::S16, Type::U32, Type::S32, Type::U64, Type::S64}) {
      if (c >= Cmp::Lo && isSigned(t)) continue;
      Instr in = mk(Op::Setp, t);
      in.cmp = c;
      in.numDsts = 2;
      CHECK(compare(in, 2, 40) == 1280);
    }
  for (Cmp c : {Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Equ, Cmp::Neu, Cmp::Ltu,
                Cmp::Leu, Cmp::Gtu, Cmp::Geu, Cmp::Num, Cmp::Nan}) {
    Instr in = mk(Op::Setp, Type::F32);
    in.cmp = c;
    in.numDsts = 2;
    CHECK(compare(in, 2, 40) == 1280);
  }
  for (Type t : {Type::U32, Type::S64, Type::F32, Type::B16})
    CHECK(compare(mk(Op::Selp, t), 3) == 6400);
}

TEST_CASE("warp alu: f32 and f64 add, sub, mul, fma and mad in round-to-nearest, NaNs included") {
  for (Type t : {Type::F32, Type::F64})
    for (Round r : {Round::None, Round::Rn}) {
      CHECK(compare(withRound(mk(Op::Add, t), r), 2) == 6400);
      CHECK(compare(withRound(mk(Op::Sub, t), r), 2) == 6400);
      CHECK(compare(withRound(mk(Op::Mul, t), r), 2) == 6400);
      CHECK(compare(withRound(mk(Op::Fma, t), Round::Rn), 3) == 6400);
      CHECK(compare(withRound(mk(Op::Mad, t), Round::Rn), 3) == 6400);
    }
}

TEST_CASE("warp alu: forms it does not take are left to evalAlu") {
  Instr sat = mk(Op::Add, Type::S32);
  sat.sat = true;
  Instr cc = mk(Op::Add, Type::U32);
  cc.cc = true;
  Instr ftz = withRound(mk(Op::Add, Type::F32), Round::Rn);
  ftz.ftz = true;
  Instr hi = mk(Op::Mul, Type::U32);
  hi.mulMode = MulMode::Hi;
  Instr combined = mk(Op::Setp, Type::S32);
  combined.cmp = Cmp::Lt;
  combined.boolOp = BoolOp::And;
  for (const Instr& in : {sat, cc, ftz, hi, combined, withRound(mk(Op::Add, Type::F32), Round::Rz),
                          mk(Op::Add, Type::F16), mk(Op::Div, Type::F32)})
    CHECK(warpAluKind(in) == WarpAlu::None);
  // Outside round-to-nearest the float paths decline, and evalAlu keeps the instruction's mode.
  const Instr add = withRound(mk(Op::Add, Type::F32), Round::Rn);
  u64 a[kWarpSize] = {}, b[kWarpSize] = {}, d[kWarpSize], d2[kWarpSize];
  const u64* src[3] = {a, b, b};
  CHECK(hostIn(FE_UPWARD, [&] { return evalAluWarp(WarpAlu::FloatAdd, add, src, d, d2); }) ==
        false);
}
