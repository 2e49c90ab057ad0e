// The registry of named workloads.
#include <catch2/catch.hpp>

#include "config/ConfigSchema.h"
#include "workload/WorkloadLibrary.h"

using namespace warpsim;

TEST_CASE("library: lists the workloads sorted by name with descriptions") {
  const auto list = listWorkloads();
  std::vector<std::string> names;
  for (const WorkloadInfo& w : list) {
    names.push_back(w.name);
    CHECK_FALSE(w.description.empty());
    CHECK(w.description.find('\n') == std::string::npos);
  }
  CHECK(names == std::vector<std::string>{"cp", "ctareuse", "edgewalk", "graph", "scalarprod",
                                          "stencil", "stream", "thrash", "tile"});
}

TEST_CASE("library: an unknown workload names the known ones") {
  CHECK_THROWS_WITH(makeWorkload("x", 1),
                    "unknown workload 'x'; known: cp, ctareuse, edgewalk, graph, scalarprod, "
                    "stencil, stream, thrash, tile");
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

TEST_CASE("library: every workload's kernels have warps and resources") {
  for (const WorkloadInfo& info : listWorkloads()) {
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
