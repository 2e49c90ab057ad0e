#pragma once
// Per-lane arithmetic of PTX (lib/workload/ptx/README.md): the instructions that compute from
// their source values alone, with no memory, no other lane and no control flow. The executor
// reads the sources (registers as raw bits, immediates converted to sourceType), calls evalAlu
// once per active lane, and writes the results.
//
// Values are raw bits in a uint64: an N-bit value sits in the low N bits, the rest zero
// (a register of a narrower type than 64 bits holds its value zero-extended); predicates are
// 0 or 1; f16 is IEEE binary16 bits, f32 and f64 their IEEE bits. evalAlu reads each source at
// sourceType's width (sign-extending signed types itself) and returns results masked to the
// destination's width.
#include <array>
#include <cstdint>
#include <string>

#include "warpsim/workload/ptx/PtxIr.h"

namespace warpsim::ptx {

struct LaneIn {
  std::array<std::uint64_t, 4> src{};  // the source operands after the destinations, in order
  bool carry = false;                  // the lane's carry flag (addc, subc, madc read it)
};

struct LaneOut {
  std::uint64_t d = 0;   // the first destination
  std::uint64_t d2 = 0;  // the second: setp p|q's q (the complement, combined by boolOp)
  bool carry = false;    // the new carry flag, when the instruction has .cc
};

// Whether evalAlu handles `op` (with its types and modifiers: see checkAlu).
bool isAluOp(Op op);

// "" when evalAlu supports this instruction (its op, types, rounding and other modifiers);
// otherwise what is not supported, in words, for an error naming the PTX line. The loader calls
// it once per instruction, so that nothing unsupported runs.
std::string checkAlu(const Instr& ins);

// The type an operand at source position `i` (0 = the first source) is read as: what an
// immediate there is converted to (a float literal to f32 or f64 bits, an integer literal to
// the type's width) and the width evalAlu takes from a register value.
Type sourceType(const Instr& ins, unsigned i);

// Evaluates one lane. Precondition: checkAlu(ins) == "".
void evalAlu(const Instr& ins, const LaneIn& in, LaneOut& out);

// Whole-warp fast paths for the forms executed most (PtxAluWarp.cpp): an instruction of a kind
// other than None may be evaluated by evalAluWarp over all 32 lanes at once, with results equal
// to evalAlu's lane by lane. Asked once per instruction, at load.
enum class WarpAlu : std::uint8_t {
  None,
  Mov,
  IntAdd,
  IntSub,
  IntMulLo,
  IntMadLo,
  IntMulWide,
  Shl,
  ShrU,
  ShrS,
  And,
  Or,
  Xor,
  SetpInt,
  SetpF32,
  Selp,
  FloatAdd,
  FloatSub,
  FloatMul,
  FloatFma,
};
WarpAlu warpAluKind(const Instr& ins);

// Evaluates `ins` (of `kind`, not None) for all 32 lanes: src[i][lane] are the sources as
// evalAlu reads them (raw register bits, immediates converted to sourceType); d and d2 receive
// LaneOut::d and ::d2 (d2 for setp). Returns false, computing nothing, when the host's rounding
// mode rules the fast path out; the caller then uses evalAlu.
bool evalAluWarp(WarpAlu kind, const Instr& ins, const std::uint64_t* const src[3],
                 std::uint64_t* d, std::uint64_t* d2);

}  // namespace warpsim::ptx
