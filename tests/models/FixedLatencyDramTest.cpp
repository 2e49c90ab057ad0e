// Conformance of the fixed-latency DRAM channel as a TLM-2.0 target (doc/architecture.md):
// every request gets exactly one BEGIN_RESP, after exactly dram.latency cycles, in order, at
// most dram.per_cycle per cycle; a full queue withholds END_REQ; nothing leaks.
#include <catch2/catch.hpp>

#include <map>

#include "ModelTestSupport.h"
#include "warpsim/dram/FixedLatencyDram.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

struct Bench {
  ClockEngine engine{"engine"};
  ClockDomain& dramClock = engine.addDomain("dram", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  FixedLatencyDram dram;
  ScriptedInitiator cpu{"cpu", pool};

  explicit Bench(const FixedDramParams& p) : dram("dram", p, engine.watchdog(), stats) {
    dramClock.add(dram);
    dramClock.add(cpu);
    cpu.socket.bind(dram.socket);
  }
};

FixedDramParams params(std::uint32_t latency, std::uint32_t queue, std::uint32_t perCycle) {
  FixedDramParams p;
  p.latency = latency;
  p.queue = queue;
  p.perCycle = perCycle;
  return p;
}

}  // namespace

TEST_CASE("fixed dram: each request is answered once, exactly dram.latency cycles after arrival") {
  Bench b(params(20, 32, 1));
  b.cpu.start({{0, 0x000}, {1, 0x080}, {2, 0x100, true}, {5, 0x180}});
  sc_core::sc_start();
  const std::vector<Cycle> sent{0, 1, 2, 5};
  for (std::size_t i = 0; i < sent.size(); ++i) {
    INFO("request " << i);
    const Record& r = b.cpu.records[i];
    CHECK(r.sent == sent[i]);
    CHECK(r.status == tlm::TLM_UPDATED);
    CHECK(r.phaseAfter == tlm::END_REQ);
    CHECK(r.endReq == sent[i]);
    CHECK(r.responses == 1);
    CHECK(r.resp == sent[i] + 20);
    CHECK(r.respStatus == tlm::TLM_OK_RESPONSE);
  }
  CHECK(b.cpu.responseOrder == std::vector<std::uint64_t>{0, 1, 2, 3});
  const nlohmann::json s = b.stats.tree()["dram"];
  CHECK(s["reads"] == 3);
  CHECK(s["writes"] == 1);
  CHECK(s["bytes"] == 4 * 128);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("fixed dram: requests arriving together leave one per cycle, in arrival order") {
  Bench b(params(20, 32, 1));
  b.cpu.start({{0, 0x000}, {0, 0x080}, {0, 0x100}, {0, 0x180}});
  sc_core::sc_start();
  std::vector<Cycle> resp;
  for (const Record& r : b.cpu.records) resp.push_back(r.resp);
  CHECK(resp == std::vector<Cycle>{20, 21, 22, 23});
  CHECK(b.cpu.responseOrder == std::vector<std::uint64_t>{0, 1, 2, 3});
}

TEST_CASE("fixed dram: dram.per_cycle responses per cycle at most") {
  Bench b(params(20, 32, 2));
  b.cpu.start({{0, 0x000}, {0, 0x080}, {0, 0x100}, {0, 0x180}, {0, 0x200}});
  sc_core::sc_start();
  std::vector<Cycle> resp;
  for (const Record& r : b.cpu.records) resp.push_back(r.resp);
  CHECK(resp == std::vector<Cycle>{20, 20, 21, 21, 22});
}

TEST_CASE("fixed dram: a full queue withholds END_REQ and sends it when room frees") {
  Bench b(params(10, 2, 1));
  b.cpu.start({{0, 0x000}, {0, 0x080}, {0, 0x100}});
  sc_core::sc_start();
  const Record& third = b.cpu.records[2];
  CHECK(b.cpu.records[0].status == tlm::TLM_UPDATED);
  CHECK(b.cpu.records[1].status == tlm::TLM_UPDATED);
  CHECK(third.status == tlm::TLM_ACCEPTED);
  CHECK(third.phaseAfter == tlm::BEGIN_REQ);
  // The first response at cycle 10 frees a place: the held request is taken (END_REQ through
  // nb_transport_bw) in that cycle and answered dram.latency cycles later.
  CHECK(third.endReq == 10);
  CHECK(third.resp == 20);
  CHECK(b.cpu.records[0].resp == 10);
  CHECK(b.cpu.records[1].resp == 11);
  for (const Record& r : b.cpu.records) CHECK(r.responses == 1);
  CHECK(b.cpu.responseOrder == std::vector<std::uint64_t>{0, 1, 2});
  // Full from cycle 0 (two accepted) to 10, and again from 10 (the held one taken) to 11.
  CHECK(b.stats.tree()["dram"]["queue_full_cycles"] == 11);
}

TEST_CASE("fixed dram: conformance under back-pressure: one response each, in order, no leaks") {
  constexpr std::uint32_t kLatency = 7, kQueue = 3;
  Bench b(params(kLatency, kQueue, 1));
  std::vector<Send> script;
  std::uint32_t lcg = 12345;  // seeded: a burst pattern that overflows the queue now and then
  Cycle at = 0;
  for (int i = 0; i < 60; ++i) {
    lcg = lcg * 1103515245u + 12345u;
    at += (lcg >> 16) % 3 == 0 ? 2 : 0;
    script.push_back(Send{at, Addr(i) * 128, (lcg >> 20) % 4 == 0});
  }
  b.cpu.start(script);
  sc_core::sc_start();
  std::map<Cycle, int> perCycle;
  Cycle lastResp = 0;
  std::size_t withheld = 0;
  for (std::size_t i = 0; i < script.size(); ++i) {
    INFO("request " << i);
    const Record& r = b.cpu.records[i];
    REQUIRE(r.responses == 1);
    CHECK(r.resp >= r.endReq + kLatency);
    CHECK(r.resp >= lastResp);
    lastResp = r.resp;
    ++perCycle[r.resp];
    if (r.status == tlm::TLM_ACCEPTED) ++withheld;
  }
  for (const auto& [cycle, n] : perCycle) CHECK(n == 1);
  CHECK(withheld > 0);  // the pattern did hit a full queue
  CHECK(b.cpu.responseOrder.size() == script.size());
  for (std::size_t i = 0; i < script.size(); ++i) CHECK(b.cpu.responseOrder[i] == i);
  CHECK(b.pool.inUse() == 0);
  CHECK(b.pool.allocated() <= kQueue + 1);  // at most a full queue plus the held request
}
