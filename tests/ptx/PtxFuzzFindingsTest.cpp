// What the libFuzzer harness tests/fuzz/FuzzPtx.cpp showed in the PTX front end
// (tests/fuzz/README.md): a few characters of PTX asked for gigabytes of registers or
// variables, and array sizes multiplied out wrapped around.
#include <catch2/catch.hpp>

#include "PtxTestSupport.h"
#include "warpsim/workload/ptx/PtxMemory.h"
#include "warpsim/workload/ptx/PtxProgram.h"

using namespace warpsim;
using namespace warpsim::ptx;
using namespace warpsim::ptx::test;

TEST_CASE("fuzz finding: a register count in the billions is a PtxError", "[ptx][errors]") {
  // `.reg .b32 %r<2000000000>;` declared two billion registers (out of memory, after minutes).
  CHECK(errorOf(kernel(".reg .b32 %r<2000000000>;\nret;\n")) ==
        "t.ptx:6: more than 65536 registers in function 'k'; got '2000000000'");
  CHECK(errorOf(kernel(".reg .b32 %r<65536>;\n.reg .pred %p;\nret;\n")) ==
        "t.ptx:7: more than 65536 registers in function 'k'; got '%p'");
  CHECK(errorOf(kernel(".reg .b32 %r<65000>;\n.reg .b64 %rd<1000>;\nret;\n")) ==
        "t.ptx:7: more than 65536 registers in function 'k'; got '1000'");
  CHECK(errorOf(kernel(".reg .b32 %r<65536>;\nret;\n")).empty());
}

TEST_CASE("fuzz finding: arrays of more than 1 GiB or whose sizes overflow are PtxErrors",
          "[ptx][errors]") {
  // `.global .b8 g[1000000000000];` was allocated when the module loaded.
  CHECK(errorOf(std::string(kHeader) + ".global .b8 g[1000000000000];\n") ==
        "t.ptx:4: an array of more than 1024 MiB (at most 1073741824 elements of 1 bytes); got "
        "'1000000000000'");
  // 2^32 x 2^32 wrapped around to 0 elements.
  CHECK_THAT(errorOf(std::string(kHeader) + ".shared .b32 s[4294967296][4294967296];\n"),
             Catch::StartsWith("t.ptx:4: an array of more than 1024 MiB") &&
                 Catch::EndsWith("got '4294967296'"));
  // A parameter's size was cut to 32 bits.
  CHECK_THAT(errorOf(std::string(kHeader) +
                     ".visible .entry k(.param .align 8 .b8 p[4294967304])\n{\nret;\n}\n"),
             Catch::StartsWith("t.ptx:4: an array of more than 1024 MiB"));
  CHECK(errorOf(std::string(kHeader) + ".global .b8 g[1073741824];\n").empty());
}

TEST_CASE("fuzz finding: module variables of more than 1 GiB in all are refused when loading",
          "[ptx][errors]") {
  const Module m = parse(std::string(kHeader) + ".global .b8 a[1073741824];\n.global .b8 b[16];\n" +
                         ".visible .entry k()\n{\nret;\n}\n");
  GlobalMemory memory;
  CHECK_THROWS_AS(PtxProgram(m, memory), ConfigError);
  CHECK_THROWS_WITH(PtxProgram(m, memory),
                    "t.ptx:5: b: the module's .global and .const variables hold more than "
                    "1024 MiB in all");
}

TEST_CASE("fuzz finding: shared or local variables of more than 1 GiB in all are refused",
          "[ptx][errors]") {
  // Their offsets are 32 bits: sums of arrays of up to 1 GiB each wrapped around.
  GlobalMemory memory;
  const Module shared =
      parse(std::string(kHeader) + ".shared .b8 a[1073741824];\n.shared .b8 b[16];\n" +
            ".visible .entry k()\n{\nret;\n}\n");
  CHECK_THROWS_WITH(PtxProgram(shared, memory),
                    "t.ptx: the module's .shared variables hold more than 1024 MiB in all");
  const Module local = parse(kernel(".local .b8 l[1073741824];\n.local .b8 m[16];\nret;\n"));
  CHECK_THROWS_WITH(PtxProgram(local, memory),
                    "t.ptx:4: k: parameters, return values and .local variables of more than "
                    "1024 MiB per thread");
}
