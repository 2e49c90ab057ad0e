// The registry of named workloads.
#include <catch2/catch.hpp>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/WorkloadLibrary.h"

using namespace warpsim;

TEST_CASE("library: lists the workloads sorted by name with descriptions") {
  const auto list = listWorkloads();
  std::vector<std::string> names;
  for (const WorkloadInfo& w : list) {
    names.push_back(w.name);
    CHECK_FALSE(w.description.empty());
    CHECK(w.description.find('\n') == std::string::npos);
  }
  CHECK(names == std::vector<std::string>{"cp", "ctareuse", "edgewalk", "graph", "pchase",
                                          "scalarprod", "stencil", "stream", "thrash", "tile"});
}

TEST_CASE("library: an unknown workload names the known ones") {
  CHECK_THROWS_WITH(makeWorkload("x", 1),
                    "unknown workload 'x'; known: cp, ctareuse, edgewalk, graph, pchase, "
                    "scalarprod, stencil, stream, thrash, tile");
  CHECK_THROWS_AS(defaultWorkloadSize("x"), ConfigError);
}

TEST_CASE("library: size 0 and oversized problems are rejected") {
  CHECK_THROWS_WITH(makeWorkload("stream", 0),
                    "workload 'stream': size 0 is out of range; allowed: 1 to 8192");
  CHECK_THROWS_AS(makeWorkload("tile", 257), ConfigError);
}

TEST_CASE("library: default sizes") {
  CHECK(defaultWorkloadSize("ctareuse") == 256);
  CHECK(defaultWorkloadSize("cp") == 128);
  CHECK(defaultWorkloadSize("edgewalk") == 640);
  CHECK(defaultWorkloadSize("graph") == 1024);
  CHECK(defaultWorkloadSize("scalarprod") == 256);
  CHECK(defaultWorkloadSize("stencil") == 48);
  CHECK(defaultWorkloadSize("stream") == 2048);
  CHECK(defaultWorkloadSize("thrash") == 512);
  CHECK(defaultWorkloadSize("tile") == 9);
}

TEST_CASE("library: pchase is one lane of one warp chasing dependent loads") {
  const Workload w = makePchase(2, 1024, 256);
  REQUIRE(w.kernels.size() == 1);
  const KernelDesc& k = w.kernels[0];
  CHECK(k.ctaCount() == 1);
  CHECK(k.threadsPerCta() == 1);
  auto s = k.makeWarp(CtaId{0}, 0);
  WarpInst in;
  std::vector<Addr> loads;
  while (s->next(in)) {
    if (!in.isLoad()) continue;
    CHECK(in.activeMask == 1u);
    CHECK(in.dst == in.src[0]);  // each load's address depends on the previous load
    loads.push_back(in.addr[0] - (Addr{1} << 28));
  }
  CHECK(loads == std::vector<Addr>{0, 256, 512, 768, 0, 256, 512, 768});
  CHECK_THROWS_AS(makePchase(1, 128, 256), ConfigError);
  CHECK_THROWS_AS(makePchase(0, 1024, 128), ConfigError);
}

TEST_CASE("library: pchase makes at most 2^24 dependent loads") {
  CHECK(makePchase(8, std::uint64_t{256} << 20, 128).kernels.size() == 1);  // 8 x 2^21 loads
  CHECK_THROWS_WITH(makePchase(4, std::uint64_t{256} << 20, 1),
                    "workload 'pchase': 4 passes x footprint 268435456 B / stride 1 B = "
                    "1073741824 dependent loads; allowed: at most 16777216 (fewer passes, "
                    "workload.size, or a larger workload.pchase_stride)");
  CHECK_THROWS_AS(makePchase(4097, 128, 128), ConfigError);    // sizes as makeWorkload's
  CHECK(makePchase(4096, 64 << 10, 128).kernels.size() == 1);  // 2^21 loads
}

TEST_CASE("library: every workload's kernels have warps and resources") {
  for (const WorkloadInfo& info : listWorkloads()) {
    if (info.name == "pchase") continue;  // one thread on purpose (the test above)
    const Workload w = makeWorkload(info.name, 1);
    CHECK(w.name == info.name);
    REQUIRE_FALSE(w.kernels.empty());
    for (const KernelDesc& k : w.kernels) {
      CHECK(k.makeWarp);
      CHECK(k.threadsPerCta() % kWarpSize == 0);  // whole warps: 256 threads, cp and ctareuse 128
      CHECK(k.threadsPerCta() >= 128);
      CHECK(k.regsPerThread >= 16);
      CHECK(k.regsPerThread <= 32);
    }
  }
}
