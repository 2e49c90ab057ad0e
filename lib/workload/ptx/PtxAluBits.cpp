// Logic, shifts and bit manipulation of the per-lane arithmetic (PTX ISA 9.7.7, 9.7.8):
// and or xor not cnot (also on .pred), lop3, shl shr shf, bfi bfe clz popc brev bfind prmt.
#include <algorithm>

#include "warpsim/workload/ptx/PtxAluDetail.h"

namespace warpsim::ptx::alu {
namespace {

unsigned clz64(u64 v) {
  unsigned n = 0;
  for (u64 bit = u64{1} << 63; bit && !(v & bit); bit >>= 1) ++n;
  return n;
}

unsigned popc64(u64 v) {
  unsigned n = 0;
  for (; v; v &= v - 1) ++n;
  return n;
}

// bfe (PTX ISA 9.7.8.6): len bits of a from pos, sign-extended for signed types.
u64 bfe(Type t, u64 a, unsigned pos, unsigned len) {
  const unsigned w = widthOf(t);
  const unsigned msb = w - 1;
  const bool sbit = isSigned(t) && len > 0 && ((a >> std::min(pos + len - 1, msb)) & 1);
  u64 d = 0;
  for (unsigned i = 0; i < w; ++i) {
    const bool bit = (i < len && pos + i <= msb) ? ((a >> (pos + i)) & 1) : sbit;
    d |= u64{bit} << i;
  }
  return d;
}

// bfi (PTX ISA 9.7.8.7): b with len bits from pos replaced by a's low bits.
u64 bfi(Type t, u64 a, u64 b, unsigned pos, unsigned len) {
  const unsigned w = widthOf(t);
  u64 d = b;
  for (unsigned i = 0; i < len && pos + i < w; ++i) {
    const u64 bit = u64{1} << (pos + i);
    d = ((a >> i) & 1) ? (d | bit) : (d & ~bit);
  }
  return d;
}

// prmt default mode (PTX ISA 9.7.8.9): each result byte picks one of {b, a}'s eight bytes, or
// (selector bit 3) that byte's sign replicated.
u64 prmt(u64 a, u64 b, u64 c) {
  const u64 bytes = (b << 32) | (a & 0xffffffffu);
  u64 d = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned sel = (c >> (4 * i)) & 0xf;
    u64 byte = (bytes >> (8 * (sel & 7))) & 0xff;
    if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
    d |= byte << (8 * i);
  }
  return d;
}

// lop3 (PTX ISA 9.7.7.6): bit i of the result is bit (a_i b_i c_i) of the look-up table.
u64 lop3(u64 a, u64 b, u64 c, unsigned lut) {
  u64 d = 0;
  for (unsigned k = 0; k < 8; ++k)
    if ((lut >> k) & 1) d |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
  return d;
}

}  // namespace

bool evalBits(const Instr& ins, const LaneIn& in, LaneOut& out) {
  const Type t = ins.type;
  const unsigned w = widthOf(t);
  const u64 m = maskOf(w);
  const u64 a = srcU(ins, in, 0);
  switch (ins.op) {
    case Op::And:
      out.d = a & srcU(ins, in, 1);
      return true;
    case Op::Or:
      out.d = a | srcU(ins, in, 1);
      return true;
    case Op::Xor:
      out.d = a ^ srcU(ins, in, 1);
      return true;
    case Op::Not:
      out.d = ~a & m;
      return true;
    case Op::Cnot:
      out.d = a == 0 ? 1 : 0;
      return true;
    case Op::Lop3:
      out.d = lop3(a, srcU(ins, in, 1), srcU(ins, in, 2), in.src[3] & 0xff) & m;
      return true;
    case Op::Shl: {  // PTX ISA 9.7.7.7: amounts beyond the width give 0
      const u64 n = srcU(ins, in, 1);
      out.d = n >= w ? 0 : (a << n) & m;
      return true;
    }
    case Op::Shr: {  // PTX ISA 9.7.7.8: signed shifts fill with the sign, clamped at the width
      const u64 n = srcU(ins, in, 1);
      if (isSigned(t))
        out.d = static_cast<u64>(sext(a, w) >> std::min<u64>(n, 63)) & m;
      else
        out.d = n >= w ? 0 : a >> n;
      return true;
    }
    case Op::Shf: {  // PTX ISA 9.7.8.8: funnel shift of b:a, amount wrapped mod 32 or clamped
      const u64 c = srcU(ins, in, 2);
      const unsigned n = ins.shiftWrap ? static_cast<unsigned>(c & 31) : std::min<unsigned>(c, 32);
      const u64 v = (srcU(ins, in, 1) << 32) | a;
      out.d = (ins.shfLeft ? static_cast<u64>((static_cast<u128>(v) << n) >> 32) : v >> n) &
              0xffffffffu;
      return true;
    }
    case Op::Bfe:
      out.d = bfe(t, a, srcU(ins, in, 1) & 0xff, srcU(ins, in, 2) & 0xff);
      return true;
    case Op::Bfi:
      out.d = bfi(t, a, srcU(ins, in, 1), srcU(ins, in, 2) & 0xff, srcU(ins, in, 3) & 0xff);
      return true;
    case Op::Clz:  // PTX ISA 9.7.8.3: the result is u32
      out.d = clz64(a) - (64 - w);
      return true;
    case Op::Popc:
      out.d = popc64(a);
      return true;
    case Op::Brev: {
      u64 d = 0;
      for (unsigned i = 0; i < w; ++i) d |= ((a >> i) & 1) << (w - 1 - i);
      out.d = d;
      return true;
    }
    case Op::Bfind: {  // PTX ISA 9.7.8.4: the most significant non-sign bit, 0xffffffff if none
      const u64 v = (isSigned(t) && ((a >> (w - 1)) & 1)) ? ~a & m : a;
      out.d = v == 0 ? 0xffffffffu : 63 - clz64(v);
      return true;
    }
    case Op::Prmt:
      out.d = prmt(a, srcU(ins, in, 1), srcU(ins, in, 2));
      return true;
    default:
      return false;
  }
}

}  // namespace warpsim::ptx::alu
