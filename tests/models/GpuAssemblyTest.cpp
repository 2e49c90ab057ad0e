// A Gpu's assembly (Gpu::Assembly) must add what its parameters describe: one interconnect,
// gpu.sms SMs and mem.partitions partitions; anything else stops construction with an error
// naming the option. One GPU per test case: each runs in its own process.
#include <catch2/catch.hpp>

#include "GpuTestSupport.h"
#include "warpsim/config/Config.h"

using namespace warpsim;
using namespace warpsim::test;
using Catch::Contains;

namespace {

// Builds a 2-SM GPU with `assemble`; returns the error message, or "" when it was built.
std::string build(const Gpu::Assembly& assemble) {
  StatsRegistry stats;
  try {
    Gpu gpu("gpu", tinyGpu(2), PolicyRegistry::withBuiltins(), nullptr, stats, assemble);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

void bindSms(Gpu& gpu, IInterconnect& icnt, std::uint32_t n) {
  for (std::uint32_t i = 0; i < n; ++i) {
    Sm& sm = gpu.addSm();
    for (Cache* l1 : sm.l1s()) icnt.bindSmPort(sm.id(), l1->downstream);
  }
}

void bindPartitions(Gpu& gpu, IInterconnect& icnt, std::uint32_t n) {
  for (std::uint32_t p = 0; p < n; ++p) {
    MemoryPartition& part = gpu.addPartition();
    icnt.bindMemPort(part.id, part.upstream());
  }
}

}  // namespace

TEST_CASE("gpu assembly: one SM fewer than gpu.sms stops construction naming gpu.sms") {
  const std::string err = build([](Gpu& gpu) {
    IInterconnect& icnt = gpu.addInterconnect();
    bindSms(gpu, icnt, 1);
    bindPartitions(gpu, icnt, gpu.params().map.partitions);
  });
  CHECK_THAT(err, Contains("added 1 SMs; gpu.sms = 2"));
}

TEST_CASE("gpu assembly: no interconnect stops construction naming addInterconnect") {
  CHECK_THAT(build([](Gpu&) {}), Contains("added no interconnect (addInterconnect)"));
}

TEST_CASE("gpu assembly: a partition beyond mem.partitions stops construction") {
  const std::string err = build([](Gpu& gpu) {
    IInterconnect& icnt = gpu.addInterconnect();
    bindSms(gpu, icnt, 2);
    bindPartitions(gpu, icnt, gpu.params().map.partitions);
    gpu.addPartition();
  });
  CHECK_THAT(err, Contains("more partitions than the 6 of mem.partitions"));
}

TEST_CASE("gpu assembly: a second interconnect stops construction") {
  CHECK_THAT(build([](Gpu& gpu) {
               gpu.addInterconnect();
               gpu.addInterconnect();
             }),
             Contains("added a second interconnect"));
}

// The blocks an assembly adds are the Gpu's children, named as the statistics expect.
TEST_CASE("gpu assembly: added blocks are named under the gpu and run a workload to the end") {
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) { return 0x10000000 + c.gtid * 4; });
  GpuRun run(tinyGpu(2), oneCta(b.build(), 64));
  CHECK(run.gpu->outcome() == Gpu::Outcome::Finished);
  CHECK(std::string(run.gpu->sm(1).l1d.name()) == "gpu.sm1.l1d");
  const nlohmann::json tree = run.stats.tree()["gpu"];
  CHECK(tree.contains("l2_5"));
  CHECK(tree.contains("part5"));
  CHECK(tree["sm0"]["l1d"]["misses"].get<std::uint64_t>() == 2);  // 64 threads x 4 B: 2 lines
}

// Responses find their SM by port: an L1 bound to another SM's port would get its responses.
TEST_CASE("gpu assembly: SMs bound out of order stop construction naming the SM and the port") {
  const std::string err = build([](Gpu& gpu) {
    IInterconnect& icnt = gpu.addInterconnect();
    Sm& first = gpu.addSm();
    Sm& second = gpu.addSm();
    for (Cache* l1 : second.l1s()) icnt.bindSmPort(second.id(), l1->downstream);
    for (Cache* l1 : first.l1s()) icnt.bindSmPort(first.id(), l1->downstream);
  });
  CHECK_THAT(err, Contains("gpu.icnt: SM 1 bound to SM-side port 0, which is SM 0's"));
}

TEST_CASE("gpu assembly: partitions bound out of order stop construction naming both") {
  const std::string err = build([](Gpu& gpu) {
    IInterconnect& icnt = gpu.addInterconnect();
    bindSms(gpu, icnt, 2);
    MemoryPartition& first = gpu.addPartition();
    MemoryPartition& second = gpu.addPartition();
    icnt.bindMemPort(second.id, second.upstream());
    icnt.bindMemPort(first.id, first.upstream());
  });
  CHECK_THAT(err, Contains("gpu.icnt: partition 1 bound to memory-side port 0, which is "
                           "partition 0's"));
}
