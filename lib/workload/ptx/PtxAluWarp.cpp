// The per-lane arithmetic's whole-warp fast paths (PtxAlu.h, warpAluKind): the forms nvcc emits
// most (scalar mov, integer add/sub/mul/mad, shifts and bit operations, integer and f32 compares,
// selp, f32/f64 add/sub/mul/fma in round-to-nearest) computed over 32 lanes in one loop, with the
// same results as evalAlu bit for bit (tests/ptx/PtxAluWarpTest.cpp checks every kind against it).
#include <cmath>

#include "warpsim/workload/WarpInst.h"
#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx {
namespace {

using alu::maskOf;
using alu::sext;
using alu::u64;
using alu::widthOf;

bool intCompare(Cmp c) {
  return c >= Cmp::Eq && c <= Cmp::Hs;
}

bool isIntOrBits(Type t) {
  return alu::isInt(t) || alu::isBits(t);
}

bool plainFloat(const Instr& ins) {
  return (ins.round == Round::None || ins.round == Round::Rn) && !ins.ftz && !ins.sat &&
         !ins.approx && !ins.full && (ins.type == Type::F32 || ins.type == Type::F64);
}

template <class F>
void forLanes(u64* d, F f) {
  for (unsigned lane = 0; lane < kWarpSize; ++lane) d[lane] = f(lane);
}

float f32(u64 bits) {
  const auto b = static_cast<std::uint32_t>(bits);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

u64 bitsF32(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return std::isnan(f) ? 0x7fffffffu : b;  // the canonical NaN (README)
}

double f64(u64 bits) {
  return alu::fromBits(bits);
}

}  // namespace

WarpAlu warpAluKind(const Instr& ins) {
  const Type t = ins.type;
  if (ins.cc || ins.sat || ins.ftz) return WarpAlu::None;
  switch (ins.op) {
    case Op::Mov:  // scalar: the vector forms pack and unpack (the executor's warpOp)
      for (const Operand& o : ins.ops)
        if (o.kind == Operand::Kind::Vec) return WarpAlu::None;
      return WarpAlu::Mov;
    case Op::Add:
    case Op::Sub:
      if (plainFloat(ins)) return ins.op == Op::Add ? WarpAlu::FloatAdd : WarpAlu::FloatSub;
      if (!isIntOrBits(t)) return WarpAlu::None;
      return ins.op == Op::Add ? WarpAlu::IntAdd : WarpAlu::IntSub;
    case Op::Mul:
    case Op::Mad:
      if (plainFloat(ins))  // mad.f32/.f64 is fused, as fma (PtxAluFloat.cpp)
        return ins.op == Op::Mul ? WarpAlu::FloatMul : WarpAlu::FloatFma;
      if (!alu::isInt(t)) return WarpAlu::None;
      if (ins.mulMode == MulMode::Lo)
        return ins.op == Op::Mul ? WarpAlu::IntMulLo : WarpAlu::IntMadLo;
      if (ins.mulMode == MulMode::Wide && ins.op == Op::Mul && widthOf(t) <= 32)
        return WarpAlu::IntMulWide;
      return WarpAlu::None;
    case Op::Fma:
      return plainFloat(ins) ? WarpAlu::FloatFma : WarpAlu::None;
    case Op::Shl:
      return isIntOrBits(t) ? WarpAlu::Shl : WarpAlu::None;
    case Op::Shr:
      return !isIntOrBits(t)                ? WarpAlu::None
             : alu::isInt(t) && isSigned(t) ? WarpAlu::ShrS
                                            : WarpAlu::ShrU;
    case Op::And:
    case Op::Or:
    case Op::Xor:
      if (t != Type::Pred && !isIntOrBits(t)) return WarpAlu::None;
      return ins.op == Op::And ? WarpAlu::And : ins.op == Op::Or ? WarpAlu::Or : WarpAlu::Xor;
    case Op::Setp: {
      if (ins.boolOp != BoolOp::None) return WarpAlu::None;
      const Type c = alu::compareType(ins);
      if (c == Type::F32) return WarpAlu::SetpF32;
      return isIntOrBits(c) && intCompare(ins.cmp) ? WarpAlu::SetpInt : WarpAlu::None;
    }
    case Op::Selp:
      return t == Type::Pred ? WarpAlu::None : WarpAlu::Selp;
    default:
      return WarpAlu::None;
  }
}

bool evalAluWarp(WarpAlu kind, const Instr& ins, const std::uint64_t* const src[3],
                 std::uint64_t* d, std::uint64_t* d2) {
  const u64* a = src[0];
  const u64* b = src[1];
  const u64* c = src[2];
  const unsigned w = widthOf(ins.type);
  const u64 m = maskOf(w);
  switch (kind) {
    case WarpAlu::Mov:
      forLanes(d, [&](unsigned l) { return a[l] & m; });
      return true;
    case WarpAlu::IntAdd:
      forLanes(d, [&](unsigned l) { return (a[l] + b[l]) & m; });
      return true;
    case WarpAlu::IntSub:
      forLanes(d, [&](unsigned l) { return (a[l] - b[l]) & m; });
      return true;
    case WarpAlu::IntMulLo:
      forLanes(d, [&](unsigned l) { return (a[l] * b[l]) & m; });
      return true;
    case WarpAlu::IntMadLo:
      forLanes(d, [&](unsigned l) { return (a[l] * b[l] + c[l]) & m; });
      return true;
    case WarpAlu::IntMulWide: {
      const u64 m2 = maskOf(2 * w);
      if (isSigned(ins.type))
        forLanes(d, [&](unsigned l) {
          return static_cast<u64>(sext(a[l] & m, w) * sext(b[l] & m, w)) & m2;
        });
      else
        forLanes(d, [&](unsigned l) { return ((a[l] & m) * (b[l] & m)) & m2; });
      return true;
    }
    case WarpAlu::Shl:  // PTX ISA 9.7.8.7: amounts past the width clamp to it
      forLanes(d, [&](unsigned l) {
        const u64 n = b[l] & 0xffffffffu;
        return n >= w ? 0 : (a[l] << n) & m;
      });
      return true;
    case WarpAlu::ShrU:
      forLanes(d, [&](unsigned l) {
        const u64 n = b[l] & 0xffffffffu;
        return n >= w ? 0 : (a[l] & m) >> n;
      });
      return true;
    case WarpAlu::ShrS:
      forLanes(d, [&](unsigned l) {
        const u64 n = b[l] & 0xffffffffu;
        return static_cast<u64>(sext(a[l] & m, w) >> (n >= w ? w - 1 : n)) & m;
      });
      return true;
    case WarpAlu::And:
      forLanes(d, [&](unsigned l) { return a[l] & b[l] & m; });
      return true;
    case WarpAlu::Or:
      forLanes(d, [&](unsigned l) { return (a[l] | b[l]) & m; });
      return true;
    case WarpAlu::Xor:
      forLanes(d, [&](unsigned l) { return (a[l] ^ b[l]) & m; });
      return true;
    case WarpAlu::SetpInt: {
      const Type t = alu::compareType(ins);
      const u64 cm = maskOf(widthOf(t));
      forLanes(d,
               [&](unsigned l) { return u64{alu::compareInt(ins.cmp, t, a[l] & cm, b[l] & cm)}; });
      forLanes(d2, [&](unsigned l) { return u64{d[l] == 0}; });
      return true;
    }
    case WarpAlu::SetpF32:
      forLanes(d,
               [&](unsigned l) { return u64{alu::compareFloat(ins.cmp, f32(a[l]), f32(b[l]))}; });
      forLanes(d2, [&](unsigned l) { return u64{d[l] == 0}; });
      return true;
    case WarpAlu::Selp:
      forLanes(d, [&](unsigned l) { return ((c[l] & 1) ? a[l] : b[l]) & m; });
      return true;
    default:
      break;
  }
  // Float forms: the host computes them correctly rounded when it rounds to nearest.
  if (std::fegetround() != FE_TONEAREST) return false;
  if (ins.type == Type::F32) {
    switch (kind) {
      case WarpAlu::FloatAdd:
        forLanes(d, [&](unsigned l) { return bitsF32(f32(a[l]) + f32(b[l])); });
        return true;
      case WarpAlu::FloatSub:
        forLanes(d, [&](unsigned l) { return bitsF32(f32(a[l]) - f32(b[l])); });
        return true;
      case WarpAlu::FloatMul:
        forLanes(d, [&](unsigned l) { return bitsF32(f32(a[l]) * f32(b[l])); });
        return true;
      case WarpAlu::FloatFma:
        forLanes(d, [&](unsigned l) { return bitsF32(std::fma(f32(a[l]), f32(b[l]), f32(c[l]))); });
        return true;
      default:
        return false;
    }
  }
  switch (kind) {
    case WarpAlu::FloatAdd:
      forLanes(d, [&](unsigned l) { return alu::bitsOf(f64(a[l]) + f64(b[l])); });
      break;
    case WarpAlu::FloatSub:
      forLanes(d, [&](unsigned l) { return alu::bitsOf(f64(a[l]) - f64(b[l])); });
      break;
    case WarpAlu::FloatMul:
      forLanes(d, [&](unsigned l) { return alu::bitsOf(f64(a[l]) * f64(b[l])); });
      break;
    case WarpAlu::FloatFma:
      forLanes(d,
               [&](unsigned l) { return alu::bitsOf(std::fma(f64(a[l]), f64(b[l]), f64(c[l]))); });
      break;
    default:
      return false;
  }
  // Which NaN an f64 operation returns is the host's choice (README): a NaN lane is left to
  // evalAlu, so both paths give the same bits.
  for (unsigned l = 0; l < kWarpSize; ++l)
    if (std::isnan(f64(d[l]))) {
      LaneIn in;
      in.src = {a[l], b[l], c ? c[l] : 0, 0};
      LaneOut out;
      evalAlu(ins, in, out);
      d[l] = out.d;
    }
  return true;
}

}  // namespace warpsim::ptx
