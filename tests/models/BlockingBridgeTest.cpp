// The bridge to a blocking b_transport target: requests are served one at a time in arrival
// order, the target's wait() never stalls the clock engine, and a full bridge withholds END_REQ.
#include <catch2/catch.hpp>

#include <cstring>

#include "ModelTestSupport.h"
#include "warpsim/bridge/BlockingBridge.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// A third-party-style memory: plain simple_target_socket, b_transport only, 10 ns per access
// spent in wait(); reads return the address's low byte in every data byte.
struct WaitingMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<WaitingMemory> socket{"socket"};
  std::vector<double> startsNs;
  explicit WaitingMemory(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    socket.register_b_transport(this, &WaitingMemory::access);
  }
  void access(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    startsNs.push_back(sc_core::sc_time_stamp().to_seconds() * 1e9);
    sc_core::wait(10, sc_core::SC_NS);
    if (p.is_read())
      std::memset(p.get_data_ptr(), int(p.get_address() & 0xff), p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Ticks every cycle for `cycles` cycles: shows the engine keeps going while the target waits.
struct Ticker : Clocked {
  std::uint64_t ticks = 0, cycles = 0;
  bool tick() override { return ++ticks < cycles; }
};

// An L2-like initiator, a bridge of capacity 2 and the memory behind it, on 1 ns cycles, with a
// ticker that keeps the engine busy for `tickerCycles`.
struct Bench {
  ClockEngine engine{"engine"};
  ClockDomain& clk = engine.addDomain("core", 1000.0);  // 1 ns cycles
  StatsRegistry stats;
  PayloadPool pool;
  ScriptedInitiator l2{"l2", pool};
  BlockingBridge bridge{"bridge", 2, engine, stats};
  WaitingMemory memory{"memory"};
  Ticker ticker;

  explicit Bench(std::uint64_t tickerCycles) {
    ticker.cycles = tickerCycles;
    l2.socket.bind(bridge.upstream);
    bridge.downstream.bind(memory.socket);
    clk.add(l2);
    clk.add(ticker);
    ticker.wake();
  }
};

}  // namespace

TEST_CASE("bridge: a b_transport target that waits serves requests in order, never stalling") {
  Bench b(45);
  const WaitingMemory& memory = b.memory;
  ScriptedInitiator& l2 = b.l2;
  const StatsRegistry& stats = b.stats;
  l2.start({{0, 0x100}, {0, 0x200}, {0, 0x300}});
  sc_core::sc_start();

  // One at a time, 10 ns each, in arrival order; all three answered exactly once.
  CHECK(memory.startsNs == std::vector<double>{0, 10, 20});
  CHECK(l2.responseOrder == std::vector<std::uint64_t>{0, 1, 2});
  for (const Record& r : l2.records) CHECK(r.responses == 1);
  // Capacity 2: the third request waited for END_REQ until the first was answered.
  CHECK(l2.records[0].status == tlm::TLM_UPDATED);
  CHECK(l2.records[1].status == tlm::TLM_UPDATED);
  CHECK(l2.records[2].status == tlm::TLM_ACCEPTED);
  // The clock engine ticked all 45 cycles while the target spent 30 ns in wait().
  CHECK(b.ticker.ticks == 45);
  CHECK(stats.tree()["bridge"]["reads"] == 3);
  CHECK(stats.tree()["bridge"]["target_busy_ps"] == 30000);
}

// With nothing else due, the engine runs ahead of SystemC's time (up to its quantum, 1 us): a
// request sent at engine cycle 500 must still reach the target at 500 ns, not in SystemC's past
// (without the bridge's wait for the engine's time it started at 1 ns).
TEST_CASE("bridge: a request sent while the engine runs ahead reaches the target at its time") {
  Bench b(600);  // the ticker keeps the engine busy past 500 ns, with no SystemC process due
  const WaitingMemory& memory = b.memory;
  ScriptedInitiator& l2 = b.l2;
  const StatsRegistry& stats = b.stats;
  l2.start({{500, 0x100}});
  sc_core::sc_start();
  REQUIRE(memory.startsNs.size() == 1);
  CHECK(memory.startsNs[0] == Approx(500));
  CHECK(l2.records[0].sent == 500);
  CHECK(l2.records[0].responses == 1);
  CHECK(stats.tree()["bridge"]["target_busy_ps"] == 10000);
}
