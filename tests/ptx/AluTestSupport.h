#pragma once
// Helpers for the per-lane arithmetic tests: instructions built by hand, one lane evaluated,
// float bits, host results under a rounding mode, and a deterministic value generator.
#include <catch2/catch.hpp>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "warpsim/workload/ptx/PtxAlu.h"

namespace alutest {

using namespace warpsim::ptx;
using u64 = std::uint64_t;

inline Instr mk(Op op, Type t, Type t2 = Type::None) {
  Instr ins;
  ins.op = op;
  ins.type = t;
  ins.type2 = t2;
  return ins;
}
inline Instr withRound(Instr ins, Round r) {
  ins.round = r;
  return ins;
}

// Evaluates one lane; the instruction must be supported.
inline LaneOut run(const Instr& ins, std::initializer_list<u64> src, bool carry = false) {
  INFO(checkAlu(ins));
  REQUIRE(checkAlu(ins).empty());
  LaneIn in;
  unsigned i = 0;
  for (u64 v : src) in.src[i++] = v;
  in.carry = carry;
  LaneOut out;
  evalAlu(ins, in, out);
  return out;
}
inline u64 eval(const Instr& ins, std::initializer_list<u64> src) {
  return run(ins, src).d;
}

inline u64 fb(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline float bf(u64 b) {
  const auto v = static_cast<std::uint32_t>(b);
  float f;
  std::memcpy(&f, &v, 4);
  return f;
}
inline u64 db(double d) {
  u64 b;
  std::memcpy(&b, &d, 8);
  return b;
}
inline double bd(u64 b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

// f() under the host rounding mode `mode` (f reads its inputs through volatiles).
template <class F>
auto hostIn(int mode, F f) {
  const int old = std::fegetround();
  std::fesetround(mode);
  auto r = f();
  std::fesetround(old);
  return r;
}

inline int hostMode(Round r) {
  return r == Round::Rz   ? FE_TOWARDZERO
         : r == Round::Rm ? FE_DOWNWARD
         : r == Round::Rp ? FE_UPWARD
                          : FE_TONEAREST;
}

// A fixed sequence of 64-bit values (splitmix64).
struct Gen {
  u64 s = 0x9e3779b97f4a7c15u;
  u64 next() {
    u64 z = (s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
  }
  // f32 bits: uniform bits half the time, else values near 1 or near the subnormal range.
  u64 f32() {
    const u64 r = next();
    switch (r & 3) {
      case 0:
        return r >> 32;
      case 1:
        return ((r >> 32) & 0x807fffffu) | 0x3f000000u;  // [0.5, 1) and negatives
      case 2:
        return ((r >> 32) & 0x80ffffffu);  // subnormals and the smallest normals
      default:
        return ((r >> 32) & 0x81ffffffu) | 0x4b000000u;  // large, integers mostly
    }
  }
  u64 f64() {
    const u64 r = next();
    return (r & 1) ? r : ((r & 0x800fffffffffffffu) | 0x3fe0000000000000u);
  }
};

constexpr Round kModes[] = {Round::Rn, Round::Rz, Round::Rm, Round::Rp};

// Bits equal, or both NaN.
inline bool sameF32(u64 a, u64 b) {
  return a == b || (std::isnan(bf(a)) && std::isnan(bf(b)));
}
inline bool sameF64(u64 a, u64 b) {
  return a == b || (std::isnan(bd(a)) && std::isnan(bd(b)));
}

}  // namespace alutest
