// The trace writer's text: the tracer's layout and line format, Accel-Sim's address compression,
// opcode names that decode back, and xz output.
#include <catch2/catch.hpp>

#include "WriterTestSupport.h"
#include "warpsim/workload/trace/InstLineParser.h"
#include "warpsim/workload/trace/LineReader.h"
#include "warpsim/workload/trace/OutFile.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::trace;
using namespace warpsim::testing;

TEST_CASE("the file follows the tracer's layout, header and line format", "[trace][writer]") {
  auto gen = [](CtaId, std::uint32_t w) {
    const std::uint32_t mask = w == 0 ? ~0u : 0xffu;  // 40 threads: 8 lanes in warp 1
    std::vector<WarpInst> v;
    WarpInst load = memInst(MemSpace::Global, MemOp::Load, 8, mask,
                            [](unsigned l) { return 0x7f0000001000 + l * 8; });
    load.src = {2, kNoReg, 3, kNoReg};
    v.push_back(load);
    v.push_back(exitInst(0x18, mask));
    return v;
  };
  TempDir tmp;
  KernelDesc k = handKernel("_Z6kernelPf", Dim3{2, 1, 1}, Dim3{40, 1, 1}, gen);
  writeTrace(oneKernel(k), tmp.path());
  const std::string header =
      "-kernel name = _Z6kernelPf\n"
      "-kernel id = 1\n"
      "-grid dim = (2,1,1)\n"
      "-block dim = (40,1,1)\n"
      "-shmem = 512\n"
      "-nregs = 24\n"
      "-binary version = 70\n"
      "-cuda stream id = 0\n"
      "-shmem base_addr = 0x00007f0000000000\n"
      "-local mem base_addr = 0x00007f0002000000\n"
      "-nvbit version = warpsim\n"
      "-accelsim tracer version = 5\n"
      "-enable lineinfo = 0\n"
      "\n"
      "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
      "mem_width [adrrescompress?] [mem_addresses] immediate\n"
      "\n"
      "\n";
  auto block = [](const std::string& coords) {
    return "\n#BEGIN_TB\n"
           "\n"
           "thread block = " +
           coords +
           "\n"
           "\n"
           "warp = 0\n"
           "insts = 2\n"
           "0010 ffffffff 1 R4 LDG.E.64 2 R2 R3 8 1 0x7f0000001000 8 0\n"
           "0018 ffffffff 0 EXIT 0 0 0\n"
           "\n"
           "warp = 1\n"
           "insts = 2\n"
           "0010 000000ff 1 R4 LDG.E.64 2 R2 R3 8 1 0x7f0000001000 8 0\n"
           "0018 000000ff 0 EXIT 0 0 0\n"
           "\n"
           "#END_TB\n";
  };
  CHECK(readFile(tmp.path() + "/kernel-1.traceg") == header + block("0,0,0") + block("1,0,0"));
  CHECK(readFile(tmp.path() + "/kernelslist.g") == "kernel-1.traceg\n");

  // The layout is the sm_80 example's, byte for byte, up to the first instruction line.
  const std::string real =
      readFile(WARPSIM_SOURCE_DIR "/../shared/traces/mgpusim-vectoradd-sm80/kernel-1.traceg");
  if (!real.empty()) {
    const std::size_t comment = real.find("#traces format");
    const std::size_t firstWarp = real.find("warp = 0\n");
    const std::string mine = header + block("0,0,0");
    CHECK(real.substr(comment, firstWarp - comment) ==
          mine.substr(mine.find("#traces format"),
                      mine.find("warp = 0\n") - mine.find("#traces format")));
  }
}

TEST_CASE("addresses are compressed as Accel-Sim's tracer does", "[trace][writer]") {
  const auto G = MemSpace::Global;
  const auto L = MemOp::Load;
  auto line = [&](std::uint32_t mask, const std::function<Addr(unsigned)>& addr) {
    const std::string s = lineOf(memInst(G, L, 4, mask, addr));
    const std::string prefix = "LDG.E 2 R2 R3 4 ";
    return s.substr(s.find(prefix) + prefix.size());
  };
  // One run of two or more lanes with a constant step: mode 1, any step that fits an int.
  CHECK(line(~0u, [](unsigned l) { return 0x1000 + l * 4; }) == "1 0x1000 4 0");
  CHECK(line(0x0000fff0u, [](unsigned l) { return 0x1000 + l * 8; }) == "1 0x1020 8 0");
  CHECK(line(0xc0000000u, [](unsigned l) { return 0x1000 + l * 8; }) == "1 0x10f0 8 0");
  CHECK(line(~0u, [](unsigned l) { return 0x2000 - l * 4; }) == "1 0x2000 -4 0");
  CHECK(line(~0u, [](unsigned) { return 0x40; }) == "1 0x40 0 0");
  CHECK(line(0x3u, [](unsigned l) { return l * 0x7fffffffull; }) == "1 0x0 2147483647 0");
  // Mask 0: "1 0x0 0".
  CHECK(line(0u, [](unsigned l) { return 0x1000 + l; }) == "1 0x0 0 0");
  // One active lane: mode 2 without deltas.
  CHECK(line(0x00000100u, [](unsigned) { return 0xabcd; }) == "2 0xabcd 0");
  CHECK(line(0x80000000u, [](unsigned) { return 0xabcd; }) == "2 0xabcd 0");
  // A gap in the mask: mode 2 even with a constant step (Accel-Sim's decoder would stop at the
  // gap in mode 1).
  CHECK(line(0x5u, [](unsigned l) { return 0x1000 + l * 8; }) == "2 0x1000 16 0");
  CHECK(line(0x30003u, [](unsigned l) { return 0x1000 + l * 4; }) == "2 0x1000 4 60 4 0");
  // Irregular steps: signed deltas from the previous active lane.
  CHECK(line(0xfu, [](unsigned l) {
          return std::array<Addr, 4>{0x100, 0x110, 0x108, 0x400}[l];
        }) == "2 0x100 16 -8 760 0");
  // A step that does not fit the tracer's int: mode 2.
  CHECK(line(0x3u, [](unsigned l) { return l * 0x80000000ull; }) == "2 0x0 2147483648 0");
  CHECK(line(0x7u, [](unsigned l) { return 0x7f0000000000 + l * (Addr{1} << 33); }) ==
        "2 0x7f0000000000 8589934592 8589934592 0");

  // Whole lines: registers, widths, R255 never written.
  WarpInst alu = compute(OpClass::Alu, 0x12340, 254, {kNoReg, 0, kNoReg, 7});
  CHECK(lineOf(alu) == "12340 ffffffff 1 R254 FFMA 2 R0 R7 0 0");
  WarpInst st =
      memInst(MemSpace::Shared, MemOp::Store, 16, 0xffff, [](unsigned l) { return l * 16; });
  CHECK(lineOf(st) == "0010 0000ffff 0 STS.128 2 R2 R3 16 1 0x0 16 0");
}

TEST_CASE("opcode names decode back to the same class, space, operation and size",
          "[trace][writer]") {
  std::size_t count = 0;
  const unsigned* versions = supportedBinaryVersions(count);
  const OpClass ops[] = {OpClass::Alu,    OpClass::Sfu,     OpClass::Dp,
                         OpClass::Branch, OpClass::Barrier, OpClass::Exit,
                         OpClass::Tensor, OpClass::Fence,   OpClass::Mem};
  const MemSpace spaces[] = {MemSpace::Global,  MemSpace::Shared, MemSpace::Constant,
                             MemSpace::Texture, MemSpace::Local,  MemSpace::Generic};
  const MemOp memOps[] = {MemOp::Load, MemOp::Store, MemOp::Atomic};
  for (std::size_t v = 0; v < count; ++v) {
    const SassIsa& isa = *sassIsaFor(versions[v]);
    INFO("sm_" << versions[v] << " (" << isa.family << ")");
    std::vector<WarpInst> insts;
    for (OpClass op : ops) {
      if (op != OpClass::Mem)
        insts.push_back(compute(op, 0));
      else
        for (MemSpace s : spaces)
          for (MemOp m : memOps)
            for (std::uint8_t size : {1, 2, 4, 8, 16})
              insts.push_back(memInst(s, m, size, ~0u, [](unsigned l) { return l; }));
    }
    unsigned written = 0;
    for (const WarpInst& inst : insts) {
      INFO(describe(inst));
      SassName name;
      try {
        name = sassNameFor(inst, isa);
      } catch (const std::runtime_error&) {
        const bool never = inst.space == MemSpace::Generic ||
                           (inst.space == MemSpace::Local && inst.memOp == MemOp::Atomic) ||
                           ((inst.space == MemSpace::Constant || inst.space == MemSpace::Texture) &&
                            inst.memOp != MemOp::Load);
        const bool old =
            isa.family == "Kepler" || isa.family == "Maxwell" || isa.family == "Pascal";
        // From Volta on, only what no SASS has fails; before, also tensor ops, Kepler's global
        // stores (generic ST only) and shared atomics.
        CHECK((never || (old && (inst.op == OpClass::Tensor || isa.family == "Kepler"))));
        continue;
      }
      ++written;
      const std::string opcode = std::string(name.base) + std::string(name.sizeSuffix);
      const SassOpInfo* info = findSassOp(isa, opcode.substr(0, opcode.find('.')));
      REQUIRE(info != nullptr);
      CHECK(info->op == inst.op);
      if (inst.isMem()) {
        CHECK(info->space == inst.space);
        CHECK(info->memOp == inst.memOp);
        CHECK(InstLineParser::accessSizeOf(opcode, false) == inst.accessSize);
        CHECK(InstLineParser::accessSizeOf(opcode, true) == inst.accessSize);
      }
    }
    if (versions[v] >= 70) CHECK(written == 8 + 10 * 5);  // 10 space/operation pairs, 5 sizes
  }

  const SassIsa& volta = *sassIsaFor(70);
  auto opcode = [&](const WarpInst& i) {
    const SassName n = sassNameFor(i, volta);
    return std::string(n.base) + std::string(n.sizeSuffix);
  };
  CHECK(opcode(compute(OpClass::Alu, 0)) == "FFMA");
  CHECK(opcode(compute(OpClass::Sfu, 0)) == "MUFU.EX2");
  CHECK(opcode(compute(OpClass::Dp, 0)) == "DFMA");
  CHECK(opcode(compute(OpClass::Branch, 0)) == "BRA");
  CHECK(opcode(compute(OpClass::Barrier, 0)) == "BAR.SYNC");
  CHECK(opcode(compute(OpClass::Exit, 0)) == "EXIT");
  CHECK(opcode(compute(OpClass::Tensor, 0)) == "HMMA.884.F32.F32");
  CHECK(opcode(compute(OpClass::Fence, 0)) == "MEMBAR.SC.GPU");
  auto mem = [&](MemSpace s, MemOp m, std::uint8_t size) {
    return opcode(memInst(s, m, size, ~0u, [](unsigned l) { return l; }));
  };
  CHECK(mem(MemSpace::Global, MemOp::Load, 1) == "LDG.E.U8");
  CHECK(mem(MemSpace::Global, MemOp::Store, 2) == "STG.E.U16");
  CHECK(mem(MemSpace::Global, MemOp::Atomic, 4) == "ATOMG.E.ADD");
  CHECK(mem(MemSpace::Shared, MemOp::Load, 8) == "LDS.64");
  CHECK(mem(MemSpace::Shared, MemOp::Store, 16) == "STS.128");
  CHECK(mem(MemSpace::Shared, MemOp::Atomic, 4) == "ATOMS.ADD");
  CHECK(mem(MemSpace::Local, MemOp::Load, 4) == "LDL");
  CHECK(mem(MemSpace::Local, MemOp::Store, 8) == "STL.64");
  CHECK(mem(MemSpace::Constant, MemOp::Load, 4) == "LDC");
  CHECK(mem(MemSpace::Texture, MemOp::Load, 16) == "TEX.128");
  CHECK(opcode(memInst(MemSpace::Global, MemOp::Atomic, 8, ~0u, [](unsigned l) { return l; })) ==
        "ATOMG.E.ADD.64");
  // Kepler has no ATOMG: its global atomic is RED.
  CHECK(std::string(sassNameFor(memInst(MemSpace::Global, MemOp::Atomic, 4, ~0u,
                                        [](unsigned l) { return l; }),
                                *sassIsaFor(35))
                        .base) == "RED.E.ADD");
}

TEST_CASE("OutFile writes xz streams that LineReader reads back", "[trace][writer]") {
  TempDir tmp;
  const std::string path = tmp.path() + "/lines.txt.xz";
  std::uint64_t x = 88172645463325252ull;  // xorshift: text that does not compress to nothing
  {
    OutFile f(path, 1);
    CHECK(f.compressed());
    std::string chunk;
    for (int i = 0; i < 200000; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      chunk += std::to_string(i) + " " + std::to_string(x) + "\n";
      if (chunk.size() > 5000) f.write(chunk), chunk.clear();
    }
    f.write(chunk);
    f.close();
  }
  CHECK(std::filesystem::file_size(path) > (1u << 17));  // several encoder output chunks
  x = 88172645463325252ull;
  LineReader r(path);
  std::string_view line;
  int n = 0;
  bool same = true;
  while (r.next(line)) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    same = same && line == std::to_string(n) + " " + std::to_string(x);
    ++n;
  }
  CHECK(same);
  CHECK(n == 200000);

  OutFile plain(tmp.path() + "/plain.txt");
  CHECK_FALSE(plain.compressed());
  plain.write("a\nb\n");
  plain.close();
  CHECK(readFile(tmp.path() + "/plain.txt") == "a\nb\n");
}
