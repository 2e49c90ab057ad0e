#include <catch2/catch.hpp>

#include <cstdint>
#include <utility>
#include <vector>

#include "warpsim/core/ClockEngine.h"

using namespace warpsim;

namespace {

// Logs the cycle of every tick; on its tick at `requestAt` asks twice to be woken at `wakeCycle`.
class Sleeper : public Clocked {
 public:
  bool tick() override {
    log.push_back(now());
    if (now() == requestAt) {
      wakeAt(wakeCycle);
      wakeAt(wakeCycle);
    }
    return false;
  }
  std::vector<Cycle> log;
  Cycle requestAt = ~Cycle{0};
  Cycle wakeCycle = 0;
};

}  // namespace

TEST_CASE("clock domain: two wakeAt calls for the same cycle give one tick at that cycle") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Sleeper s;
  core.add(s);
  s.wakeAt(5);
  s.wakeAt(5);
  engine.setCycleLimit(core, 100);
  sc_core::sc_start();
  CHECK(s.log == std::vector<Cycle>{5});
  CHECK(core.ticksExecuted() == 1);
  CHECK(engine.iterations() == 1);
}

TEST_CASE("clock domain: wakeAt requested twice from a tick wakes the block once, later") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Sleeper s;
  core.add(s);
  s.requestAt = 2;
  s.wakeCycle = 40;
  s.wakeAt(2);
  engine.setCycleLimit(core, 100);
  sc_core::sc_start();
  CHECK(s.log == std::vector<Cycle>{2, 40});
  CHECK(engine.iterations() == 2);
}

// Asks, on its tick at each cycle of `script`, to be woken at the cycles listed there, in order.
class Scripted : public Clocked {
 public:
  bool tick() override {
    log.push_back(now());
    for (const auto& [at, wakes] : script)
      if (at == now())
        for (Cycle c : wakes) wakeAt(c);
    return false;
  }
  std::vector<Cycle> log;
  std::vector<std::pair<Cycle, std::vector<Cycle>>> script;
};

// The domain keeps wake-ups up to 1024 cycles ahead in a wheel of slots and later ones in a heap
// (ClockDomain::wakeAt): wake-ups far ahead, around the wheel's end, for the current cycle, and
// ones superseded by an earlier request (still due: a spurious tick) all come at their cycle.
TEST_CASE("clock domain: wake-ups near and far and round the wheel and for the current cycle") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Scripted s;
  core.add(s);
  s.script = {{0, {3000, 1500, 5}},   // two beyond the wheel, then a near one
              {5, {5}},               // the current cycle: the next edge
              {6, {1100}},            // in the wheel, past its first turn
              {1100, {2123}},         // 1023 ahead: near the wheel's end, wrapping round
              {2123, {2124, 2200}}};  // the second is later than the first: not kept
  s.wakeAt(0);
  engine.setCycleLimit(core, 5000);
  sc_core::sc_start();
  CHECK(s.log == std::vector<Cycle>{0, 5, 6, 1100, 1500, 2123, 2124, 3000});
  CHECK(engine.iterations() == 8);
}

// The schema's frequency range (ConfigSchema::kMinFreqMHz .. kMaxFreqMHz) gives whole,
// nonzero periods: 1 MHz is 1 us, 10 GHz is 100 ps.
TEST_CASE("clock domain: the ends of the frequency range give periods of 1 us and 100 ps") {
  ClockEngine engine("engine");
  CHECK(engine.addDomain("slow", 1.0).periodPs() == 1000000);
  CHECK(engine.addDomain("fast", 10000.0).periodPs() == 100);
  CHECK(engine.addDomain("fermi", 700.0).periodPs() == 1429);
}

TEST_CASE("clock domain: cycles past 64 bits of picoseconds convert to never, not wrap") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 700.0);
  CHECK(core.cyclesToPs(1000) == 1429000);
  CHECK(core.cyclesToPs(UINT64_MAX / 1429) == UINT64_MAX / 1429 * 1429);
  CHECK(core.cyclesToPs(UINT64_MAX / 1429 + 1) == UINT64_MAX);
  // 16962226531038734656 x 1429 wraps to 1e6 ps (700 cycles).
  CHECK(core.cyclesToPs(16962226531038734656ull) == UINT64_MAX);
  CHECK(core.cyclesToPs(UINT64_MAX) == UINT64_MAX);
}

TEST_CASE("clock domain: a cycle limit too large for 64 bits of picoseconds is no limit") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 700.0);
  Sleeper s;
  core.add(s);
  s.wakeAt(5);
  engine.setCycleLimit(core, 16962226531038734656ull);
  CHECK(engine.limitPs() == UINT64_MAX);
  sc_core::sc_start();
  CHECK(s.log == std::vector<Cycle>{5});
  CHECK_FALSE(engine.cycleLimitReached());
}
