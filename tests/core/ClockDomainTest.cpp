#include <catch2/catch.hpp>

#include <vector>

#include "core/ClockEngine.h"

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
