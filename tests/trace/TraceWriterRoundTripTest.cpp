// The trace writer's round trip: synthetic and hand-made workloads written as Accel-Sim traces
// (plain and xz) and read back with loadTrace give the same warp streams; the writer streams.
#include <catch2/catch.hpp>

#include "WriterTestSupport.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::trace;
using namespace warpsim::testing;

TEST_CASE("a synthetic workload reads back warp by warp, plain and xz", "[trace][writer]") {
  const Workload original = syntheticWorkload();
  const std::uint64_t total = instructionsOf(original);
  TempDir tmp;
  for (bool xz : {false, true}) {
    for (unsigned version : {70u, 80u, 90u}) {
      INFO("xz " << xz << ", sm_" << version);
      const std::string dir = tmp.path() + "/" + (xz ? "xz" : "plain") + std::to_string(version);
      TraceWriteOptions options;
      options.xz = xz;
      options.binaryVersion = version;
      writeTrace(original, dir, options);

      const std::string ext = xz ? ".traceg.xz" : ".traceg";
      CHECK(readFile(dir + "/kernelslist.g") == "kernel-1" + ext + "\nkernel-2" + ext + "\n");
      const std::string kernel1 = readFile(dir + "/kernel-1" + ext);
      if (xz)
        CHECK(kernel1.substr(0, 6) == std::string("\xFD"
                                                  "7zXZ\0",
                                                  6));
      else
        CHECK(kernel1.substr(0, 21) == "-kernel name = mix\n-k");
      CHECK_FALSE(std::filesystem::exists(dir + "/kernel-1" + (xz ? ".traceg" : ".traceg.xz")));

      TraceSummary summary;
      const Workload back = loadTrace(dir, {}, &summary);
      CHECK(summary.kernels == 2);
      CHECK(summary.warpInstructions == total);
      CHECK(requireSameWorkload(original, back) == total);

      // Accel-Sim's decoding rules give the same streams: no mode 1 with gaps is written.
      TraceOptions quirks;
      quirks.accelsimQuirks = true;
      requireSameWorkload(original, loadTrace(dir + "/kernelslist.g", quirks));
    }
  }
}

TEST_CASE("hand-made streams with every op class read back", "[trace][writer]") {
  auto gen = [](CtaId cta, std::uint32_t w) {
    const Addr base = 0x7f0000100000 + cta.value() * 0x1000 + w * 0x100;
    std::vector<WarpInst> v;
    v.push_back(compute(OpClass::Alu, 0x00, 1, {kNoReg, 2, kNoReg, 3}));
    v.push_back(compute(OpClass::Sfu, 0x10, 2, {1, kNoReg, kNoReg, kNoReg}));
    v.push_back(compute(OpClass::Dp, 0x20, 4, {2, 3, 5, 6}));
    v.push_back(compute(OpClass::Tensor, 0x30, 8, {4, 5, 6, 7}));
    v.push_back(compute(OpClass::Fence, 0x40));
    v.push_back(compute(OpClass::Barrier, 0x50));
    WarpInst branch = compute(OpClass::Branch, 0x60, kNoReg, {1, kNoReg, kNoReg, kNoReg});
    branch.activeMask = 0x0000ffff;
    v.push_back(branch);
    v.push_back(
        memInst(MemSpace::Global, MemOp::Load, 16, ~0u, [&](unsigned l) { return base + l * 16; }));
    v.push_back(
        memInst(MemSpace::Global, MemOp::Store, 4, 0u, [&](unsigned l) { return base + l; }));
    v.push_back(memInst(MemSpace::Shared, MemOp::Atomic, 8, 0x80000001u,
                        [&](unsigned l) { return Addr{l} * 8; }));
    v.push_back(memInst(MemSpace::Local, MemOp::Store, 2, 0x00ff0000u,
                        [&](unsigned l) { return 0x100 - l * 2; }));
    v.push_back(memInst(MemSpace::Texture, MemOp::Load, 1, 0x00000100u,
                        [&](unsigned l) { return base + l; }));
    v.push_back(
        memInst(MemSpace::Constant, MemOp::Load, 4, ~0u, [&](unsigned) { return Addr{0x40}; }));
    WarpInst early = exitInst(0x70, 0);  // a predicated-off EXIT before the end: not last
    early.last = false;
    v.push_back(early);
    v.push_back(exitInst(0x80));
    return v;
  };
  const Workload original = oneKernel(handKernel("hand", Dim3{2, 2, 2}, Dim3{64, 1, 1}, gen));
  TempDir tmp;
  for (bool xz : {false, true}) {
    TraceWriteOptions options;
    options.xz = xz;
    writeTrace(original, tmp.path() + "/t", options);  // the second write replaces the first
    requireSameWorkload(original, loadTrace(tmp.path() + "/t"));
  }
}

TEST_CASE("the writer holds one warp stream at a time, in launch order", "[trace][writer]") {
  struct Log {
    int live = 0, maxLive = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> order;
  };
  auto log = std::make_shared<Log>();
  class Counted : public VectorStream {
   public:
    Counted(std::shared_ptr<Log> log, std::vector<WarpInst> v)
        : VectorStream(std::move(v)), log_(std::move(log)) {
      log_->maxLive = std::max(log_->maxLive, ++log_->live);
    }
    ~Counted() override { --log_->live; }

   private:
    std::shared_ptr<Log> log_;
  };
  KernelDesc k = handKernel("counted", Dim3{2, 2, 1}, Dim3{96, 1, 1}, nullptr);
  k.makeWarp = [log](CtaId cta, std::uint32_t w) {
    log->order.emplace_back(cta.value(), w);
    std::vector<WarpInst> v(1000, compute(OpClass::Alu, 0x10, 1));
    v.push_back(exitInst(0x20));
    return std::unique_ptr<IWarpStream>(new Counted(log, std::move(v)));
  };
  TempDir tmp;
  TraceWriteOptions xz;
  xz.xz = true;
  writeTrace(oneKernel(k), tmp.path(), xz);
  CHECK(log->maxLive == 1);
  CHECK(log->live == 0);
  REQUIRE(log->order.size() == 12);
  for (std::uint32_t i = 0; i < 12; ++i) {
    CHECK(log->order[i].first == i / 3);
    CHECK(log->order[i].second == i % 3);
  }
  TraceSummary s;
  loadTrace(tmp.path(), {}, &s);
  CHECK(s.warpInstructions == 12 * 1001);
}
