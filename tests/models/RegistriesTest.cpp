// A program's own policies become valid option values: the options that select a policy take
// their allowed names from the registries given to GpuParams::declare and ::load.
#include <catch2/catch.hpp>

#include "warpsim/config/Config.h"
#include "warpsim/gpu/GpuParams.h"

using namespace warpsim;

namespace {

struct OldestOnly : IDramScheduler {
  std::size_t pick(const BankQueueView& b) const override { return b.oldest; }
};
struct Never : IAddressPredictor {
  void startKernel(const Dim3&) override {}
  Verdict observe(const LoadObservation&) override { return Verdict::None; }
};

Registries withExtras() {
  Registries r;
  r.replacement.add("mine", "test", [](std::uint32_t sets, std::uint32_t ways) {
    return ReplacementRegistry::builtins().create("lru", sets, ways);
  });
  r.dramScheduler.add("oldest", "test",
                      [](const GddrParams&) { return std::make_unique<OldestOnly>(); });
  r.dramPrefetcher.add("off", "test", [](const GddrParams& p) {
    return DramPrefetcherRegistry::builtins().create("none", p);
  });
  r.predictor.add("never", "test",
                  [](const PredictorParams&, std::uint32_t) { return std::make_unique<Never>(); });
  return r;
}

}  // namespace

TEST_CASE("registries: added names are allowed values, only where they were added") {
  const Registries extras = withExtras();
  ConfigSchema schema;
  GpuParams::declare(schema, extras);
  Config c(schema);
  c.setAssignment("l2.replacement=mine");
  c.setAssignment("dram.scheduler=oldest");
  c.setAssignment("dram.prefetch=off");
  c.setAssignment("predictor.kind=cooperative,never");
  const GpuParams p = GpuParams::load(c, extras);
  CHECK(p.l2.replacement == "mine");
  CHECK(p.l1d.replacement == "lru");
  CHECK(p.gddr.scheduler == "oldest");
  CHECK(p.gddr.prefetch == "off");
  CHECK(p.predictor.kinds == std::vector<std::string>{"cooperative", "never"});

  ConfigSchema builtin;
  GpuParams::declare(builtin);
  Config b(builtin);
  CHECK_THROWS_AS(b.setAssignment("l2.replacement=mine"), ConfigError);
  CHECK_THROWS_AS(b.setAssignment("dram.scheduler=oldest"), ConfigError);
  b.setAssignment("predictor.kind=never");
  CHECK_THROWS_WITH(GpuParams::load(b), Catch::Contains("unknown predictor 'never'"));
}

TEST_CASE("registries: a PolicyRegistry converts, with the built-ins of every other kind") {
  PolicyRegistry sched = PolicyRegistry::withBuiltins();
  sched.add("mine", "test", [](const PolicyContext& ctx) {
    return PolicyRegistry::withBuiltins().create("gto", ctx);
  });
  const Registries r = sched;
  CHECK(r.sched.names().back() == "mine");
  CHECK(r.replacement.names() == ReplacementRegistry::builtins().names());
  CHECK(r.dramScheduler.names() == std::vector<std::string>{"fr-fcfs", "fcfs"});
  CHECK(r.dramPrefetcher.names() == std::vector<std::string>{"none", "opportunistic"});
  CHECK(r.predictor.names() ==
        std::vector<std::string>{"cooperative", "cooperative-nolec", "cta-aware"});
}
