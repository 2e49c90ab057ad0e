// What an Accel-Sim trace cannot express is an error naming where it is.
#include <catch2/catch.hpp>

#include "WriterTestSupport.h"
#include "warpsim/workload/trace/OutFile.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::trace;
using namespace warpsim::testing;

TEST_CASE("what a trace cannot express is an error naming where it is", "[trace][writer]") {
  TempDir tmp;
  // The bad instruction is in CTA (1,0,0), warp 1 only.
  auto withBad = [](WarpInst bad) {
    return [bad](CtaId cta, std::uint32_t w) {
      std::vector<WarpInst> v{compute(OpClass::Alu, 0, 1)};
      if (cta.value() == 1 && w == 1) v.push_back(bad);
      v.push_back(exitInst(0x20));
      return v;
    };
  };
  auto write = [&](WarpInst bad, unsigned version = 70) {
    TraceWriteOptions o;
    o.binaryVersion = version;
    return errorOf([&] {
      writeTrace(oneKernel(handKernel("bad", Dim3{2, 1, 1}, Dim3{64, 1, 1}, withBad(bad))),
                 tmp.path() + "/bad", o);
    });
  };
  std::string e = write(compute(OpClass::Alu, 0x10, 255));
  CHECK_THAT(e, Catch::Contains("kernel 'bad'") && Catch::Contains("CTA (1,0,0)") &&
                    Catch::Contains("warp 1") && Catch::Contains("R255") &&
                    Catch::Contains("PC 0010"));
  e = write(compute(OpClass::Alu, 0x10, 1, {0, 300, kNoReg, kNoReg}));
  CHECK_THAT(e, Catch::Contains("R300") && Catch::Contains("CTA (1,0,0)"));
  e = write(memInst(MemSpace::Global, MemOp::Load, 3, ~0u, [](unsigned l) { return l; }));
  CHECK_THAT(e, Catch::Contains("access size 3") && Catch::Contains("warp 1"));
  e = write(memInst(MemSpace::Local, MemOp::Atomic, 4, ~0u, [](unsigned l) { return l; }));
  CHECK_THAT(e, Catch::Contains("local atomic") && Catch::Contains("warp 1"));
  e = write(memInst(MemSpace::Generic, MemOp::Load, 4, ~0u, [](unsigned l) { return l; }));
  CHECK_THAT(e, Catch::Contains("generic load"));
  e = write(compute(OpClass::Tensor, 0x10, 4), 61);
  CHECK_THAT(e, Catch::Contains("tensor") && Catch::Contains("Pascal"));
  WarpInst pastBlock = compute(OpClass::Alu, 0x10, 1);
  pastBlock.activeMask = 0x1ffff;
  e = errorOf([&] {
    writeTrace(oneKernel(handKernel("odd", Dim3{2, 1, 1}, Dim3{48, 1, 1}, withBad(pastBlock))),
               tmp.path() + "/odd");
  });
  CHECK_THAT(e, Catch::Contains("past the thread block's 48 threads"));
  // A failed write leaves no kernelslist.g, even where an earlier write had left one.
  CHECK(std::filesystem::exists(tmp.path() + "/bad/kernel-1.traceg"));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/bad/kernelslist.g"));
  writeTrace(oneKernel(handKernel("good", Dim3{2, 1, 1}, Dim3{64, 1, 1},
                                  withBad(compute(OpClass::Alu, 0x10)))),
             tmp.path() + "/bad");
  CHECK(std::filesystem::exists(tmp.path() + "/bad/kernelslist.g"));
  write(compute(OpClass::Alu, 0x10, 255));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/bad/kernelslist.g"));

  CHECK_THAT(errorOf([&] {
               writeTrace(Workload{"empty", {}, {}}, tmp.path() + "/empty");
             }),
             Catch::Contains("no kernel"));
  TraceWriteOptions sm99;
  sm99.binaryVersion = 99;
  CHECK_THAT(errorOf([&] { writeTrace(syntheticWorkload(), tmp.path() + "/sm99", sm99); }),
             Catch::Contains("binary version 99"));
  CHECK_FALSE(std::filesystem::exists(tmp.path() + "/sm99"));

  // Files and folders that cannot be created, writes that fail: the path is named.
  std::ofstream(tmp.path() + "/file") << "x";
  CHECK_THAT(errorOf([&] { writeTrace(syntheticWorkload(), tmp.path() + "/file/sub"); }),
             Catch::Contains(tmp.path() + "/file/sub"));
  CHECK_THAT(errorOf([&] { OutFile f(tmp.path() + "/nodir/kernelslist.g"); }),
             Catch::Contains(tmp.path() + "/nodir/kernelslist.g"));
  CHECK_THAT(errorOf([&] { OutFile f(tmp.path() + "/bad-preset.xz", 42); }),
             Catch::Contains("bad-preset.xz") && Catch::Contains("preset 42"));
  if (std::filesystem::exists("/dev/full")) {
    CHECK_THAT(errorOf([] {
                 OutFile f("/dev/full");
                 f.write(std::string(1 << 20, 'x'));
                 f.close();
               }),
               Catch::Contains("/dev/full") && Catch::Contains("write error"));
  }
}
