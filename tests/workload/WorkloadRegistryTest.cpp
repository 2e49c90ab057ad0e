// Workloads by name: the built-ins with their default sizes, pchase's own options read once per
// configure, and a user's kernel added beside them.
#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/workload/WorkloadLibrary.h"
#include "warpsim/workload/WorkloadRegistry.h"

using namespace warpsim;

namespace {
// Dynamic instructions of warp 0 of CTA 0 of the first kernel.
std::uint64_t instructions(const Workload& w) {
  auto stream = w.kernels.at(0).makeWarp(CtaId{0}, 0);
  WarpInst inst;
  std::uint64_t n = 0;
  while (stream->next(inst)) ++n;
  return n;
}
}  // namespace

TEST_CASE("workload registry: the built-ins in name order, with their default sizes") {
  const WorkloadRegistry& r = WorkloadRegistry::builtins();
  std::vector<std::string> names;
  for (const WorkloadInfo& w : listWorkloads()) names.push_back(w.name);
  CHECK(r.names() == names);
  CHECK(r.defaultSize("graph") == 1024);
  CHECK(r.defaultSize("tile") == 9);
  CHECK(r.make("stream", 0).kernels.at(0).grid.x == 8 * 2048);  // size 0: the default
  CHECK(r.make("stream", 3).kernels.at(0).grid.x == 8 * 3);
  CHECK_THROWS_WITH(r.defaultSize("strem"),
                    Catch::StartsWith("workload.name = 'strem': unknown workload; did you mean: "
                                      "stream? known: cp, ctareuse"));
  CHECK_THROWS_AS(r.make("tile", 257), ConfigError);
  CHECK(r.make("pchase", 1).kernels.at(0).ctaCount() == 1);
}

TEST_CASE("workload registry: pchase reads its footprint and stride from the configuration") {
  ConfigSchema schema;
  WorkloadRegistry r = WorkloadRegistry::withBuiltins();
  r.declareOptions(schema);
  CHECK(schema.options().size() == 2);  // workload.pchase_footprint and _stride only
  Config config(schema);
  config.setAssignment("workload.pchase_footprint=1KiB");
  config.setAssignment("workload.pchase_stride=256B");
  const std::uint64_t before = instructions(r.make("pchase", 1));  // 64 KiB / 128 B: 512 loads
  r.configure(config);
  const std::uint64_t after = instructions(r.make("pchase", 1));  // 1 KiB / 256 B: 4 loads
  CHECK(before - after == 2 * (512 - 4));  // each step: a load and the loop's back-edge
}

TEST_CASE("workload registry: a user's kernel gets a name, a description and a default size") {
  WorkloadRegistry r = WorkloadRegistry::withBuiltins();
  r.add("mine", "a user's kernel", 7, [](std::uint32_t size) {
    auto w = std::make_unique<Workload>(makeWorkload("stream", size));
    w->name = "mine";
    return w;
  });
  CHECK(r.names().back() == "mine");
  CHECK(r.description("mine") == "a user's kernel");
  CHECK(r.make("mine", 0).kernels.at(0).grid.x == 8 * 7);
  CHECK(r.make("mine", 0).name == "mine");
}
