// One conformance suite for every memory-side block (doc/architecture.md section 3): seeded
// random loads and stores from scripted initiators through the block, over memories that
// take at most a few requests and withhold END_REQ beyond (backpressure). For each block:
// every request gets exactly one response, on its own payload with its id, tag, address and
// size intact; no initiator and no memory sees a second BEGIN_REQ before END_REQ (the base
// protocol); every pool is empty at the end. One TEST_CASE per block: SystemC elaborates once
// per process (ctest runs each TEST_CASE in its own, tests/CMakeLists.txt). The host port's
// initiator is foreign IP on its own thread: it annotates delays on some BEGIN_REQs, takes some
// responses with TLM_ACCEPTED and ends them later (END_RESP), and honours the delays the port
// annotates.
#include <catch2/catch.hpp>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../cache/CacheTestSupport.h"
#include "warpsim/bridge/BlockingBridge.h"
#include "warpsim/bridge/HostPort.h"
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
// Returns how many requests were held back (END_REQ withheld).
std::size_t checkRecords(const std::vector<Record>& records, std::size_t initiator) {
  std::size_t held = 0;
  REQUIRE(records.size() == kRequests);
  for (std::size_t k = 0; k < kRequests; ++k) {
    INFO("initiator " << initiator << ", request " << k);
    const Record& r = records[k];
    REQUIRE(r.responses == 1);
    CHECK(r.intact);
    CHECK(r.endReq <= r.resp);
    if (r.status == tlm::TLM_ACCEPTED) ++held;
  }
  return held;
}

void checkInitiators(const Initiators& in) {
  std::size_t held = 0;
  for (std::size_t i = 0; i < in.all.size(); ++i) {
    held += checkRecords(in.all[i]->records, i);
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

namespace {
// A foreign initiator on its own SystemC thread, speaking the full base protocol: `kRequests`
// 64-byte loads and stores (one in four) over 32 lines of both partitions, after gaps of 0 to
// 3 ns; one in four BEGIN_REQs carries an annotated delay of 1 to 3 ns; every third response is
// taken with TLM_ACCEPTED and ended (END_RESP) 2 ns after it arrives. It sends nothing while a
// request awaits END_REQ, and honours every annotated delay it is given. Times in ps.
class ProtocolHost : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<ProtocolHost> socket{"socket"};
  std::vector<Record> records;  // per request: sent, END_REQ and response times in ps
  std::size_t delayed = 0;      // BEGIN_REQs sent with an annotated delay
  std::size_t endResps = 0;     // responses taken with TLM_ACCEPTED and ended later
  int overlapped = 0;           // BEGIN_RESPs while one still awaited our END_RESP
  int strays = 0;               // END_REQs for a request that did not await one, other phases
  int impliedEndReqs = 0;       // responses to a request still awaiting END_REQ

  SC_HAS_PROCESS(ProtocolHost);
  ProtocolHost(sc_core::sc_module_name name, PayloadPool& pool, std::uint32_t seed)
      : sc_core::sc_module(name), pool_(pool), lcg_(seed) {
    socket.register_nb_transport_bw(this, &ProtocolHost::bw);
    records.assign(kRequests, Record{});
    SC_THREAD(run);
    SC_METHOD(endResponse);
    sensitive << endResp_;
    dont_initialize();
  }

 private:
  static constexpr std::uint32_t kTagBase = 0x7000;
  std::uint32_t next() {
    lcg_ = lcg_ * 1103515245u + 12345u;
    return lcg_ >> 16;
  }
  static std::uint64_t at(const sc_core::sc_time& d) {
    return (sc_core::sc_time_stamp() + d).value();
  }
  Addr addressOf(std::size_t k) const { return GpuRequest::of(*sent_[k]).lineAddr; }

  void run() {
    for (std::size_t k = 0; k < kRequests; ++k) {
      if (next() % 2 == 0) wait(sc_core::sc_time(next() % 4, sc_core::SC_NS));
      tlm::tlm_generic_payload& p = pool_.acquire();
      sent_.push_back(&p);
      GpuRequest& r = GpuRequest::of(p);
      const bool write = next() % 4 == 0;
      r.id = k;
      r.tag = kTagBase + static_cast<std::uint32_t>(k);
      r.kind = write ? ReqKind::Store : ReqKind::Load;
      r.lineAddr = Addr{next() % 32} * 64;
      p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      p.set_address(r.lineAddr);
      p.set_data_length(64);
      p.set_streaming_width(64);
      p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      if (next() % 4 == 0) {
        delay = sc_core::sc_time(1 + next() % 3, sc_core::SC_NS);
        ++delayed;
      }
      Record& rec = records[k];
      rec.sent = at(sc_core::SC_ZERO_TIME);
      awaitingEndReq_ = &p;
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      rec.status = socket->nb_transport_fw(p, phase, delay);
      if (rec.status == tlm::TLM_UPDATED && phase == tlm::END_REQ) {
        rec.endReq = at(delay);
        awaitingEndReq_ = nullptr;
      } else if (rec.status == tlm::TLM_COMPLETED) {
        awaitingEndReq_ = nullptr;
        respond(p, delay);
      }
      while (awaitingEndReq_) wait(endReq_);
      const std::uint64_t now = at(sc_core::SC_ZERO_TIME);
      if (rec.endReq > now)
        wait(sc_core::sc_time(static_cast<double>(rec.endReq - now), sc_core::SC_PS));
    }
  }

  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time& d) {
    Record& rec = records.at(GpuRequest::of(p).id);
    if (phase == tlm::END_REQ) {
      if (&p != awaitingEndReq_) ++strays;
      rec.endReq = at(d);
      awaitingEndReq_ = nullptr;
      endReq_.notify(d);
      return tlm::TLM_ACCEPTED;
    }
    if (phase != tlm::BEGIN_RESP) {
      ++strays;
      return tlm::TLM_ACCEPTED;
    }
    if (&p == awaitingEndReq_) {  // the response implies END_REQ
      ++impliedEndReqs;
      rec.endReq = at(d);
      awaitingEndReq_ = nullptr;
      endReq_.notify(d);
    }
    return respond(p, d);
  }

  tlm::tlm_sync_enum respond(tlm::tlm_generic_payload& p, const sc_core::sc_time& d) {
    const GpuRequest& r = GpuRequest::of(p);
    Record& rec = records.at(r.id);
    if (openResponse_) ++overlapped;
    if (rec.responses++ != 0) return tlm::TLM_COMPLETED;
    rec.resp = at(d);
    rec.intact = r.tag == kTagBase + r.id && p.get_address() == addressOf(r.id) &&
                 p.get_data_length() == 64 && p.get_response_status() == tlm::TLM_OK_RESPONSE;
    if (r.id % 3 == 0) {  // taken later: END_RESP 2 ns after it arrives
      openResponse_ = &p;
      endResp_.notify(d + sc_core::sc_time(2, sc_core::SC_NS));
      return tlm::TLM_ACCEPTED;
    }
    p.release();
    return tlm::TLM_COMPLETED;
  }

  void endResponse() {
    tlm::tlm_generic_payload* p = openResponse_;
    openResponse_ = nullptr;
    ++endResps;
    tlm::tlm_phase phase = tlm::END_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_fw(*p, phase, delay);  // the port may send the next one from within
    p->release();
  }

  PayloadPool& pool_;
  std::uint32_t lcg_;
  std::vector<tlm::tlm_generic_payload*> sent_;
  tlm::tlm_generic_payload* awaitingEndReq_ = nullptr;
  tlm::tlm_generic_payload* openResponse_ = nullptr;
  sc_core::sc_event endReq_, endResp_;
};
}  // namespace

// The host port in front of one memory per partition (the channels' place), each taking one
// request at a time and withholding END_REQ beyond it.
TEST_CASE("conformance: the host port") {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{AddressMapParams{kPartitions, 256}};
  HostPort port("host_port", map, engine, stats);
  ProtocolHost host("host", pool, 61);
  Memories mem(clock, kPartitions, 1);
  host.socket.bind(port.host);
  for (auto& m : mem.all) port.memory.bind(m->socket);
  sc_core::sc_start();
  checkRecords(host.records, 0);
  CHECK(pool.inUse() == 0);
  CHECK(host.delayed > 0);
  CHECK(host.endResps == (kRequests + 2) / 3);
  CHECK(host.overlapped == 0);
  CHECK(host.strays == 0);
  CHECK(host.impliedEndReqs == 0);  // the memories send END_REQ before answering: it must pass
  CHECK(port.outstanding() == 0);
  CHECK(mem.violations() == 0);
  CHECK(mem.arrivals() == kRequests);
  for (std::uint32_t p = 0; p < kPartitions; ++p)
    for (const auto& a : mem.all[p]->arrivals) CHECK(map.partitionOf(a.addr).value() == p);
  const nlohmann::json s = stats.tree()["host_port"];
  CHECK(s["requests"] == kRequests);
  CHECK(s["responses"] == kRequests);
  CHECK(s["held_back"] > 0);  // a memory withheld END_REQ from the host
}
