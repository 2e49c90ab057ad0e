// One conformance suite for every memory-side block (doc/architecture.md section 3): seeded
// random loads and stores from scripted initiators through the block, over memories that
// take at most a few requests and withhold END_REQ beyond (backpressure). For each block:
// every request gets exactly one response, on its own payload with its id, tag, address and
// size intact; no initiator and no memory sees a second BEGIN_REQ before END_REQ (the base
// protocol); every pool is empty at the end. One TEST_CASE per block: SystemC elaborates once
// per process.
#include <catch2/catch.hpp>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../cache/CacheTestSupport.h"
#include "warpsim/bridge/BlockingBridge.h"
#include "warpsim/dram/FixedLatencyDram.h"
#include "warpsim/dram/GddrController.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/noc/Crossbar.h"
#include "warpsim/noc/Mesh.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr std::size_t kRequests = 300;
constexpr std::uint32_t kPartitions = 2;

// Bursts of loads and stores from SM `sm` over 32 lines spread across the partitions (256 B
// chunks), so that lines repeat and partitions and banks conflict.
std::vector<Send> randomScript(std::uint32_t seed, std::uint32_t sm = 0) {
  return burstScript(seed, kRequests, 5, [sm](Send& s, auto& next) {
    s.addr = Addr{next() % 32} * 128;
    s.kind = next() % 4 == 0 ? ReqKind::Store : ReqKind::Load;
    s.warp = next() % 8;
    s.sm = sm;
  });
}

// Initiators on one clock, each with its own pool and script.
struct Initiators {
  std::vector<std::unique_ptr<PayloadPool>> pools;
  std::vector<std::unique_ptr<ScriptedInitiator>> all;
  Initiators(ClockDomain& clock, std::uint32_t n) {
    for (std::uint32_t i = 0; i < n; ++i) {
      pools.push_back(std::make_unique<PayloadPool>());
      all.push_back(
          std::make_unique<ScriptedInitiator>(("cpu" + std::to_string(i)).c_str(), *pools.back()));
      clock.add(*all.back());
    }
  }
  void start(std::uint32_t seed) {
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i]->start(randomScript(seed + i, i));
  }
};

// Memories below the block, one per partition, taking `capacity` requests at once.
struct Memories {
  std::vector<std::unique_ptr<MemoryTarget>> all;
  Memories(ClockDomain& clock, std::uint32_t n, std::size_t capacity) {
    for (std::uint32_t i = 0; i < n; ++i) {
      all.push_back(
          std::make_unique<MemoryTarget>(("mem" + std::to_string(i)).c_str(), 9, capacity));
      clock.add(*all.back());
    }
  }
  std::size_t arrivals() const {
    std::size_t n = 0;
    for (const auto& m : all) n += m->arrivals.size();
    return n;
  }
  int violations() const {
    int n = 0;
    for (const auto& m : all) n += m->violations;
    return n;
  }
};

// Every request answered once, intact; the initiators' pools empty; and some request was held
// back (END_REQ withheld) somewhere, or the test would not exercise backpressure.
void checkInitiators(const Initiators& in) {
  std::size_t held = 0;
  for (std::size_t i = 0; i < in.all.size(); ++i) {
    const ScriptedInitiator& cpu = *in.all[i];
    REQUIRE(cpu.records.size() == kRequests);
    for (std::size_t k = 0; k < kRequests; ++k) {
      INFO("initiator " << i << ", request " << k);
      const Record& r = cpu.records[k];
      REQUIRE(r.responses == 1);
      CHECK(r.intact);
      CHECK(r.endReq <= r.resp);
      if (r.status == tlm::TLM_ACCEPTED) ++held;
    }
    CHECK(in.pools[i]->inUse() == 0);
  }
  CHECK(held > 0);
}

// smallCache() with slower hits and fewer merges and miss-queue slots, so that every
// reservation fails now and then.
CacheParams conformanceCache(WritePolicy w, AllocatePolicy a) {
  CacheParams p = smallCache();
  p.hitLatency = 3;
  p.mshrMerges = 2;
  p.missQueue = 2;
  p.writePolicy = w;
  p.allocate = a;
  return p;
}

// A cache (an L1 or an L2 slice) between one initiator and one memory.
void cacheConformance(const CacheParams& params) {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("core", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  Initiators in(clock, 1);
  Cache cache("cache", params, pool, engine.watchdog(), stats);
  clock.add(cache);
  Memories mem(clock, 1, 2);
  in.all[0]->socket.bind(cache.upstream);
  cache.downstream.bind(mem.all[0]->socket);
  in.start(11);
  sc_core::sc_start();
  checkInitiators(in);
  CHECK(mem.violations() == 0);
  CHECK(pool.inUse() == 0);
  CHECK(cache.mshrs().inUse() == 0);
  CHECK(cache.stats().accesses.value() == kRequests);
  CHECK(cache.stats().upstreamStallCycles.value() > 0);  // the cache held its sender back
}

// A network between two SMs and two partitions: what leaves is what entered.
template <typename Network, typename Build>
void networkConformance(Build build) {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("icnt", 1000.0);
  StatsRegistry stats;
  AddressMap map{AddressMapParams{kPartitions, 256}};
  Initiators in(clock, 2);
  std::unique_ptr<Network> net = build(map, engine, stats, clock);
  for (auto& cpu : in.all) cpu->socket.bind(net->smSide);
  Memories mem(clock, kPartitions, 1);
  for (auto& m : mem.all) net->memSide.bind(m->socket);
  in.start(21);
  sc_core::sc_start();
  checkInitiators(in);
  CHECK(mem.violations() == 0);
  CHECK(mem.arrivals() == 2 * kRequests);
  for (std::uint32_t p = 0; p < kPartitions; ++p)
    for (const auto& a : mem.all[p]->arrivals) CHECK(map.partitionOf(a.addr).value() == p);
}

// A DRAM channel as the target of two initiators (its multi-port socket).
template <typename Channel>
void channelConformance(Channel& dram, ClockEngine& engine, ClockDomain& clock,
                        std::uint32_t seed) {
  Initiators in(clock, 2);
  for (auto& cpu : in.all) cpu->socket.bind(dram.socket);
  clock.add(dram);
  in.start(seed);
  sc_core::sc_start();
  (void)engine;
  checkInitiators(in);
}

}  // namespace

TEST_CASE("conformance: an L1 (write-evict, allocate on miss)") {
  cacheConformance(conformanceCache(WritePolicy::WriteEvict, AllocatePolicy::OnMiss));
}

TEST_CASE("conformance: an L2 slice (write-back, allocate on fill)") {
  cacheConformance(conformanceCache(WritePolicy::WriteBack, AllocatePolicy::OnFill));
}

TEST_CASE("conformance: the crossbar") {
  networkConformance<Crossbar>(
      [](const AddressMap& map, ClockEngine& engine, StatsRegistry& stats, ClockDomain& clock) {
        CrossbarParams p;
        p.inputBuffer = 2;
        auto x = std::make_unique<Crossbar>("icnt", p, map, 2, engine.watchdog(), stats);
        clock.add(*x);
        return x;
      });
}

TEST_CASE("conformance: the mesh") {
  networkConformance<Mesh>(
      [](const AddressMap& map, ClockEngine& engine, StatsRegistry& stats, ClockDomain& clock) {
        MeshParams p;  // P0 S0 / S1 P1
        p.cols = 2;
        p.rows = 2;
        p.inputBuffer = 2;
        p.place(2, kPartitions, "0,3", "1,2");
        auto m = std::make_unique<Mesh>("icnt", p, map, 2, engine.watchdog(), stats, 1);
        m->attach(clock, engine.watchdog());
        return m;
      });
}

TEST_CASE("conformance: a GDDR channel") {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{AddressMapParams{1, 256, 4, 2048}};
  GddrParams p;
  p.queue = 4;
  GddrController dram("dram", p, map, PartitionId{0}, pool, engine.watchdog(), stats);
  channelConformance(dram, engine, clock, 31);
  CHECK(pool.inUse() == 0);
}

TEST_CASE("conformance: a fixed-latency DRAM") {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);
  StatsRegistry stats;
  FixedDramParams p;
  p.latency = 20;
  p.queue = 3;
  FixedLatencyDram dram("dram", p, engine.watchdog(), stats);
  channelConformance(dram, engine, clock, 41);
}

namespace {
struct WaitingMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<WaitingMemory> socket{"socket"};
  explicit WaitingMemory(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    socket.register_b_transport(this, &WaitingMemory::access);
  }
  void access(tlm::tlm_generic_payload& p, sc_core::sc_time&) {
    sc_core::wait(7, sc_core::SC_NS);
    if (p.is_read() && p.get_data_ptr()) std::memset(p.get_data_ptr(), 0, p.get_data_length());
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};
}  // namespace

TEST_CASE("conformance: the blocking bridge to a b_transport memory") {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("core", 1000.0);
  StatsRegistry stats;
  Initiators in(clock, 1);
  BlockingBridge bridge("bridge", 2, engine, stats);
  WaitingMemory memory("memory");
  in.all[0]->socket.bind(bridge.upstream);
  bridge.downstream.bind(memory.socket);
  in.start(51);
  sc_core::sc_start();
  checkInitiators(in);
  CHECK(bridge.pending() == 0);
}
