// The register estimate for occupancy without ptxas (lib/workload/ptx/README.md, "Registers for
// occupancy"): the most 32-bit words live at once, on hand-made kernels whose peak is known.
#include <catch2/catch.hpp>

#include <string>

#include "warpsim/workload/ptx/PtxParser.h"
#include "warpsim/workload/ptx/PtxRegisters.h"

using namespace warpsim::ptx;

namespace {

// `body` inside an entry with one u64 parameter, 32-bit registers %r1..%r7, 64-bit %rd1..%rd2
// and predicates %p1.
std::uint32_t peakOf(const std::string& body) {
  const Module m = parsePtx(
      ".version 7.5\n.target sm_75\n.address_size 64\n"
      ".visible .entry k(.param .u64 out)\n{\n"
      ".reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<3>;\n"
      "ld.param.u64 %rd1, [out];\n" +
          body + "ret;\n}\n",
      "k.ptx");
  return maxLiveRegisterWords(m, 0);
}

}  // namespace

TEST_CASE("registers: the peak of values live at once, a 64-bit register two words") {
  // Before the first add: %rd1 (2 words) and %r1..%r4; then they fold into %r5 one by one.
  CHECK(peakOf("mov.u32 %r1, 1;\nmov.u32 %r2, 2;\nmov.u32 %r3, 3;\nmov.u32 %r4, 4;\n"
               "add.u32 %r5, %r1, %r2;\nadd.u32 %r5, %r5, %r3;\nadd.u32 %r5, %r5, %r4;\n"
               "st.global.u32 [%rd1], %r5;\n") == 6);
  // Each value dies where the next is made, which may take its register: %rd1 and one value.
  CHECK(peakOf("mov.u32 %r1, 1;\nadd.u32 %r2, %r1, 1;\nadd.u32 %r3, %r2, 1;\n"
               "st.global.u32 [%rd1], %r3;\n") == 3);
}

TEST_CASE("registers: a value read at a loop's top stays live through the whole loop") {
  // %r1 is read on every iteration, so it is live at the body's end through the back edge:
  // there %rd1, %r1, %r3 and %r5 are live (5 words); without the back edge it would be 4.
  CHECK(peakOf("mov.u32 %r1, 7;\nmov.u32 %r2, 0;\nLOOP:\nadd.u32 %r3, %r2, %r1;\n"
               "mov.u32 %r5, 9;\nadd.u32 %r6, %r3, %r5;\nadd.u32 %r2, %r6, 1;\n"
               "setp.lt.u32 %p1, %r2, 100;\n@%p1 bra LOOP;\nst.global.u32 [%rd1], %r2;\n") == 5);
}

TEST_CASE("registers: a guarded write keeps the old value live, predicates are not counted") {
  // @%p1 may not write %r1, so %r1 from the first mov is live across %r2 and %r3: 5 words.
  CHECK(peakOf("mov.u32 %r1, 1;\nsetp.eq.u32 %p1, %r1, 0;\nmov.u32 %r2, 2;\nmov.u32 %r3, 3;\n"
               "add.u32 %r4, %r2, %r3;\n@%p1 mov.u32 %r1, %r4;\nst.global.u32 [%rd1], %r1;\n") ==
        5);
  // Unguarded, the write kills it: %r1 is dead from the setp on, and the peak is 4.
  CHECK(peakOf("mov.u32 %r1, 1;\nsetp.eq.u32 %p1, %r1, 0;\nmov.u32 %r2, 2;\nmov.u32 %r3, 3;\n"
               "add.u32 %r4, %r2, %r3;\nmov.u32 %r1, %r4;\nst.global.u32 [%rd1], %r1;\n") == 4);
}
