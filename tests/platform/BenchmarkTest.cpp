// warpsim's CUDA benchmarks (benchmarks/README.md), replayed from their checked-in launch records
// so that no nvcc is needed: each gives the outputs its recorded run gave on every platform, and
// under every warp scheduler it executes the same instructions with its statistics conserved.
#include "PlatformTestSupport.h"

using namespace warpsim::test;

namespace {

const char* const kPolicies[] = {"lrr",
                                 "gto",
                                 "2lvl",
                                 "swl",
                                 "ccws",
                                 "cta-aware",
                                 "cta-aware-locality",
                                 "cta-aware-locality-blp",
                                 "owl",
                                 "mascar"};

std::string recordOf(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/benchmarks/records/" + name;
}

struct Replay {
  ToolRun run;
  nlohmann::json stats;
};

Replay replay(const std::string& tool, const std::string& name, const std::string& options = "") {
  ScratchDir dir;
  Replay r;
  r.run = runTool(
      tool, "--launch-record " + recordOf(name) + " --stats " + dir.file("s.json") + " " + options);
  if (r.run.exitCode == 0) r.stats = readJson(dir.file("s.json"));
  return r;
}

// What the record's launches add up to: CTAs and warps.
struct Shape {
  std::uint64_t launches = 0, ctas = 0, warps = 0;
};
Shape shapeOf(const std::string& name) {
  Shape s;
  const nlohmann::json record = readJson(recordOf(name) + "/launch.json");
  for (const nlohmann::json& l : record["launches"]) {
    std::uint64_t grid = 1, block = 1;
    for (const nlohmann::json& d : l["grid"]) grid *= d.get<std::uint64_t>();
    for (const nlohmann::json& d : l["block"]) block *= d.get<std::uint64_t>();
    ++s.launches;
    s.ctas += grid;
    s.warps += grid * ((block + 31) / 32);
  }
  return s;
}

// The counters agree with each other and with the record (doc/stats-reference.md).
void checkConserved(const nlohmann::json& s, const Shape& shape) {
  CHECK(s["outcome"] == "finished");
  const nlohmann::json& t = s["totals"];
  CHECK(t["kernels_finished"].get<std::uint64_t>() == shape.launches);
  CHECK(s["gpu"]["sm_total"]["ctas_completed"].get<std::uint64_t>() == shape.ctas);
  CHECK(s["gpu"]["sm_total"]["warps_completed"].get<std::uint64_t>() == shape.warps);
  for (const char* cache : {"l1d", "l1c", "l1t", "l2"}) {
    const nlohmann::json& c = t[cache];
    INFO(cache);
    CHECK(c["hits"].get<std::uint64_t>() + c["misses"].get<std::uint64_t>() +
              c["mshr_merges"].get<std::uint64_t>() ==
          c["accesses"].get<std::uint64_t>());
  }
  double shares = 0;
  for (const auto& [kind, share] : t["sm_cycles"]["shares"].items()) shares += share.get<double>();
  CHECK(shares == Approx(1.0));
  CHECK(s["thread_instructions"].get<std::uint64_t>() <=
        32 * s["warp_instructions"].get<std::uint64_t>());
}

void checkPlatforms(const std::string& name) {
  std::uintmax_t bytes = 0;
  for (const auto& f : fs::directory_iterator(recordOf(name))) bytes += f.file_size();
  CHECK(bytes < 1000000);
  const Shape shape = shapeOf(name);
  for (const char* tool : {"warpsim-fermi", "warpsim-owl28", "warpsim-ccws30"}) {
    const Replay r = replay(tool, name);
    INFO(name << " on " << tool << ": " << r.run.err);
    REQUIRE(r.run.exitCode == 0);
    CHECK_THAT(r.run.out, Catch::Contains("outputs              match the launch record"));
    checkConserved(r.stats, shape);
  }
}

void checkSchedulers(const std::string& name) {
  const Shape shape = shapeOf(name);
  std::uint64_t instructions = 0;
  for (const char* policy : kPolicies) {
    const Replay r = replay("warpsim-fermi", name, std::string("--sched ") + policy);
    INFO(name << " under " << policy << ": " << r.run.err);
    REQUIRE(r.run.exitCode == 0);
    CHECK_THAT(r.run.out, Catch::Contains("outputs              match the launch record"));
    checkConserved(r.stats, shape);
    const std::uint64_t n = r.stats["warp_instructions"].get<std::uint64_t>();
    if (instructions == 0) instructions = n;
    CHECK(n == instructions);  // the same work whatever the order
  }
}

}  // namespace

#define WARPSIM_BENCHMARK_TESTS(name)                                                        \
  TEST_CASE("benchmarks: " #name " gives its recorded outputs on fermi, owl28 and ccws30") { \
    checkPlatforms(#name);                                                                   \
  }                                                                                          \
  TEST_CASE("benchmarks: " #name " under every scheduler: same instructions, conserved") {   \
    checkSchedulers(#name);                                                                  \
  }

WARPSIM_BENCHMARK_TESTS(backprop)
WARPSIM_BENCHMARK_TESTS(bfs)
WARPSIM_BENCHMARK_TESTS(histogram)
WARPSIM_BENCHMARK_TESTS(kmeans)
WARPSIM_BENCHMARK_TESTS(reduce)
WARPSIM_BENCHMARK_TESTS(scalarprod)
WARPSIM_BENCHMARK_TESTS(sgemm)
WARPSIM_BENCHMARK_TESTS(spmv)
WARPSIM_BENCHMARK_TESTS(srad)
WARPSIM_BENCHMARK_TESTS(streamcluster)
