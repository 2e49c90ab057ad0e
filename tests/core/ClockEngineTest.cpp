#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "warpsim/core/ClockEngine.h"

using namespace warpsim;

namespace {

// A block that works for `busyTicks` edges after each wake and logs (name, cycle) per tick.
class Worker : public Clocked {
 public:
  Worker(std::string name, std::vector<std::string>& log) : name_(std::move(name)), log_(log) {}
  void give(int ticks) {
    busy_ += ticks;
    wake();
  }
  bool tick() override {
    ++ticks_;
    log_.push_back(name_ + "@" + std::to_string(now()));
    return --busy_ > 0;
  }
  int ticks_ = 0;
  int busy_ = 0;

 private:
  std::string name_;
  std::vector<std::string>& log_;
};

}  // namespace

TEST_CASE("an idle domain costs no ticks and cycles still advance across the gap") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);  // 1 ns period
  std::vector<std::string> log;
  Worker w("w", log);
  core.add(w);
  w.give(2);
  w.wakeAt(1000000);  // a scheduled wake-up one million cycles later
  sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_MS));
  // Two busy ticks, then the scheduled one: three ticks in all over a million cycles.
  CHECK(w.ticks_ == 3);
  REQUIRE(log.size() == 3);
  CHECK(log[0] == "w@0");
  CHECK(log[1] == "w@1");
  CHECK(log[2] == "w@1000000");
  CHECK(engine.iterations() == 3);
}

TEST_CASE("blocks tick in domain order, then registration order, at coinciding edges") {
  ClockEngine engine("engine");
  ClockDomain& fast = engine.addDomain("fast", 2000.0);  // 0.5 ns
  ClockDomain& slow = engine.addDomain("slow", 1000.0);  // 1 ns
  std::vector<std::string> log;
  Worker a("a", log), b("b", log), s("s", log);
  fast.add(b);  // b registered first: ticks before a
  fast.add(a);
  slow.add(s);
  a.give(4);
  s.give(2);
  b.give(4);
  sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_NS));
  const std::vector<std::string> expected{"b@0", "a@0", "s@0", "b@1", "a@1",
                                          "b@2", "a@2", "s@1", "b@3", "a@3"};
  CHECK(log == expected);
}

TEST_CASE("a sleeping block is woken by traffic from another block and ticks next edge") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  std::vector<std::string> log;
  Worker receiver("rx", log);
  struct Sender : Clocked {
    Worker& rx;
    explicit Sender(Worker& r) : rx(r) {}
    bool tick() override {
      if (now() == 5) {
        rx.give(1);
        return false;
      }
      return true;
    }
  } sender(receiver);
  core.add(receiver);
  core.add(sender);
  sender.wake();
  sc_core::sc_start(sc_core::sc_time(100, sc_core::SC_NS));
  REQUIRE(log.size() == 1);
  CHECK(log[0] == "rx@6");
  CHECK(core.ticksExecuted() == 7);  // sender: cycles 0..5, receiver: cycle 6
}

TEST_CASE("work handed over for a later cycle wakes the block for that cycle, not before") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  std::vector<std::string> log;
  Worker early("early", log), late("late", log);  // registered before and after the sender
  struct Sender : Clocked {
    Worker &early, &late;
    Sender(Worker& e, Worker& l) : early(e), late(l) {}
    bool tick() override {
      if (now() == 5) {
        early.busy_ = late.busy_ = 1;
        CHECK(early.wakeIn(3) == 5);  // visible at 8: cycles 6 and 7 are not ticked
        // Visible at 6, the next edge: as wake(), so late, ahead of the sender, ticks in
        // this edge already (a scheduled wake-up would cost more than that tick).
        CHECK(late.wakeIn(1) == 5);
      }
      if (now() == 10) {
        early.busy_ = 1;
        early.wakeIn(0);  // usable now, but early's turn in this edge has passed: next edge
      }
      return now() < 10;
    }
  } sender(early, late);
  core.add(early);
  core.add(sender);
  core.add(late);
  sender.wake();
  sc_core::sc_start(sc_core::sc_time(100, sc_core::SC_NS));
  const std::vector<std::string> expected{"late@5", "early@8", "early@11"};
  CHECK(log == expected);
  CHECK(core.ticksExecuted() == 11 + 3);  // sender: cycles 0..10; the others: one tick each
}

TEST_CASE("a process outside the engine wakes a sleeping engine") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  std::vector<std::string> log;
  Worker w("w", log);
  core.add(w);
  struct Foreign : sc_core::sc_module {
    Worker& w;
    Foreign(sc_core::sc_module_name n, Worker& target) : sc_module(n), w(target) {
      SC_HAS_PROCESS(Foreign);
      SC_THREAD(run);
    }
    void run() {
      wait(sc_core::sc_time(7500, sc_core::SC_PS));
      w.give(1);
    }
  } foreign("foreign", w);
  sc_core::sc_start(sc_core::sc_time(100, sc_core::SC_NS));
  REQUIRE(log.size() == 1);
  CHECK(log[0] == "w@8");  // the first edge at or after 7.5 ns
  CHECK(engine.iterations() == 1);
}

TEST_CASE("the cycle limit stops the simulation before the limit edge") {
  ClockEngine engine("engine");
  ClockDomain& core = engine.addDomain("core", 1000.0);
  std::vector<std::string> log;
  Worker w("w", log);
  core.add(w);
  engine.setCycleLimit(core, 10);
  w.give(1000);
  sc_core::sc_start();
  CHECK(engine.cycleLimitReached());
  CHECK(w.ticks_ == 10);
}
