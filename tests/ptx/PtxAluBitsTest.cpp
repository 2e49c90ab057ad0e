// Per-lane logic, shifts and bit operations (PTX ISA 9.7.7, 9.7.8): and/or/xor/not/cnot on bits
// and predicates, lop3, shl/shr clamping at the width, shf, bfe, bfi, clz, popc, brev, bfind,
// prmt.
#include "AluTestSupport.h"

using namespace alutest;

namespace {
constexpr u64 kM32 = 0xffffffffu;
Instr shf(bool left, bool wrap) {
  Instr ins = mk(Op::Shf, Type::B32);
  ins.shfLeft = left;
  ins.shiftWrap = wrap;
  return ins;
}
}  // namespace

TEST_CASE("ptx alu: logic on bits and predicates, and lop3") {
  CHECK(eval(mk(Op::And, Type::B32), {0xf0f0, 0xff00}) == 0xf000);
  CHECK(eval(mk(Op::Or, Type::B16), {0xf0f0, 0x0f00}) == 0xfff0);
  CHECK(eval(mk(Op::Xor, Type::B64), {~u64{0}, 1}) == ~u64{1});
  CHECK(eval(mk(Op::Not, Type::B16), {0x00ff}) == 0xff00);
  CHECK(eval(mk(Op::Not, Type::B32), {0}) == kM32);
  CHECK(eval(mk(Op::Cnot, Type::B32), {0}) == 1);
  CHECK(eval(mk(Op::Cnot, Type::B32), {0x80000000}) == 0);
  CHECK(eval(mk(Op::Not, Type::Pred), {1}) == 0);
  CHECK(eval(mk(Op::Not, Type::Pred), {0}) == 1);
  CHECK(eval(mk(Op::And, Type::Pred), {1, 0}) == 0);
  CHECK(eval(mk(Op::Or, Type::Pred), {1, 0}) == 1);
  CHECK(eval(mk(Op::Xor, Type::Pred), {1, 1}) == 0);
  const u64 a = 0x12345678, b = 0x0f0f0f0f, c = 0xff00ff00;
  CHECK(eval(mk(Op::Lop3, Type::B32), {a, b, c, 0xf0}) == a);
  CHECK(eval(mk(Op::Lop3, Type::B32), {a, b, c, 0xcc}) == b);
  CHECK(eval(mk(Op::Lop3, Type::B32), {a, b, c, 0xaa}) == c);
  CHECK(eval(mk(Op::Lop3, Type::B32), {a, b, c, 0x96}) == (a ^ b ^ c));
  CHECK(eval(mk(Op::Lop3, Type::B32), {a, b, c, 0xe8}) == ((a & b) | (a & c) | (b & c)));
  CHECK(eval(mk(Op::Lop3, Type::B32), {a, b, c, 0x0f}) == (~a & kM32));
}

TEST_CASE("ptx alu: shl and shr clamp the amount at the width, shr.s fills with the sign") {
  CHECK(eval(mk(Op::Shl, Type::B32), {1, 31}) == 0x80000000);
  CHECK(eval(mk(Op::Shl, Type::B32), {1, 32}) == 0);
  CHECK(eval(mk(Op::Shl, Type::B32), {1, 0xffffffff}) == 0);
  CHECK(eval(mk(Op::Shl, Type::B16), {0x8001, 1}) == 2);
  CHECK(eval(mk(Op::Shl, Type::B64), {1, 63}) == u64{1} << 63);
  CHECK(eval(mk(Op::Shl, Type::B64), {1, 64}) == 0);
  CHECK(eval(mk(Op::Shr, Type::U32), {0x80000000, 31}) == 1);
  CHECK(eval(mk(Op::Shr, Type::U32), {0x80000000, 32}) == 0);
  CHECK(eval(mk(Op::Shr, Type::B32), {0x80000000, 4}) == 0x08000000);
  CHECK(eval(mk(Op::Shr, Type::S32), {0xfffffff8, 1}) == 0xfffffffc);
  CHECK(eval(mk(Op::Shr, Type::S32), {0x80000000, 40}) == kM32);
  CHECK(eval(mk(Op::Shr, Type::S32), {0x7fffffff, 40}) == 0);
  CHECK(eval(mk(Op::Shr, Type::S16), {0x8000, 15}) == 0xffff);
  CHECK(eval(mk(Op::Shr, Type::S16), {0x8000, 100}) == 0xffff);
  CHECK(eval(mk(Op::Shr, Type::S64), {u64{1} << 63, 64}) == ~u64{0});
  CHECK(eval(mk(Op::Shr, Type::U64), {~u64{0}, 64}) == 0);
}

TEST_CASE("ptx alu: shf funnels b:a left and right, wrapping or clamping the amount") {
  const u64 a = 0x89abcdef, b = 0x01234567;
  CHECK(eval(shf(true, false), {a, b, 8}) == 0x23456789);
  CHECK(eval(shf(false, false), {a, b, 8}) == 0x6789abcd);
  CHECK(eval(shf(true, false), {a, b, 0}) == b);
  CHECK(eval(shf(false, false), {a, b, 0}) == a);
  CHECK(eval(shf(true, false), {a, b, 40}) == a);  // clamped to 32
  CHECK(eval(shf(false, false), {a, b, 40}) == b);
  CHECK(eval(shf(true, true), {a, b, 40}) == 0x23456789);  // 40 mod 32 = 8
  CHECK(eval(shf(false, true), {a, b, 40}) == 0x6789abcd);
}

TEST_CASE("ptx alu: bfe extracts and sign-extends, bfi inserts, both clip at the width") {
  CHECK(eval(mk(Op::Bfe, Type::U32), {0x12345678, 4, 8}) == 0x67);
  CHECK(eval(mk(Op::Bfe, Type::S32), {0x000000f0, 4, 4}) == kM32);
  CHECK(eval(mk(Op::Bfe, Type::S32), {0x00000070, 4, 4}) == 7);
  CHECK(eval(mk(Op::Bfe, Type::U32), {0x12345678, 4, 0}) == 0);
  CHECK(eval(mk(Op::Bfe, Type::S32), {0x80000000, 40, 4}) == kM32);  // pos beyond: sign bit
  CHECK(eval(mk(Op::Bfe, Type::U32), {0x80000000, 28, 10}) == 8);    // clipped at bit 31
  CHECK(eval(mk(Op::Bfe, Type::S32), {0x80000000, 28, 10}) == 0xfffffff8);
  CHECK(eval(mk(Op::Bfe, Type::U64), {0xf000000000000000u, 60, 4}) == 0xf);
  CHECK(eval(mk(Op::Bfe, Type::S64), {0xf000000000000000u, 60, 4}) == ~u64{0});
  CHECK(eval(mk(Op::Bfe, Type::U32), {0xabcd, 0x104, 0x208}) == 0xbc);  // 8 bits of b and c
  CHECK(eval(mk(Op::Bfi, Type::B32), {0xff, 0, 8, 4}) == 0xf00);
  CHECK(eval(mk(Op::Bfi, Type::B32), {0, kM32, 8, 4}) == 0xfffff0ff);
  CHECK(eval(mk(Op::Bfi, Type::B32), {0xff, 0x1234, 8, 0}) == 0x1234);
  CHECK(eval(mk(Op::Bfi, Type::B32), {0xff, 0, 30, 8}) == 0xc0000000);
  CHECK(eval(mk(Op::Bfi, Type::B64), {1, 0, 63, 1}) == u64{1} << 63);
}

TEST_CASE("ptx alu: clz, popc, brev and bfind") {
  CHECK(eval(mk(Op::Clz, Type::B32), {0}) == 32);
  CHECK(eval(mk(Op::Clz, Type::B32), {1}) == 31);
  CHECK(eval(mk(Op::Clz, Type::B32), {0x80000000}) == 0);
  CHECK(eval(mk(Op::Clz, Type::B64), {0}) == 64);
  CHECK(eval(mk(Op::Clz, Type::B64), {0x100000000u}) == 31);
  CHECK(eval(mk(Op::Popc, Type::B32), {kM32}) == 32);
  CHECK(eval(mk(Op::Popc, Type::B64), {~u64{0}}) == 64);
  CHECK(eval(mk(Op::Popc, Type::B32), {0x10101}) == 3);
  CHECK(eval(mk(Op::Brev, Type::B32), {1}) == 0x80000000);
  CHECK(eval(mk(Op::Brev, Type::B32), {0x12345678}) == 0x1e6a2c48);
  CHECK(eval(mk(Op::Brev, Type::B64), {1}) == u64{1} << 63);
  CHECK(eval(mk(Op::Bfind, Type::U32), {0}) == kM32);
  CHECK(eval(mk(Op::Bfind, Type::U32), {0x10}) == 4);
  CHECK(eval(mk(Op::Bfind, Type::U32), {0x80000000}) == 31);
  CHECK(eval(mk(Op::Bfind, Type::S32), {kM32}) == kM32);  // -1: no non-sign bit
  CHECK(eval(mk(Op::Bfind, Type::S32), {0xfffffffe}) == 0);
  CHECK(eval(mk(Op::Bfind, Type::S32), {0x80000000}) == 30);
  CHECK(eval(mk(Op::Bfind, Type::S64), {5}) == 2);
  CHECK(eval(mk(Op::Bfind, Type::U64), {u64{1} << 63}) == 63);
}

TEST_CASE("ptx alu: prmt picks bytes of b:a, replicating a byte's sign on request") {
  const u64 a = 0x33221100, b = 0x77665544;
  CHECK(eval(mk(Op::Prmt, Type::B32), {a, b, 0x3210}) == a);
  CHECK(eval(mk(Op::Prmt, Type::B32), {a, b, 0x7654}) == b);
  CHECK(eval(mk(Op::Prmt, Type::B32), {a, b, 0x0123}) == 0x00112233);
  CHECK(eval(mk(Op::Prmt, Type::B32), {a, b, 0x4444}) == 0x44444444);
  CHECK(eval(mk(Op::Prmt, Type::B32), {0x80, 0, 0x8880}) == 0xffffff80);
  CHECK(eval(mk(Op::Prmt, Type::B32), {0x7f, 0, 0x0008}) == 0x7f7f7f00);
}
