#include <catch2/catch.hpp>

#include <ostream>
#include <string>

#include "warpsim/core/ClockEngine.h"

using namespace warpsim;

namespace {

constexpr std::uint64_t kPeriodPs = 1000;  // 1000 MHz
constexpr std::uint64_t kWindowCycles = 100;

// A block that stays active forever and reports progress on its first `progressTicks` ticks
// (all of them when negative).
class Spinner : public Clocked, public IDiagnosable {
 public:
  Spinner(Watchdog& wd, int progressTicks) : wd_(wd), progressTicks_(progressTicks) {}
  bool tick() override {
    if (progressTicks_ < 0 || ticks_ < static_cast<std::uint64_t>(progressTicks_)) wd_.progress();
    ++ticks_;
    return true;
  }
  void describeWaits(std::ostream& os) const override {
    os << "spinner: waits on a flag nobody sets\n";
  }
  std::uint64_t ticks_ = 0;

 private:
  Watchdog& wd_;
  int progressTicks_;
};

void armWatchdog(ClockEngine& engine) {
  engine.watchdog().setWindow(kWindowCycles * kPeriodPs, "100 cycles");
}

}  // namespace

TEST_CASE(
    "watchdog: a block active without progress stops the engine at the first edge past the "
    "window") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Spinner s(engine.watchdog(), 0);
  core.add(s);
  engine.watchdog().add(s);
  armWatchdog(engine);
  s.wake();
  sc_core::sc_start();  // returns only because the watchdog calls sc_stop()
  CHECK(engine.watchdog().fired());
  CHECK_FALSE(engine.cycleLimitReached());
  const std::uint64_t stopPs = sc_core::sc_time_stamp().value();
  // Nothing ever progressed: the window runs from time 0. The engine checks before each edge,
  // so it stops at edge 101, the first more than 100 cycles on, without ticking it.
  CHECK(stopPs > kWindowCycles * kPeriodPs);
  CHECK(stopPs <= (kWindowCycles + 1) * kPeriodPs);
  CHECK(stopPs == 101000);
  CHECK(s.ticks_ == 101);  // edges 0..100
}

TEST_CASE("watchdog: the window counts from the last progress") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Spinner s(engine.watchdog(), 50);  // progress on edges 0..49, then none
  core.add(s);
  armWatchdog(engine);
  s.wake();
  sc_core::sc_start();
  CHECK(engine.watchdog().fired());
  CHECK(sc_core::sc_time_stamp().value() == 150000);  // 49 + 100, then the next edge
  CHECK(s.ticks_ == 150);
}

TEST_CASE("watchdog: the report holds every registered block's waits") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Spinner s(engine.watchdog(), 0);
  core.add(s);
  engine.watchdog().add(s);
  armWatchdog(engine);
  s.wake();
  sc_core::sc_start();
  REQUIRE(engine.watchdog().fired());
  CHECK(engine.watchdog().windowText() == "100 cycles");
  const std::string report = engine.watchdog().report("nothing moved");
  CHECK(report ==
        "warpsim: no progress: nothing moved\n"
        "--- who waits on what ---\n"
        "spinner: waits on a flag nobody sets\n"
        "--- end of dump ---\n");
}

TEST_CASE("watchdog: a block making progress every cycle never fires it") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Spinner s(engine.watchdog(), -1);
  core.add(s);
  engine.watchdog().add(s);
  armWatchdog(engine);
  engine.setCycleLimit(core, 3 * kWindowCycles);  // three windows long
  s.wake();
  sc_core::sc_start();
  CHECK_FALSE(engine.watchdog().fired());
  CHECK(engine.cycleLimitReached());
  CHECK(s.ticks_ == 3 * kWindowCycles);
}

TEST_CASE("watchdog: a zero window disables it") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  Spinner s(engine.watchdog(), 0);
  core.add(s);
  engine.watchdog().setWindow(0, "off");
  engine.setCycleLimit(core, 1000);
  s.wake();
  sc_core::sc_start();
  CHECK_FALSE(engine.watchdog().fired());
  CHECK(engine.cycleLimitReached());
  CHECK(s.ticks_ == 1000);
}
