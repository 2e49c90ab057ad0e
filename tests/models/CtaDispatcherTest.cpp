#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/core/ClockEngine.h"
#include "warpsim/cta/CtaDispatcher.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;

namespace {

KernelDesc kernel(const std::string& name, std::uint32_t ctas, std::uint32_t threads,
                  std::uint32_t regs = 16, std::uint32_t smem = 0) {
  KernelDesc k;
  k.name = name;
  k.grid = Dim3{ctas, 1, 1};
  k.block = Dim3{threads, 1, 1};
  k.regsPerThread = regs;
  k.smemPerCta = smem;
  return k;
}

struct Launch {
  std::string kernel;
  std::uint32_t cta;
  std::uint32_t sm;
  Cycle at;
  bool operator==(const Launch& o) const {
    return kernel == o.kernel && cta == o.cta && sm == o.sm && at == o.at;
  }
};

std::ostream& operator<<(std::ostream& os, const Launch& l) {
  return os << l.kernel << ":" << l.cta << "->sm" << l.sm << "@" << l.at;
}

// An SM stand-in: logs launches and finishes each CTA `duration(cta)` cycles after its launch.
class FakeSm : public Clocked, public ICtaHost {
 public:
  FakeSm(std::uint32_t id, ICtaListener& listener, std::vector<Launch>& log,
         std::function<Cycle(std::uint32_t)> duration)
      : id_(id), listener_(listener), log_(log), duration_(std::move(duration)) {}
  void launchCta(const KernelDesc& k, CtaId cta) override {
    log_.push_back(Launch{k.name, cta.value(), id_, now()});
    running_.push_back(now() + duration_(cta.value()));
    wake();
  }
  bool tick() override {
    for (std::size_t i = 0; i < running_.size();) {
      if (running_[i] <= now()) {
        running_.erase(running_.begin() + static_cast<std::ptrdiff_t>(i));
        listener_.ctaFinished(SmId{id_});
      } else {
        ++i;
      }
    }
    return !running_.empty();
  }

 private:
  std::uint32_t id_;
  ICtaListener& listener_;
  std::vector<Launch>& log_;
  std::function<Cycle(std::uint32_t)> duration_;
  std::vector<Cycle> running_;
};

struct KernelEnd {
  std::string name;
  Cycle start, end;
};

struct Bench {
  ClockEngine engine{"engine"};
  ClockDomain& core = engine.addDomain("core", 1000.0);
  StatsRegistry stats;
  std::vector<Launch> log;
  std::vector<KernelEnd> kernelsDone;
  std::vector<Cycle> allDone;
  CtaDispatcher dispatcher;
  std::vector<std::unique_ptr<FakeSm>> sms;

  Bench(const CtaLimits& p, std::uint32_t numSms, std::function<Cycle(std::uint32_t)> duration)
      : dispatcher("dispatcher", p,
                   CtaDispatcher::Hooks{[this](const KernelDesc& k, Cycle s, Cycle e) {
                                          kernelsDone.push_back({k.name, s, e});
                                        },
                                        [this](Cycle e) { allDone.push_back(e); }},
                   stats) {
    core.add(dispatcher);
    for (std::uint32_t i = 0; i < numSms; ++i) {
      sms.push_back(std::make_unique<FakeSm>(i, dispatcher, log, duration));
      core.add(*sms.back());
      dispatcher.addHost(*sms.back());
    }
  }
};

CtaLimits roomy() {
  CtaLimits p;
  p.maxCtas = 8;
  return p;
}

}  // namespace

TEST_CASE("ctasPerSm: 256 threads x 32 registers on 32768 registers fit 4 CTAs") {
  CtaLimits p;  // 48 warps, 1536 threads, 8 CTAs, 32768 registers, 48 KiB
  CHECK(ctasPerSm(kernel("k", 1, 256, 32), p) == 4);
}

TEST_CASE("ctasPerSm: the thread limit") {
  CtaLimits p;
  p.maxWarps = 64;
  p.maxThreads = 1024;
  CHECK(ctasPerSm(kernel("k", 1, 256, 8), p) == 4);  // warps would allow 8, registers 16
}

TEST_CASE("ctasPerSm: the warp-slot limit") {
  CtaLimits p;
  p.maxWarps = 10;
  CHECK(ctasPerSm(kernel("k", 1, 96, 8), p) == 3);  // 3 warps per CTA
}

TEST_CASE("ctasPerSm: registers are allocated per warp of 32 lanes") {
  CtaLimits p;
  p.maxCtas = 64;
  p.maxThreads = 4096;
  p.maxWarps = 64;
  // 33 threads = 2 warps: 2 x 32 x 64 = 4096 registers per CTA, not 33 x 64 = 2112.
  CHECK(ctasPerSm(kernel("k", 1, 33, 64), p) == 8);
}

TEST_CASE("ctasPerSm: the shared memory limit") {
  CtaLimits p;  // 48 KiB
  CHECK(ctasPerSm(kernel("k", 1, 64, 8, 20000), p) == 2);
  CHECK(ctasPerSm(kernel("k", 1, 64, 8, 48 * 1024), p) == 1);
  CHECK(ctasPerSm(kernel("k", 1, 64, 8, 48 * 1024 + 1), p) == 0);
}

TEST_CASE("ctasPerSm: the CTA slot limit") {
  CtaLimits p;
  p.maxCtas = 8;
  CHECK(ctasPerSm(kernel("k", 1, 32, 8), p) == 8);  // threads alone would allow 48
}

TEST_CASE("cta dispatcher: CTAs go round-robin, one per SM per cycle") {
  Bench b(roomy(), 3, [](std::uint32_t) { return Cycle{1000}; });
  Workload w{"w", {kernel("k", 7, 64)}, {}};
  b.dispatcher.run(w);
  b.engine.setCycleLimit(b.core, 50);
  sc_core::sc_start();
  const std::vector<Launch> expected{{"k", 0, 0, 0}, {"k", 1, 1, 0}, {"k", 2, 2, 0}, {"k", 3, 0, 1},
                                     {"k", 4, 1, 1}, {"k", 5, 2, 1}, {"k", 6, 0, 2}};
  CHECK(b.log == expected);
  CHECK(b.stats.tree()["dispatcher"]["ctas_launched"] == 7);
}

TEST_CASE("cta dispatcher: a finished CTA's place is refilled with the next CTA") {
  CtaLimits p = roomy();
  p.maxCtas = 2;  // 3 SMs x 2 = 6 places for 7 CTAs
  Bench b(p, 3, [](std::uint32_t cta) { return cta == 1 ? Cycle{10} : Cycle{1000}; });
  Workload w{"w", {kernel("k", 7, 64)}, {}};
  b.dispatcher.run(w);
  b.engine.setCycleLimit(b.core, 50);
  sc_core::sc_start();
  REQUIRE(b.log.size() == 7);
  CHECK(b.log[5] == Launch{"k", 5, 2, 1});  // all six places taken by cycle 1
  // CTA 1 finishes on SM 1 at cycle 10; its place goes to CTA 6 on the next cycle.
  CHECK(b.log[6] == Launch{"k", 6, 1, 11});
}

TEST_CASE("cta dispatcher: kernelDone is called once per kernel, in order, with start < end") {
  Bench b(roomy(), 3, [](std::uint32_t) { return Cycle{5}; });
  Workload w{"w", {kernel("first", 3, 64), kernel("second", 4, 64)}, {}};
  b.dispatcher.run(w);
  sc_core::sc_start();
  REQUIRE(b.kernelsDone.size() == 2);
  CHECK(b.kernelsDone[0].name == "first");
  CHECK(b.kernelsDone[1].name == "second");
  for (const KernelEnd& k : b.kernelsDone) CHECK(k.start < k.end);
  // first: CTAs launched at 0, done at 5: cycles [0, 6).
  CHECK(b.kernelsDone[0].start == 0);
  CHECK(b.kernelsDone[0].end == 6);
  // second: launched from cycle 6 (CTA 3 at cycle 7), the last done at 12.
  CHECK(b.kernelsDone[1].end == 13);
  REQUIRE(b.allDone.size() == 1);
  CHECK(b.allDone[0] == 13);
  CHECK(b.dispatcher.done());
  CHECK(b.stats.tree()["dispatcher"]["kernels_completed"] == 2);
}

TEST_CASE("cta dispatcher: consecutive kernels' cycle intervals abut without overlap") {
  Bench b(roomy(), 3, [](std::uint32_t) { return Cycle{5}; });
  Workload w{"w", {kernel("first", 3, 64), kernel("second", 3, 64), kernel("third", 3, 64)}, {}};
  b.dispatcher.run(w);
  sc_core::sc_start();
  REQUIRE(b.kernelsDone.size() == 3);
  // Each kernel's interval is [start, end); the next kernel starts where the last one ended,
  // so per-kernel cycles add up to the run's cycles.
  CHECK(b.kernelsDone[1].start == b.kernelsDone[0].end);
  CHECK(b.kernelsDone[2].start == b.kernelsDone[1].end);
  Cycle sum = 0;
  for (const KernelEnd& k : b.kernelsDone) sum += k.end - k.start;
  REQUIRE(b.allDone.size() == 1);
  CHECK(sum == b.allDone[0]);
}

TEST_CASE("cta dispatcher: a kernel that cannot fit on an SM is a ConfigError naming it") {
  Bench b(roomy(), 2, [](std::uint32_t) { return Cycle{5}; });
  Workload w{"bigsmem", {kernel("fits", 2, 64), kernel("huge", 2, 64, 16, 64 * 1024)}, {}};
  try {
    b.dispatcher.run(w);
    FAIL("no ConfigError");
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("workload 'bigsmem'"));
    CHECK_THAT(what, Catch::Contains("kernel 'huge'"));
    // The limiting resource, with both numbers: the CTA's need and the SM's amount.
    CHECK_THAT(what, Catch::Contains("needs 65536 of sm.shared_mem = 49152"));
  }
}
