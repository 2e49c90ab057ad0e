// A program's own policies become valid option values: the options that select a policy take
// their allowed names from the registries given to GpuParams::declare and ::load.
#include <catch2/catch.hpp>

#include <sstream>

#include "warpsim/config/CommandLine.h"
#include "warpsim/config/Config.h"
#include "warpsim/dram/GddrParams.h"
#include "warpsim/gpu/GpuParams.h"
#include "warpsim/predictor/PredictorParams.h"

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

namespace {

// One policy of each kind with an option of its own (a "knob"), each remembering the value its
// factory was given, so that the test sees what reached the instances.
struct KnobLru : IReplacementPolicy {
  explicit KnobLru(std::uint64_t k, std::uint32_t sets, std::uint32_t ways)
      : knob(k), lru(ReplacementRegistry::builtins().create("lru", sets, ways)) {}
  void inserted(std::uint32_t set, std::uint32_t way) override { lru->inserted(set, way); }
  void touched(std::uint32_t set, std::uint32_t way) override { lru->touched(set, way); }
  std::uint32_t victim(std::uint32_t set, std::uint64_t candidates) const override {
    return lru->victim(set, candidates);
  }
  std::uint64_t knob;
  std::unique_ptr<IReplacementPolicy> lru;
};
struct KnobScheduler : OldestOnly {
  explicit KnobScheduler(std::int64_t k) : knob(k) {}
  std::int64_t knob;
};
struct KnobPrefetcher : NoPrefetcher {
  explicit KnobPrefetcher(double k) : knob(k) {}
  double knob;
};
struct KnobPredictor : Never {
  explicit KnobPredictor(std::uint64_t k) : knob(k) {}
  std::uint64_t knob;
};

Registries withKnobs() {
  Registries r;
  r.replacement.addWithOptions(
      "knob-lru", "test: LRU with a knob",
      [](ConfigSchema& s) { s.addUInt("knob_lru.knob", 3, "knob-lru: its knob", 1, 9); },
      [](const Config& c) { return c.getUInt("knob_lru.knob"); },
      [](std::uint64_t k, std::uint32_t sets, std::uint32_t ways) {
        return std::make_unique<KnobLru>(k, sets, ways);
      });
  r.dramScheduler.addWithOptions(
      "knob-fcfs", "test: FCFS with a knob",
      [](ConfigSchema& s) { s.addInt("knob_fcfs.knob", -2, "knob-fcfs: its knob", -5, 5); },
      [](const Config& c) { return c.getInt("knob_fcfs.knob"); },
      [](std::int64_t k, const GddrParams&) { return std::make_unique<KnobScheduler>(k); });
  r.dramPrefetcher.addWithOptions(
      "knob-none", "test: no prefetching, with a knob",
      [](ConfigSchema& s) { s.addDouble("knob_none.knob", 0.5, "knob-none: its knob", 0, 1); },
      [](const Config& c) { return c.getDouble("knob_none.knob"); },
      [](double k, const GddrParams&) { return std::make_unique<KnobPrefetcher>(k); });
  r.predictor.addWithOptions(
      "knob-never", "test: never predicts, with a knob",
      [](ConfigSchema& s) {
        s.addSize("knob_never.knob", "1KiB", "knob-never: its knob", 1, 1 << 20);
      },
      [](const Config& c) { return c.getSize("knob_never.knob"); },
      [](std::uint64_t k, const PredictorParams&, std::uint32_t) {
        return std::make_unique<KnobPredictor>(k);
      });
  return r;
}

// The four knobs' values as the instances of `r` see them.
struct Knobs {
  std::uint64_t replacement;
  std::int64_t scheduler;
  double prefetcher;
  std::uint64_t predictor;
};
Knobs knobsOf(const Registries& r) {
  const auto replacement = r.replacement.create("knob-lru", 4, 2);
  const auto scheduler = r.dramScheduler.create("knob-fcfs", GddrParams{});
  const auto prefetcher = r.dramPrefetcher.create("knob-none", GddrParams{});
  const auto predictor = r.predictor.create("knob-never", PredictorParams{}, 2);
  return {dynamic_cast<const KnobLru&>(*replacement).knob,
          dynamic_cast<const KnobScheduler&>(*scheduler).knob,
          dynamic_cast<const KnobPrefetcher&>(*prefetcher).knob,
          dynamic_cast<const KnobPredictor&>(*predictor).knob};
}

// `config` after the command line `args` (as --set in a platform program).
void applyArgs(Config& config, std::vector<const char*> args) {
  args.insert(args.begin(), "test");
  applyCommandLine(config, parseCommandLine(static_cast<int>(args.size()), args.data()));
}

}  // namespace

TEST_CASE("registries: every kind's own options join the schema with default, range and help") {
  const Registries r = withKnobs();
  ConfigSchema schema;
  GpuParams::declare(schema, r);
  std::ostringstream help;
  schema.printHelp(help);
  const std::string text = help.str();
  INFO(text);
  for (const char* o : {"knob_lru.knob", "knob_fcfs.knob", "knob_none.knob", "knob_never.knob"})
    REQUIRE(schema.find(o) != nullptr);
  CHECK(schema.find("knob_lru.knob")->defaultText == "3");
  CHECK(schema.find("knob_fcfs.knob")->defaultText == "-2");
  CHECK(schema.find("knob_never.knob")->help == "knob-never: its knob");
  CHECK_THAT(text, Catch::Contains("knob_lru.knob (uint, default 3)\n      knob-lru: its knob\n"
                                   "      allowed: a non-negative integer between 1 and 9\n"));
  CHECK_THAT(text, Catch::Contains("knob_fcfs.knob (int, default -2)\n      knob-fcfs: its knob\n"
                                   "      allowed: an integer between -5 and 5\n"));
  CHECK_THAT(text,
             Catch::Contains("knob_none.knob (double, default 0.5)\n      knob-none: its knob\n"
                             "      allowed: a number between 0 and 1\n"));
  CHECK_THAT(text, Catch::Contains("knob_never.knob (size, default 1KiB)\n"));
  // The options that select them accept their names.
  CHECK(schema.find("l2.replacement")->allowed().find("knob-lru") != std::string::npos);
  CHECK(schema.find("dram.scheduler")->allowed().find("knob-fcfs") != std::string::npos);
  CHECK(schema.find("dram.prefetch")->allowed().find("knob-none") != std::string::npos);
}

TEST_CASE("registries: --set values of every kind's own options reach its instances") {
  const Registries r = withKnobs();
  const Knobs defaults = knobsOf(r);  // not configured: the declared defaults
  CHECK(defaults.replacement == 3);
  CHECK(defaults.scheduler == -2);
  CHECK(defaults.prefetcher == 0.5);
  CHECK(defaults.predictor == 1024);

  ConfigSchema schema;
  GpuParams::declare(schema, r);
  Config config(schema);
  applyArgs(config, {"--set", "knob_lru.knob=7", "--set", "knob_fcfs.knob=4", "--set",
                     "knob_none.knob=0.25", "--set", "knob_never.knob=2KiB", "--set",
                     "l1d.replacement=knob-lru", "--set", "dram.scheduler=knob-fcfs", "--set",
                     "dram.prefetch=knob-none", "--set", "predictor.kind=knob-never"});
  const Registries configured = r.configured(config);
  const Knobs set = knobsOf(configured);
  CHECK(set.replacement == 7);
  CHECK(set.scheduler == 4);
  CHECK(set.prefetcher == 0.25);
  CHECK(set.predictor == 2048);
  const GpuParams p = GpuParams::load(config, configured);
  CHECK(p.l1d.replacement == "knob-lru");
  CHECK(p.gddr.scheduler == "knob-fcfs");
  CHECK(p.gddr.prefetch == "knob-none");
  CHECK(p.predictor.kinds == std::vector<std::string>{"knob-never"});
  CHECK(knobsOf(r).replacement == 3);  // the registries configured() copied are unchanged
}

TEST_CASE("registries: an out-of-range value of an entry's own option is refused naming it") {
  const Registries r = withKnobs();
  ConfigSchema schema;
  GpuParams::declare(schema, r);
  const std::vector<std::pair<const char*, const char*>> bad{
      {"knob_lru.knob=10", "knob_lru.knob = '10'"},
      {"knob_fcfs.knob=-6", "knob_fcfs.knob = '-6'"},
      {"knob_none.knob=1.5", "knob_none.knob = '1.5'"},
      {"knob_never.knob=0", "knob_never.knob = '0'"}};
  for (const auto& [assignment, message] : bad) {
    Config config(schema);
    INFO(assignment);
    CHECK_THROWS_AS(applyArgs(config, {"--set", assignment}), ConfigError);
    CHECK_THROWS_WITH(applyArgs(config, {"--set", assignment}), Catch::Contains(message));
  }
}
