// Every named workload runs to the end on fermi, and the GPU issues exactly the instructions
// the workload's warps produce.
#include <catch2/catch.hpp>

#include "PlatformTestSupport.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// Warp instructions of every warp of every CTA of every kernel of `w`.
std::uint64_t instructionsOf(const Workload& w) {
  std::uint64_t n = 0;
  WarpInst inst;
  for (const KernelDesc& k : w.kernels)
    for (std::uint64_t cta = 0; cta < k.ctaCount(); ++cta)
      for (std::uint32_t warp = 0; warp < k.warpsPerCta(); ++warp) {
        auto s = k.makeWarp(CtaId{static_cast<std::uint32_t>(cta)}, warp);
        while (s->next(inst)) ++n;
      }
  return n;
}

void checkWorkload(const std::string& name, std::uint64_t expectedInsts) {
  REQUIRE(instructionsOf(makeWorkload(name, 1)) == expectedInsts);
  ScratchDir dir;
  const ToolRun r = runFermi("--workload " + name + " --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  const nlohmann::json s = readJson(dir.file("s.json"));
  CHECK(s["outcome"] == "finished");
  CHECK(s["workload"] == name + " (size 1)");
  CHECK(s["warp_instructions"].get<std::uint64_t>() == expectedInsts);
  CHECK(s["gpu"]["dispatcher"]["kernels_completed"] == makeWorkload(name, 1).kernels.size());
}

}  // namespace

TEST_CASE("workload run: ctareuse size 1 on fermi issues its 10432 warp instructions") {
  checkWorkload("ctareuse", 10432);
}

TEST_CASE("workload run: graph size 1 on fermi issues its 2897 warp instructions") {
  checkWorkload("graph", 2897);
}

TEST_CASE("workload run: stream size 1 on fermi issues its 1664 warp instructions") {
  checkWorkload("stream", 1664);
}

TEST_CASE("workload run: thrash size 1 on fermi issues its 6592 warp instructions") {
  checkWorkload("thrash", 6592);
}

TEST_CASE("workload run: stencil size 1 on fermi issues its 1536 warp instructions") {
  checkWorkload("stencil", 1536);
}

TEST_CASE("workload run: tile size 1 on fermi issues its 3712 warp instructions") {
  checkWorkload("tile", 3712);
}

TEST_CASE("workload run: every platform runs stream size 1 to the end") {
  for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
    INFO(tool);
    ScratchDir dir;
    const ToolRun r = runTool(tool,
                              "--workload stream --set workload.size=1 --set gpu.sms=2 "
                              "--stats " +
                                  dir.file("s.json"));
    REQUIRE(r.exitCode == 0);
    const nlohmann::json s = readJson(dir.file("s.json"));
    CHECK(s["outcome"] == "finished");
    CHECK(s["warp_instructions"] == 1664);
  }
}
