// Malformed or unsupported PTX: an error naming the file, the line and the token.
#include <catch2/catch.hpp>

#include "PtxTestSupport.h"

using namespace warpsim::ptx;
using namespace warpsim::ptx::test;
using Catch::Contains;
using Catch::StartsWith;

namespace {
const std::string kRegs = ".reg .b32 %r<4>;\n.reg .pred %p<2>;\n";  // lines 6, 7
}

TEST_CASE("ptx errors: a missing semicolon", "[ptx][errors]") {
  CHECK(errorOf(kernel(kRegs + "add.s32 %r1, %r2, %r3\nmov.u32 %r1, 0;\n")) ==
        "t.ptx:8: expected ';' after 'add.s32'; got 'mov.u32'");
  CHECK_THAT(errorOf(kernel(".reg .b32 %r<4>\nret;\n")),
             StartsWith("t.ptx:6: expected ';' after the register declaration; got 'ret'"));
}

TEST_CASE("ptx errors: bad register declarations", "[ptx][errors]") {
  CHECK(errorOf(kernel(".reg .b33 %r<4>;\n")) == "t.ptx:6: expected a register type; got '.b33'");
  CHECK(errorOf(kernel(".reg .b32 %r<x>;\n")) ==
        "t.ptx:6: expected a register count in '<N>'; got 'x'");
  CHECK(errorOf(kernel(".reg .b32 %r<2>;\n.reg .b32 %r1;\n")) ==
        "t.ptx:7: duplicate declaration of '%r1'; got '%r1'");
}

TEST_CASE("ptx errors: an undeclared register", "[ptx][errors]") {
  CHECK(errorOf(kernel(kRegs + "add.s32 %r1, %r9, %r3;\n")) ==
        "t.ptx:8: undeclared register '%r9' in 'add'; got '%r9'");
  CHECK(errorOf(kernel(kRegs + "@%q bra $L;\n$L:\nret;\n")) ==
        "t.ptx:8: undeclared register '%q' as a guard; got '%q'");
  CHECK(errorOf(kernel(kRegs + "@%r1 ret;\n")) ==
        "t.ptx:8: a guard must be a predicate register; got '%r1'");
  // A call block's registers are gone after the block.
  CHECK(errorOf(kernel(kRegs + "{\n.reg .b32 t;\nmov.u32 t, 1;\n}\nmov.u32 t, 2;\n")) ==
        "t.ptx:12: unknown symbol 't' in 'mov'; got 't'");
  CHECK(errorOf(kernel(kRegs + "ld.global.u32 %r1, [nowhere];\n")) ==
        "t.ptx:8: unknown symbol 'nowhere' in 'ld'; got 'nowhere'");
}

TEST_CASE("ptx errors: unknown and duplicate labels", "[ptx][errors]") {
  CHECK(errorOf(kernel(kRegs + "ret;\n@%p1 bra $L_nowhere;\n")) ==
        "t.ptx:9: unknown label '$L_nowhere'");
  CHECK(errorOf(kernel(kRegs + "$L1:\nret;\n$L1:\nret;\n")) ==
        "t.ptx:10: duplicate label '$L1'; got '$L1'");
  CHECK(errorOf(kernel(kRegs + "bra 5;\n")) == "t.ptx:8: expected a label; got '5'");
}

TEST_CASE("ptx errors: unknown instructions and modifiers", "[ptx][errors]") {
  CHECK(errorOf(kernel(kRegs + "frobnicate.s32 %r1, %r2;\n")) ==
        "t.ptx:8: unknown instruction 'frobnicate'; got 'frobnicate.s32'");
  CHECK(errorOf(kernel(kRegs + "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 %r1;\n")) ==
        "t.ptx:8: unknown instruction 'mma'; got "
        "'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32'");
  CHECK(errorOf(kernel(kRegs + "max.NaN.f32 %r1, %r2, %r3;\n")) ==
        "t.ptx:8: unsupported modifier '.NaN' of 'max'; got 'max.NaN.f32'");
  CHECK(errorOf(kernel(kRegs + "add.s32.s32.s32 %r1, %r2, %r3;\n")) ==
        "t.ptx:8: unsupported modifier '.s32' of 'add'; got 'add.s32.s32.s32'");
  CHECK(errorOf(kernel(kRegs + "bar 0;\n")) ==
        "t.ptx:8: bar needs .sync, .arrive or .red; got 'bar'");
  CHECK(errorOf(kernel(kRegs + "cvta.u64 %r1, %r2;\n")) ==
        "t.ptx:8: cvta needs a state space; got 'cvta.u64'");
}

TEST_CASE("ptx errors: bad immediates", "[ptx][errors]") {
  for (const char* bad : {"12abc", "0x", "0f3F80", "0d1234", "99999999999999999999", "08", "1.5x"})
    CHECK(errorOf(kernel(kRegs + "add.s32 %r1, %r2, " + bad + ";\n")) ==
          std::string("t.ptx:8: bad immediate in 'add'; got '") + bad + "'");
  CHECK(errorOf(kernel(kRegs + "ld.u32 %r1, [%r2+x];\n")) ==
        "t.ptx:8: bad address offset in 'ld'; got 'x'");
}

TEST_CASE("ptx errors: bad operands and structure", "[ptx][errors]") {
  CHECK(errorOf(kernel(kRegs + "add.s32 5, %r1, %r2;\n")) ==
        "t.ptx:8: the destination of 'add.s32' must be a register");
  CHECK(errorOf(kernel(kRegs + "add.s32 %r1, , %r2;\n")) ==
        "t.ptx:8: expected an operand in 'add'; got ','");
  CHECK(errorOf(kernel(kRegs + "ld.v4.f32 {%r1, %r2, %r3, %r0, %r1}, [%r1];\n")) ==
        "t.ptx:8: more than four registers in a vector operand; got '%r1'");
  CHECK(errorOf(std::string(kHeader) + ".visible .entry k()\n{\nret;\n") ==
        "t.ptx:7: missing '}' at the end of 'k'; got 'end of file'");
  CHECK(errorOf(std::string(kHeader) + "add.s32 %r1, %r2, %r3;\n") ==
        "t.ptx:4: unknown directive at module scope; got 'add.s32'");
  CHECK(errorOf(std::string(kHeader) + ".bogus 3;\n") ==
        "t.ptx:4: unknown directive at module scope; got '.bogus'");
  CHECK(errorOf(kernel(".surfref s;\n")) ==
        "t.ptx:6: unknown directive in a function body; got '.surfref'");
  CHECK(errorOf(kernel("mov.u32 %r1, 1; # comment\n")) == "t.ptx:6: unexpected character '#'");
  CHECK(errorOf(kernel("/* open\n")) == "t.ptx:6: unterminated comment");
  CHECK(errorOf(std::string(kHeader) + ".pragma \"nounroll\"\n") ==
        "t.ptx:4: missing ';'; got '\"nounroll\"'");
  CHECK(errorOf(std::string(kHeader) + ".func f();\n.visible .entry k()\n{\n"
                                       "call.uni (%r1), f;\n}\n") ==
        "t.ptx:7: undeclared register '%r1' in 'call'; got '%r1'");
  CHECK(errorOf(std::string(kHeader) + ".visible .entry k()\n{\n.reg .b64 %rd1;\n"
                                       "call.uni %rd1, ();\n}\n") ==
        "t.ptx:7: indirect calls (through a register) are not supported; got '%rd1'");
  CHECK(errorOf(std::string(kHeader) + ".global .u32 x[2] = {1, 2, 3};\n") ==
        "t.ptx:4: too many initialiser values for 'x'");
  CHECK(errorOf(std::string(kHeader) + ".global .b16 h = 0f3F800000;\n") ==
        "t.ptx:4: a float initialises only .f32 and .f64 (0f/0d bits: a type of their size); "
        "got '0f3F800000'");
  CHECK(errorOf(std::string(kHeader) + ".global .u32 p = generic(x);\n") ==
        "t.ptx:4: unknown symbol in initialiser; got 'x'");
  CHECK(errorOf(std::string(kHeader) + ".func f()\n{\nret;\n}\n.func f()\n{\nret;\n}\n") ==
        "t.ptx:8: duplicate definition of function 'f'; got 'f'");
  CHECK(errorOf(".version 9.0\n.target sm_75\n.address_size 32\n") ==
        "t.ptx:3: only .address_size 64 is supported");
}

TEST_CASE("ptx errors: a file that cannot be read", "[ptx][errors]") {
  CHECK_THROWS_WITH(loadPtxFile("/nonexistent/k.ptx"), "cannot open PTX file '/nonexistent/k.ptx'");
  // PtxError is a ConfigError: the platforms report it as a user error.
  CHECK_THROWS_AS(parse(kernel("bogus;\n")), warpsim::ConfigError);
}
