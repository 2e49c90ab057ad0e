// The PTX executor's errors: accesses outside memory name the kernel, CTA, thread, line, pc
// and address; a spin-wait on another CTA is stopped; what is not supported is named at load.
#include "ExecTestSupport.h"

using namespace warpsim;
using namespace warpsim::ptx;
using namespace warpsim::ptx::test;

TEST_CASE("ptx exec: an access outside memory names the kernel, CTA, thread, line and address") {
  Bench b("vecadd.ptx");
  const std::uint64_t a = b.array<float>({}, 100), c = b.array<float>({}, 100);
  // b points nowhere: the first load from it fails.
  CHECK_THROWS_WITH(b.run(b.launch("vecadd", {1, 1, 1}, {32, 1, 1}, {a, 0x9000, c, 32})),
                    Catch::Contains("kernel vecadd, CTA (0, 0, 0), thread (0, 0, 0), ") &&
                        Catch::Contains("vecadd.ptx:33: ld.global.f32 \t%f2, [%rd6]; (pc 15): "
                                        "f32 access of 4 bytes at 0x9000 in global memory, "
                                        "outside every allocation"));
}

TEST_CASE(
    "ptx exec: a shared access past the CTA's shared memory names thread, line, pc, address") {
  // 48 bytes of shared memory; thread t of CTA c stores word 6c + t: CTA 0 (words 0..7) fits,
  // CTA 1's thread 6, (2, 1, 0) in a 4 x 2 block, is the first to reach word 12 (byte 48).
  Bench b(
      ".version 9.0\n.target sm_75\n.address_size 64\n"
      ".shared .align 4 .b8 sh[48];\n"  // line 4
      ".visible .entry k()\n{\n.reg .b32 %r<6>;\n"
      "mov.u32 %r1, %tid.x;\n"  // line 8, pc 0
      "mov.u32 %r2, %tid.y;\n"
      "mad.lo.s32 %r1, %r2, 4, %r1;\n"
      "mov.u32 %r2, %ctaid.x;\n"
      "mad.lo.s32 %r3, %r2, 6, %r1;\n"
      "shl.b32 %r4, %r3, 2;\n"
      "mov.u32 %r5, sh;\n"
      "add.s32 %r5, %r5, %r4;\n"
      "st.shared.u32 [%r5], %r1;\n"  // line 16, pc 8
      "ret;\n}\n",
      "inline");
  const PtxLaunch l = b.launch("k", {2, 1, 1}, {4, 2, 1}, {});
  CHECK_NOTHROW(executeCta(b.program, l, b.memory, 0));
  CHECK_THROWS_WITH(executeCta(b.program, l, b.memory, 1),
                    "kernel k, CTA (1, 0, 0), thread (2, 1, 0), t.ptx:16: st.shared.u32 [%r5], "
                    "%r1; (pc 8): u32 access of 4 bytes at 0x30 in shared memory (48 bytes)");
}

TEST_CASE("ptx exec: a local access past the thread's frame names thread, line, pc, address") {
  // A 16-byte local array; thread t reads word 2t + 1 of it, directly (k) or through a
  // generic address from cvta.local (g): thread 2 reads byte 20, past the frame.
  const std::string head = ".version 9.0\n.target sm_75\n.address_size 64\n";
  const std::string body =
      "{\n.local .align 4 .b8 buf[16];\n.reg .b32 %r<4>;\n"
      ".reg .b64 %rd<4>;\n"
      "mov.u32 %r1, %tid.x;\n"  // pc 0
      "mul.wide.u32 %rd1, %r1, 8;\n"
      "mov.u64 %rd2, buf;\n"
      "add.s64 %rd2, %rd2, %rd1;\n"
      "cvta.local.u64 %rd3, %rd2;\n";              // pc 4
  Bench b(head + ".visible .entry k()\n" + body +  // lines 4 to 13
              "ld.local.u32 %r2, [%rd2+4];\n"      // line 14, pc 5
              "ret;\n}\n" +
              ".visible .entry g()\n" + body +  // lines 17 to 26
              "st.u16 [%rd3+4], %r1;\n"         // line 27, pc 5
              "ret;\n}\n",
          "inline");
  CHECK_THROWS_WITH(b.run(b.launch("k", {1, 1, 1}, {32, 1, 1}, {})),
                    "kernel k, CTA (0, 0, 0), thread (2, 0, 0), t.ptx:14: ld.local.u32 %r2, "
                    "[%rd2+4]; (pc 5): u32 access of 4 bytes at 0x14 in local memory");
  CHECK_THROWS_WITH(b.run(b.launch("g", {1, 1, 1}, {32, 1, 1}, {})),
                    "kernel g, CTA (0, 0, 0), thread (2, 0, 0), t.ptx:27: st.u16 [%rd3+4], %r1; "
                    "(pc 5): u16 access of 2 bytes at 0x14 in local memory");
}

TEST_CASE("ptx exec: a CTA spinning on a flag no CTA sets is reported, not hung") {
  Bench b("spin.ptx");
  const std::uint64_t flag = b.array<std::uint32_t>({0});
  PtxLaunch l = b.launch("spin", {1, 1, 1}, {32, 1, 1}, {flag});
  l.instructionBudget = 10000;
  CHECK_THROWS_WITH(b.run(l), Catch::Contains("kernel spin, CTA 0: more than 10000 warp "
                                              "instructions") &&
                                  Catch::Contains("spin-wait"));
}

TEST_CASE("ptx exec: nvcc's fixtures load as programs, and what is not supported yet is named") {
  const auto load = [](const std::string& name) {
    GlobalMemory memory;
    return PtxProgram(
        loadPtxFile(std::string(WARPSIM_SOURCE_DIR) + "/tests/ptx/fixtures/" + name + ".ptx"),
        memory);
  };
  for (const char* f : {"calls", "warp", "depot", "depot-debug", "half", "misc"}) {
    INFO(f);
    CHECK_NOTHROW(load(f));
  }
  // An instruction the executor lacks is named with its line before anything runs.
  GlobalMemory memory;
  CHECK_THROWS_WITH(
      PtxProgram(parsePtx(".version 7.5\n.target sm_80\n.address_size 64\n.visible .entry k()\n"
                          "{\n.reg .b32 %r<2>;\nbar.arrive 1, 64;\nret;\n}\n",
                          "k.ptx"),
                 memory),
      Catch::Contains("k.ptx:7: bar.arrive 1, 64;: 'bar.arrive' is not supported yet"));
}
