// checkAlu (PtxAlu.h): which combinations of op, types and modifiers evalAlu supports. Anything
// else is refused with the instruction spelled out ("cvt.rni.sat.f32.f32 ...") and a reason.
#include <initializer_list>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx {
namespace {

using alu::isBits;
using alu::isInt;

bool oneOf(Type t, std::initializer_list<Type> ts) {
  for (Type x : ts)
    if (x == t) return true;
  return false;
}
bool isIntArith(Type t) {
  return t >= Type::U16 && t <= Type::S64 && t != Type::S8;
}
bool is3264(Type t) {
  return oneOf(t, {Type::U32, Type::S32, Type::U64, Type::S64});
}
bool isFloatScalar(Type t) {
  return oneOf(t, {Type::F16, Type::BF16, Type::F32, Type::F64});
}
bool isFloatRound(Round r) {
  return r >= Round::None && r <= Round::Rp;
}
bool isIntRound(Round r) {
  return r >= Round::Rni && r <= Round::Rpi;
}
bool ftzType(Type t) {
  return t == Type::F32 || t == Type::F16 || t == Type::F16x2;
}

const char* roundName(Round r) {
  static const char* const k[] = {"", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"};
  return k[static_cast<unsigned>(r)];
}
const char* cmpName(Cmp c) {
  static const char* const k[] = {"",   "eq",  "ne",  "lt",  "le",  "gt",  "ge",  "lo",  "ls", "hi",
                                  "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
  return k[static_cast<unsigned>(c)];
}

std::string describe(const Instr& ins) {
  std::string s = name(ins.op);
  auto add = [&s](bool on, const char* m) {
    if (on && *m) s += std::string(".") + m;
  };
  add(ins.op == Op::Testp, ins.testMode == TestMode::None         ? "?"
                           : ins.testMode == TestMode::Finite     ? "finite"
                           : ins.testMode == TestMode::Infinite   ? "infinite"
                           : ins.testMode == TestMode::Number     ? "number"
                           : ins.testMode == TestMode::NotANumber ? "notanumber"
                           : ins.testMode == TestMode::Normal     ? "normal"
                                                                  : "subnormal");
  add(ins.op == Op::Shf, ins.shfLeft ? "l" : "r");
  add(ins.op == Op::Shf, ins.shiftWrap ? "wrap" : "clamp");
  add(true, cmpName(ins.cmp));
  add(ins.boolOp != BoolOp::None, ins.boolOp == BoolOp::And  ? "and"
                                  : ins.boolOp == BoolOp::Or ? "or"
                                                             : "xor");
  add(ins.mulMode != MulMode::None, ins.mulMode == MulMode::Lo   ? "lo"
                                    : ins.mulMode == MulMode::Hi ? "hi"
                                                                 : "wide");
  add(ins.cc, "cc");
  add(ins.approx, "approx");
  add(ins.full, "full");
  add(true, roundName(ins.round));
  add(ins.ftz, "ftz");
  add(ins.sat, "sat");
  add(true, name(ins.type));
  add(ins.type2 != Type::None, name(ins.type2));
  return s;
}

// Why the float arithmetic `ins` is not supported, or nullptr.
const char* checkFloat(const Instr& ins) {
  const Type t = ins.type;
  const Op op = ins.op;
  const bool packed = t == Type::F16x2 || t == Type::BF16x2;
  if (packed &&
      !(op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Fma || op == Op::Neg ||
        op == Op::Abs || op == Op::Min || op == Op::Max || op == Op::Ex2 || op == Op::Tanh))
    return "this op on packed halves";
  if (!isFloatScalar(t) && !packed) return "this float type";
  if (ins.cc || ins.mulMode != MulMode::None) return "integer modifiers on a float type";
  if (ins.ftz && !ftzType(t) && !(t == Type::F64 && ins.approx)) return ".ftz on this type";
  if (!isFloatRound(ins.round)) return "an integer rounding modifier";
  const bool transcendental = op == Op::Sin || op == Op::Cos || op == Op::Lg2 || op == Op::Ex2 ||
                              op == Op::Tanh || op == Op::Rsqrt;
  const bool arith =
      op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Mad || op == Op::Fma;
  if (ins.sat && !(arith && ftzType(t))) return ".sat here";
  if ((ins.approx || ins.full) && ins.round != Round::None) return ".approx with a rounding mode";
  if (ins.full && !(op == Op::Div && t == Type::F32)) return ".full here";
  if (transcendental) {
    if (!ins.approx) return "it needs .approx";
    if (op == Op::Rsqrt) return (t == Type::F32 || t == Type::F64) ? nullptr : "this type";
    if (op == Op::Ex2 || op == Op::Tanh) return t == Type::F64 ? "this type" : nullptr;  // +packed
    return t == Type::F32 ? nullptr : "this type";
  }
  if (ins.approx && !(op == Op::Div || op == Op::Rcp || op == Op::Sqrt)) return ".approx here";
  if (op == Op::Div || op == Op::Rcp || op == Op::Sqrt)
    return (t == Type::F32 || t == Type::F64) ? nullptr : "this type";
  if (op == Op::Copysign) return (t == Type::F32 || t == Type::F64) ? nullptr : "this type";
  if (arith || op == Op::Min || op == Op::Max || op == Op::Neg || op == Op::Abs) {
    if (ins.round != Round::None && !arith) return "a rounding modifier here";
    return nullptr;
  }
  return "a float type";
}

// Why the integer arithmetic `ins` is not supported, or nullptr.
const char* checkInt(const Instr& ins) {
  const Type t = ins.type;
  const Op op = ins.op;
  if (!isIntArith(t)) return "this type";
  if (ins.round != Round::None || ins.ftz || ins.approx || ins.full) return "float modifiers";
  const bool carry = op == Op::Addc || op == Op::Subc || op == Op::Madc;
  if ((ins.cc || carry) && !is3264(t)) return "the carry flag needs a 32- or 64-bit type";
  if (ins.cc && !(carry || op == Op::Add || op == Op::Sub || op == Op::Mad)) return ".cc here";
  const bool mulLike = op == Op::Mul || op == Op::Mad || op == Op::Madc;
  const bool mul24 = op == Op::Mul24 || op == Op::Mad24;
  if (ins.mulMode != MulMode::None && !mulLike && !mul24) return ".lo/.hi/.wide here";
  if (ins.mulMode == MulMode::Wide &&
      (!oneOf(t, {Type::U16, Type::S16, Type::U32, Type::S32}) || ins.cc || op == Op::Madc))
    return ".wide here";
  if (ins.sat) {
    if (t != Type::S32 || ins.cc) return ".sat here";
    if (!(op == Op::Add || op == Op::Sub || (op == Op::Mad && ins.mulMode == MulMode::Hi)))
      return ".sat here";
  }
  if (mul24) return (t == Type::U32 || t == Type::S32) ? nullptr : "this type";
  if ((op == Op::Abs || op == Op::Neg) && !isSigned(t)) return "an unsigned type";
  switch (op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Mad:
    case Op::Addc:
    case Op::Subc:
    case Op::Madc:
    case Op::Sad:
    case Op::Div:
    case Op::Rem:
    case Op::Min:
    case Op::Max:
    case Op::Abs:
    case Op::Neg:
      return nullptr;
    default:
      return "an integer type";
  }
}

const char* checkBits(const Instr& ins) {
  const Type t = ins.type;
  if (ins.round != Round::None || ins.ftz || ins.sat || ins.cc || ins.approx ||
      ins.mulMode != MulMode::None)
    return "modifiers here";
  const bool b163264 = oneOf(t, {Type::B16, Type::B32, Type::B64});
  switch (ins.op) {
    case Op::And:
    case Op::Or:
    case Op::Xor:
    case Op::Not:
      return (b163264 || t == Type::Pred) ? nullptr : "this type";
    case Op::Cnot:
    case Op::Shl:
      return b163264 ? nullptr : "this type";
    case Op::Shr:
      return (b163264 || isIntArith(t)) ? nullptr : "this type";
    case Op::Shf:
    case Op::Lop3:
      return t == Type::B32 ? nullptr : "this type";
    case Op::Prmt:  // the default mode only: Instr has no prmt mode
      return t == Type::B32 ? nullptr : "this type";
    case Op::Bfi:
    case Op::Clz:
    case Op::Popc:
    case Op::Brev:
      return oneOf(t, {Type::B32, Type::B64}) ? nullptr : "this type";
    case Op::Bfe:
    case Op::Bfind:
      return is3264(t) ? nullptr : "this type";
    default:
      return "this op";
  }
}

const char* checkCvt(const Instr& ins) {
  const Type dt = ins.type, st = ins.type2;
  const bool dInt = isInt(dt), sInt = isInt(st);
  const bool dF = isFloatScalar(dt), sF = isFloatScalar(st);
  if ((dt == Type::F16x2 || dt == Type::BF16x2) && st == Type::F32)  // packs two f32
    return isFloatRound(ins.round) ? nullptr : "an integer rounding modifier";
  if (!(dInt || dF) || !(sInt || sF)) return "these types";
  if (ins.cc || ins.approx || ins.full || ins.mulMode != MulMode::None) return "modifiers here";
  if (sInt && dInt) return ins.round != Round::None || ins.ftz ? "rounding or .ftz" : nullptr;
  if (sInt) return isFloatRound(ins.round) ? nullptr : "an integer rounding modifier";
  if (dInt)
    return isIntRound(ins.round) ? nullptr : "float to integer needs .rni .rzi .rmi or .rpi";
  return nullptr;
}

const char* checkOther(const Instr& ins) {
  const Type t = ins.type;
  if (ins.cc || ins.approx || ins.full || ins.mulMode != MulMode::None || ins.round != Round::None)
    return "modifiers here";
  const bool plain =
      (isInt(t) || isFloatScalar(t)) && t != Type::B8 && t != Type::U8 && t != Type::S8;
  switch (ins.op) {
    case Op::Mov:
      if (ins.ftz || ins.sat) return "modifiers here";
      return (t != Type::None && t != Type::B128) ? nullptr : "this type";
    case Op::Selp:
      if (ins.ftz || ins.sat) return "modifiers here";
      return plain ? nullptr : "this type";
    case Op::Setp:
    case Op::Set: {
      const Type ct = alu::compareType(ins);
      if (ins.sat || (ins.ftz && !ftzType(ct))) return "modifiers here";
      if (ins.op == Op::Set && !oneOf(t, {Type::U32, Type::S32, Type::F32}))
        return "this destination type";
      if (isFloatScalar(ct))
        return (ins.cmp >= Cmp::Eq && ins.cmp <= Cmp::Ge) || ins.cmp >= Cmp::Equ
                   ? nullptr
                   : "this compare on floats";
      if (!isInt(ct) || ct == Type::B8 || ct == Type::U8 || ct == Type::S8) return "this type";
      if (ins.cmp == Cmp::None || ins.cmp >= Cmp::Equ) return "this compare on integers";
      return (isBits(ct) && ins.cmp != Cmp::Eq && ins.cmp != Cmp::Ne) ? "this compare on bits"
                                                                      : nullptr;
    }
    case Op::Slct:
      if (ins.sat || (ins.ftz && ins.type2 != Type::F32)) return "modifiers here";
      if (ins.type2 != Type::S32 && ins.type2 != Type::F32) return "this selector type";
      return plain ? nullptr : "this type";
    case Op::Testp:
      if (ins.sat || ins.ftz) return "modifiers here";
      if (ins.testMode == TestMode::None) return "no property";
      return (t == Type::F32 || t == Type::F64) ? nullptr : "this type";
    default:
      return "this op";
  }
}

}  // namespace

std::string checkAlu(const Instr& ins) {
  if (!isAluOp(ins.op)) return describe(ins) + " is not a per-lane arithmetic instruction";
  const char* why = nullptr;
  const Op op = ins.op;
  if (op == Op::Cvt)
    why = checkCvt(ins);
  else if (op >= Op::And && op <= Op::Lop3)
    why = checkBits(ins);
  else if (op >= Op::Add && op <= Op::Sad)
    why = isFloat(ins.type) ? checkFloat(ins) : checkInt(ins);
  else
    why = checkOther(ins);
  if (!why) return "";
  return describe(ins) + " is not supported (" + why + ")";
}

}  // namespace warpsim::ptx
