// Bad traces get a clear error naming the file and the line.
#include <catch2/catch.hpp>

#include "TraceFixtures.h"
#include "warpsim/workload/trace/TraceError.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::testing;

namespace {

const std::string kBlock =
    traceBlock("0,0,0", {{"0000 ffffffff 1 R1 MOV 0 0 0", "0010 ffffffff 0 EXIT 0 0 0"}});

// The message loading a one-kernel trace gives (empty if it loads).
std::string errorOf(const std::string& kernel, const std::string& name = "kernel-1.traceg",
                    const trace::TraceOptions& options = {}) {
  TempDir d;
  d.write(name, kernel);
  d.write("kernelslist.g", name + "\n");
  try {
    drain(trace::loadTrace(d.path(), options));
  } catch (const trace::TraceError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("trace: a truncated file", "[trace][errors]") {
  const std::string full = traceHeader("(1,1,1)", "(32,1,1)") + kBlock;
  const std::string cut = full.substr(0, full.find("0010"));
  CHECK_THAT(errorOf(cut), Catch::Contains("kernel-1.traceg:") && Catch::Contains("truncated"));
  // A block missing altogether.
  CHECK_THAT(errorOf(traceHeader("(2,1,1)", "(32,1,1)") + kBlock),
             Catch::Contains("thread block (1,0,0)") && Catch::Contains("missing"));
}

TEST_CASE("trace: instruction counts that disagree with insts =", "[trace][errors]") {
  const std::string k = traceHeader("(1,1,1)", "(32,1,1)") +
                        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n"
                        "0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  CHECK_THAT(errorOf(k), Catch::Contains("kernel-1.traceg:") &&
                             Catch::Contains("insts = 3 but only 1 instruction lines"));
  const std::string more = traceHeader("(1,1,1)", "(32,1,1)") +
                           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                           "0000 ffffffff 0 NOP 0 0 0\n0010 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
  CHECK_THAT(errorOf(more), Catch::Contains(":21:") && Catch::Contains("expected 'warp = w'"));
}

TEST_CASE("trace: bad hexadecimal and bad numbers name the token", "[trace][errors]") {
  const std::string k =
      traceHeader("(1,1,1)", "(32,1,1)") + traceBlock("0,0,0", {{"0000 fffffffg 0 EXIT 0 0 0"}});
  CHECK_THAT(errorOf(k), Catch::Contains(":22: bad mask 'fffffffg' (hexadecimal expected)"));
  const std::string addr = traceHeader("(1,1,1)", "(32,1,1)") +
                           traceBlock("0,0,0", {{"0000 00000001 1 R1 LDG.E 1 R2 4 0 0xzz 0"}});
  CHECK_THAT(errorOf(addr), Catch::Contains("bad address '0xzz'"));
  const std::string mode = traceHeader("(1,1,1)", "(32,1,1)") +
                           traceBlock("0,0,0", {{"0000 00000001 1 R1 LDG.E 1 R2 4 7 0x10 0"}});
  CHECK_THAT(errorOf(mode), Catch::Contains("address mode 7 (0, 1 or 2 allowed)"));
  const std::string reg = traceHeader("(1,1,1)", "(32,1,1)") +
                          traceBlock("0,0,0", {{"0000 00000001 1 P1 ISETP 0 0 0"}});
  CHECK_THAT(errorOf(reg), Catch::Contains("bad register 'P1'"));
  const std::string shortLine = traceHeader("(1,1,1)", "(32,1,1)") +
                                traceBlock("0,0,0", {{"0000 00000001 1 R1 LDG.E 1 R2 4 1"}});
  CHECK_THAT(errorOf(shortLine), Catch::Contains("line ends before base address"));
}

TEST_CASE("trace: masks and warp numbers outside the thread block", "[trace][errors]") {
  // 40 threads: warp 1 has lanes 0-7 only.
  const std::string mask = traceHeader("(1,1,1)", "(40,1,1)") +
                           traceBlock("0,0,0", {{}, {"0000 000001ff 0 EXIT 0 0 0"}});
  CHECK_THAT(errorOf(mask), Catch::Contains("mask 000001ff has lanes past the thread block's 40"));
  const std::string warp = traceHeader("(1,1,1)", "(40,1,1)") +
                           traceBlock("0,0,0", {{}, {}, {"0000 00000001 0 EXIT 0 0 0"}});
  CHECK_THAT(errorOf(warp),
             Catch::Contains("warp 2 outside the thread block (40 threads: warps 0-1)"));
  const std::string block = traceHeader("(1,1,1)", "(32,1,1)") + traceBlock("0,1,0", {{}});
  CHECK_THAT(errorOf(block), Catch::Contains("thread block (0,1,0) outside the grid (1,1,1)"));
}

TEST_CASE("trace: a missing kernel file or a raw tracer file or an empty list", "[trace][errors]") {
  TempDir d;
  d.write("kernelslist.g", "MemcpyHtoD,0x1000,4\nkernel-7.traceg\n");
  CHECK_THROWS_WITH(trace::loadTrace(d.path()),
                    Catch::Contains("kernelslist.g:2: kernel file 'kernel-7.traceg' not found"));
  TempDir raw;
  raw.write("kernel-1.trace", "whatever");
  raw.write("kernelslist.g", "kernel-1.trace\n");
  CHECK_THROWS_WITH(trace::loadTrace(raw.path()), Catch::Contains("post-processor"));
  TempDir empty;
  empty.write("kernelslist.g", "MemcpyHtoD,0x1000,4\n");
  CHECK_THROWS_WITH(trace::loadTrace(empty.path()), Catch::Contains("lists no kernel"));
  CHECK_THROWS_WITH(trace::loadTrace("/nonexistent/trace"), Catch::Contains("no such file"));
  // Raw tracer lines where the header should be.
  CHECK_THAT(errorOf("0000 ffffffff 0 EXIT 0 0 0\n"), Catch::Contains("post-processor"));
}

TEST_CASE("trace: unsupported tracer and binary versions", "[trace][errors]") {
  CHECK_THAT(errorOf(traceHeader("(1,1,1)", "(32,1,1)", 6) + kBlock),
             Catch::Contains("-accelsim tracer version = 6: unsupported"));
  CHECK_THAT(errorOf(traceHeader("(1,1,1)", "(32,1,1)", 5, 20) + kBlock),
             Catch::Contains("-binary version = 20: unsupported (supported: "));
  CHECK_THAT(errorOf("-kernel name = k\n-block dim = (32,1,1)\n#x\n"),
             Catch::Contains("no '-grid dim' line"));
}

TEST_CASE("trace: an unknown opcode is an error unless mapped to a class", "[trace][errors]") {
  const std::string k = traceHeader("(1,1,1)", "(32,1,1)") +
                        traceBlock("0,0,0", {{"0000 ffffffff 1 R1 FROBNICATE.X 0 0 0"}});
  CHECK_THAT(errorOf(k), Catch::Contains(":22: unknown opcode 'FROBNICATE.X'") &&
                             Catch::Contains("trace.unknown_opcodes"));
  trace::TraceOptions o;
  o.unknownOpcodes = OpClass::Sfu;
  int warnings = 0;
  o.warn = [&](const std::string&) { ++warnings; };
  CHECK(errorOf(k, "kernel-1.traceg", o).empty());
  CHECK(warnings == 1);
}

TEST_CASE("trace: a corrupt or truncated xz stream", "[trace][errors]") {
  // "\xfd" "7zXZ" starts every xz stream; what follows here is garbage.
  CHECK_THAT(errorOf(std::string("\xfd"
                                 "7zXZ\0\0garbage-garbage-garbage",
                                 30),
                     "kernel-1.traceg.xz"),
             Catch::Contains("kernel-1.traceg.xz") && Catch::Contains("xz:"));
  CHECK_THAT(errorOf("plain text, not xz", "kernel-1.traceg.xz"),
             Catch::Contains("not an xz stream"));
}
