// The Accel-Sim trace reader on small hand-written fixtures: versions, address modes, the
// quirk, generic addresses, sizes, registers, and the shape of the workload it builds.
#include <catch2/catch.hpp>

#include "TraceFixtures.h"
#include "warpsim/workload/trace/InstLineParser.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::testing;

namespace {

Workload load(const TempDir& d, const std::string& kernel, const trace::TraceOptions& o = {}) {
  d.write("kernel-1.traceg", kernel);
  d.write("kernelslist.g", "MemcpyHtoD,0x00007f0000100000,400\nkernel-1.traceg\n");
  return trace::loadTrace(d.path(), o);
}

}  // namespace

TEST_CASE("trace: version 5 fields with address modes 0/1/2 and immediates and RZ", "[trace]") {
  TempDir d;
  const std::string k =
      traceHeader("(1,1,1)", "(32,1,1)", 5) +
      traceBlock("0,0,0", {{
                              "0000 ffffffff 1 R1 MOV 0 0 0 ",
                              "0010 ffffffff 1 R4 IMAD.WIDE 4 R6 R7 R255 R2 0 -12",
                              "0020 0000000f 1 R3 LDG.E.64 1 R4 8 1 0x1000 8 0",
                              "0030 00000003 0 STG.E.128 2 R4 R3 16 2 0x2000 -32 0",
                              "0040 00000005 1 R8 LDG.E.U8 1 R4 1 0 0x3000 0x3003 0",
                              "0050 ffffffff 0 EXIT 0 0 0",
                          }});
  const Workload w = load(d, k);
  REQUIRE(w.kernels.size() == 1);
  CHECK(w.kernels[0].name == "fixture");
  CHECK(w.kernels[0].regsPerThread == 16);
  const std::vector<WarpInst> t = drain(w);
  REQUIRE(t.size() == 6);
  CHECK(t[0].dst == 1);
  CHECK(t[0].op == OpClass::Alu);
  // R255 (RZ) is not a dependency; four sources fit.
  CHECK(t[1].src == std::array<Reg, 4>{6, 7, kNoReg, 2});
  // Mode 1: base + k * stride for the k-th active lane.
  CHECK(t[2].isLoad());
  CHECK(t[2].space == MemSpace::Global);
  CHECK(t[2].accessSize == 8);
  CHECK(t[2].addr[0] == 0x1000);
  CHECK(t[2].addr[3] == 0x1018);
  CHECK(t[2].addr[4] == 0);
  // Mode 2: base, then one delta per further active lane (negative allowed).
  CHECK(t[3].memOp == MemOp::Store);
  CHECK(t[3].accessSize == 16);
  CHECK(t[3].addr[0] == 0x2000);
  CHECK(t[3].addr[1] == 0x2000 - 32);
  // Mode 0: one address per active lane, in lane order.
  CHECK(t[4].accessSize == 1);
  CHECK(t[4].addr[0] == 0x3000);
  CHECK(t[4].addr[1] == 0);
  CHECK(t[4].addr[2] == 0x3003);
  CHECK(t[5].op == OpClass::Exit);
  CHECK(t[5].last);
  CHECK_FALSE(t[4].last);
}

TEST_CASE("trace: versions 4 and 3 have no immediate, no version line means a per-line prefix",
          "[trace]") {
  const std::string body = "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x100 4";
  for (unsigned version : {4u, 3u}) {
    TempDir d;
    const auto t = drain(load(d, traceHeader("(1,1,1)", "(32,1,1)", version) +
                                     traceBlock("0,0,0", {{body, "0020 ffffffff 0 EXIT 0 0"}})));
    REQUIRE(t.size() == 2);
    CHECK(t[0].addr[31] == 0x100 + 31 * 4);
  }
  TempDir d;
  const auto t = drain(
      load(d, traceHeader("(1,1,1)", "(32,1,1)", 0) + traceBlock("0,0,0", {{"0 0 0 0 " + body}})));
  REQUIRE(t.size() == 1);
  CHECK(t[0].pc == 0x10);
  CHECK(t[0].addr[1] == 0x104);
}

TEST_CASE("trace: lineinfo puts a line number first", "[trace]") {
  TempDir d;
  const auto t =
      drain(load(d, traceHeader("(1,1,1)", "(32,1,1)", 5, 80, "-enable lineinfo = 1\n") +
                        traceBlock("0,0,0", {{"17 0a50 0000ffff 1 R2 FADD 2 R3 R4 0 0"}})));
  REQUIRE(t.size() == 1);
  CHECK(t[0].pc == 0xa50);
  CHECK(t[0].activeMask == 0xffffu);
}

TEST_CASE("trace: base+stride over a mask with a gap: every active lane or Accel-Sim's decoder",
          "[trace]") {
  // Lanes 0, 1 and 3 active: lane 3 is the third active lane.
  const std::string k = traceHeader("(1,1,1)", "(32,1,1)") +
                        traceBlock("0,0,0", {{"0000 0000000b 1 R2 LDG.E 1 R4 4 1 0x100 4 0"}});
  TempDir d1, d2;
  const auto ours = drain(load(d1, k));
  CHECK(ours[0].addr[0] == 0x100);
  CHECK(ours[0].addr[1] == 0x104);
  CHECK(ours[0].addr[3] == 0x108);
  trace::TraceOptions quirks;
  quirks.accelsimQuirks = true;
  const auto accel = drain(load(d2, k, quirks));
  CHECK(accel[0].addr[1] == 0x104);
  CHECK(accel[0].addr[3] == 0);  // Accel-Sim fills lanes only up to the first gap
}

TEST_CASE("trace: generic accesses resolve to shared or local or global by address", "[trace]") {
  TempDir d;
  const auto t =
      drain(load(d, traceHeader("(1,1,1)", "(32,1,1)") +
                        traceBlock("0,0,0", {{
                                                "0000 00000001 1 R2 LD.E 1 R4 4 2 0x7f0000000040 0",
                                                "0010 00000001 1 R2 LD.E 1 R4 4 2 0x7f0002000100 0",
                                                "0020 00000001 0 ST.E 2 R4 R2 4 2 0x10000 0",
                                                "0030 00000001 1 R2 LDS.U16 1 R4 2 2 0x40 0",
                                                "0040 00000001 1 R2 LDL 1 R4 4 2 0x40 0",
                                                "0050 00000001 1 R2 ATOM.E.ADD 1 R4 4 2 0x80 0",
                                            }})));
  CHECK(t[0].space == MemSpace::Shared);
  CHECK(t[1].space == MemSpace::Local);
  CHECK(t[2].space == MemSpace::Global);
  CHECK(t[3].space == MemSpace::Shared);
  CHECK(t[3].accessSize == 2);
  CHECK(t[4].space == MemSpace::Local);
  CHECK(t[5].memOp == MemOp::Atomic);
  CHECK(t[5].space == MemSpace::Global);
  trace::GenericWindows accel{0, 0, true};  // Accel-Sim: no bases known means shared
  CHECK(trace::resolveGeneric(0x1234, accel) == MemSpace::Shared);
}

TEST_CASE("trace: access size comes from the opcode's suffix", "[trace]") {
  using P = trace::InstLineParser;
  CHECK(P::accessSizeOf("LDG.E", false) == 4);
  CHECK(P::accessSizeOf("LDG.E.64.SYS", false) == 8);
  CHECK(P::accessSizeOf("LDG.E.128.CONSTANT", false) == 16);
  CHECK(P::accessSizeOf("LDG.E.U8", false) == 1);
  CHECK(P::accessSizeOf("LDS.U16", false) == 2);
  CHECK(P::accessSizeOf("LDG.E.S8", false) == 1);
  CHECK(P::accessSizeOf("LDG.E.S8", true) == 4);  // Accel-Sim reads only U-prefixed sizes
  CHECK(P::accessSizeOf("ATOMG.E.ADD.F32.FTZ.RN", false) == 4);
}

TEST_CASE("trace: a memory opcode without traced addresses issues as ALU, mask 0 memory is empty",
          "[trace]") {
  TempDir d;
  const auto t =
      drain(load(d, traceHeader("(1,1,1)", "(32,1,1)") +
                        traceBlock("0,0,0", {{
                                                "0000 ffffffff 1 R2 LDC 1 R4 0 0",
                                                "0010 00000000 1 R2 LDG.E 1 R4 4 1 0x0 0 0",
                                            }})));
  CHECK(t[0].op == OpClass::Alu);
  CHECK(t[1].isLoad());
  CHECK(t[1].activeLanes() == 0);
}

TEST_CASE("trace: blocks in any order and empty warps and blocks read again on demand", "[trace]") {
  TempDir d;
  const std::string k = traceHeader("(2,2,1)", "(64,1,1)") +
                        traceBlock("1,0,0", {{"0000 ffffffff 0 EXIT 0 0 0"}, {}}) +
                        traceBlock("0,0,0", {{"0010 ffffffff 0 EXIT 0 0 0"}, {}}) +
                        traceBlock("0,1,0", {{}, {"0020 ffffffff 0 EXIT 0 0 0"}}) +
                        traceBlock("1,1,0", {{"0030 ffffffff 0 EXIT 0 0 0"}, {}});
  const Workload w = load(d, k);
  const KernelDesc& kd = w.kernels[0];
  WarpInst in;
  // Linear CTA ids: (1,1) is 3, (0,1) is 2; read out of order, then back.
  for (std::uint32_t cta : {3u, 0u, 2u, 1u, 0u}) {
    const std::uint32_t warp = cta == 2 ? 1 : 0;
    auto s = kd.makeWarp(CtaId{cta}, warp);
    REQUIRE(s->next(in));
    const std::uint32_t pc[] = {0x10, 0x0, 0x20, 0x30};
    CHECK(in.pc == pc[cta]);
    CHECK_FALSE(s->next(in));
    CHECK_FALSE(kd.makeWarp(CtaId{cta}, 1 - warp)->next(in));
  }
}

TEST_CASE(
    "trace: the loaded kernel carries the header's grid and block and registers and shared memory",
    "[trace]") {
  TempDir d;
  const std::string h =
      "-kernel name = k\n-grid dim = (3,2,1)\n-block dim = (16,2,1)\n"
      "-shmem = 4096\n-nregs = 40\n-binary version = 61\n"
      "-accelsim tracer version = 4\n-some new key = 7\n#traces\n";
  std::string blocks;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x)
      blocks += traceBlock(std::to_string(x) + "," + std::to_string(y) + ",0", {{}});
  std::vector<std::string> warnings;
  trace::TraceOptions o;
  o.warn = [&](const std::string& m) { warnings.push_back(m); };
  const Workload w = load(d, h + blocks, o);
  const KernelDesc& k = w.kernels[0];
  CHECK(k.grid.x == 3);
  CHECK(k.grid.y == 2);
  CHECK(k.threadsPerCta() == 32);
  CHECK(k.regsPerThread == 40);
  CHECK(k.smemPerCta == 4096);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("unknown header key '-some new key'"));
}

TEST_CASE("trace: the summary counts warp and thread instructions", "[trace]") {
  TempDir d;
  d.write("kernel-1.traceg",
          traceHeader("(1,1,1)", "(40,1,1)") +
              traceBlock("0,0,0", {{"0000 ffffffff 0 NOP 0 0 0", "0010 00000000 0 EXIT 0 0 0"},
                                   {"0000 000000ff 0 EXIT 0 0 0"}}));
  d.write("kernelslist.g", "kernel-1.traceg\nkernel-1.traceg\n");
  trace::TraceSummary s;
  trace::loadTrace(d.path() + "/kernelslist.g", {}, &s);
  CHECK(s.kernels == 2);
  CHECK(s.warpInstructions == 6);
  CHECK(s.threadInstructions == 2 * (32 + 0 + 8));
}

namespace {

// One line through the parser of a version-5 Volta trace: its instruction and addresses, or
// the error it raised.
struct Parsed {
  trace::TraceInst inst;
  std::vector<Addr> addrs;
  std::string error;
};

Parsed parseLine(const std::string& line) {
  trace::TraceHeader h;
  h.tracerVersion = 5;
  const trace::InstLineParser parser(h, *trace::sassIsaFor(70), trace::TraceOptions{});
  Parsed p;
  try {
    parser.parse(line, p.inst, p.addrs);
  } catch (const trace::LineError& e) {
    p.error = e.what();
  }
  return p;
}

}  // namespace

// Plain tokens are read in one pass; others (long, signed, prefixed oddly, bad) go through
// std::from_chars. Both must give the same values, and the same errors.
TEST_CASE("trace: numbers read in one pass agree with from_chars, errors included", "[trace]") {
  const Parsed a = parseLine("0X00fF FFFFFFFF 0 EXIT 0 0 0");
  CHECK(a.error.empty());
  CHECK(a.inst.pc == 0xff);
  CHECK(a.inst.mask == 0xffffffffu);
  // Mode 2 over lanes 0-2: a 16-digit base (from_chars), then -0 and a 19-digit delta.
  const Parsed b =
      parseLine("0010 00000007 1 R3 LDG.E 1 R4 4 2 0x00007f0000100000 -0 -1000000000000000000 0");
  REQUIRE(b.error.empty());
  CHECK(b.addrs == std::vector<Addr>{0x7f0000100000, 0x7f0000100000,
                                     0x7f0000100000 - Addr{1000000000000000000}});
  // Mode 1: a 15-digit base and a negative stride, both in one pass.
  const Parsed c = parseLine("0020 00000003 1 R3 LDG.E 1 R4 4 1 0x7f0000100000 -128 0");
  REQUIRE(c.error.empty());
  CHECK(c.addrs == std::vector<Addr>{0x7f0000100000, 0x7f0000100000 - 128});
  const std::pair<const char*, const char*> bad[] = {
      {"100000000 1 0 EXIT 0 0 0", "bad PC '100000000' (hexadecimal expected)"},
      {"0000 0x 0 EXIT 0 0 0", "bad mask '0x' (hexadecimal expected)"},
      {"0000 1 0 EXIT 1a 0 0", "bad source count '1a' (decimal expected)"},
      {"0000 1 0 EXIT 0 -4 0", "bad memory width '-4' (decimal expected)"},
      {"0000 3 1 R3 LDG.E 1 R4 4 2 0x10 +4 0", "bad delta '+4' (decimal expected)"},
      {"0000 3 1 R3 LDG.E 1 R4 4 2 0x10 - 0", "bad delta '-' (decimal expected)"},
      {"0000 3 1 R3 LDG.E 1 R4 4 2 0x10 4x 0", "bad delta '4x' (decimal expected)"},
      {"0000 3 1 R3 LDG.E 1 R4 4 1 -0x10 4 0", "bad base address '-0x10' (hexadecimal expected)"},
      {"0000 1 0 EXIT 0 99999999999 0", "bad memory width '99999999999' (decimal expected)"},
      {"0000 3 1 R3 LDG.E 1 R4 4 2 0x10", "line ends before delta"},
  };
  for (const auto& [line, error] : bad) {
    INFO(line);
    CHECK(parseLine(line).error == error);
  }
}
