// The crossbar's timing rules, one per test: routing by the address map, traversal latency,
// one packet per flit-time on each port, responses returned to the SM named in the request.
#include <catch2/catch.hpp>

#include <memory>

#include "ModelTestSupport.h"
#include "warpsim/noc/Crossbar.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr std::uint32_t kSms = 2, kPartitions = 4;
constexpr Cycle kRespondAfter = 5;

// Two SM-side initiators and four partitions answering after kRespondAfter cycles, all on one
// 1 GHz clock with the crossbar; crossbar defaults: latency 8, 32 B flits, 8 B headers.
struct Bench {
  ClockEngine engine{"engine"};
  ClockDomain& icnt = engine.addDomain("icnt", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{AddressMapParams{kPartitions, 256}};
  Crossbar xbar;
  std::vector<std::unique_ptr<DelayTarget>> parts;
  std::vector<std::unique_ptr<ScriptedInitiator>> sms;

  explicit Bench(const CrossbarParams& params = CrossbarParams{})
      : xbar("icnt", params, map, kSms, engine.watchdog(), stats) {
    icnt.add(xbar);
    for (std::uint32_t p = 0; p < kPartitions; ++p) {
      parts.push_back(
          std::make_unique<DelayTarget>(("part" + std::to_string(p)).c_str(), kRespondAfter));
      icnt.add(*parts.back());
      xbar.memSide.bind(parts.back()->socket);
    }
    for (std::uint32_t s = 0; s < kSms; ++s) {
      sms.push_back(std::make_unique<ScriptedInitiator>(("sm" + std::to_string(s)).c_str(), pool));
      icnt.add(*sms.back());
      sms.back()->socket.bind(xbar.smSide);
    }
  }
};

std::vector<Addr> addressesAt(const DelayTarget& t) {
  std::vector<Addr> out;
  for (const auto& a : t.arrivals) out.push_back(a.addr);
  return out;
}

}  // namespace

TEST_CASE("crossbar: a request goes to partition (addr / chunk) % partitions") {
  Bench b;
  b.sms[0]->start({{0, 0x000},
                   {0, 0x100},
                   {0, 0x200},
                   {0, 0x300},
                   {0, 0x400},
                   {0, 0x5f0},
                   {0, 0x10000 + 0x2ff}});
  sc_core::sc_start();
  CHECK(addressesAt(*b.parts[0]) == std::vector<Addr>{0x000, 0x400});
  CHECK(addressesAt(*b.parts[1]) == std::vector<Addr>{0x100, 0x5f0});
  CHECK(addressesAt(*b.parts[2]) == std::vector<Addr>{0x200, 0x10000 + 0x2ff});
  CHECK(addressesAt(*b.parts[3]) == std::vector<Addr>{0x300});
  for (const Record& r : b.sms[0]->records) CHECK(r.responses == 1);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("crossbar: one request crosses in icnt.latency cycles each way") {
  Bench b;
  b.sms[0]->start({{3, 0x100}});
  sc_core::sc_start();
  REQUIRE(b.parts[1]->arrivals.size() == 1);
  CHECK(b.parts[1]->arrivals[0].at == 3 + 8);
  const Record& r = b.sms[0]->records[0];
  CHECK(r.endReq == 3);  // taken into the input buffer at once
  CHECK(r.resp == 3 + 8 + kRespondAfter + 8);
  CHECK(r.responses == 1);
}

TEST_CASE("crossbar: a 128 B write holds its partition port for 5 flit-times") {
  Bench b;
  // Both SMs write a line to partition 0 in the same cycle: 8 B header + 128 B = 5 flits.
  b.sms[0]->start({{0, 0x000, true}});
  b.sms[1]->start({{0, 0x400, true}});
  sc_core::sc_start();
  const auto& a = b.parts[0]->arrivals;
  REQUIRE(a.size() == 2);
  CHECK(a[0].at == 8);  // port 0 wins at cycle 8 (arbitration starts at cycle % ports)
  CHECK(a[0].addr == 0x000);
  CHECK(a[1].at == 8 + 5);
  CHECK(a[1].addr == 0x400);
  CHECK(b.stats.tree()["icnt"]["request_flits"] == 10);
  CHECK(b.stats.tree()["icnt"]["response_flits"] == 2);  // write acks: a header each
}

TEST_CASE("crossbar: a read request is one flit and frees its port the next cycle") {
  Bench b;
  b.sms[0]->start({{0, 0x000}});
  b.sms[1]->start({{0, 0x400}});
  sc_core::sc_start();
  const auto& a = b.parts[0]->arrivals;
  REQUIRE(a.size() == 2);
  CHECK(a[0].at == 8);
  CHECK(a[1].at == 9);
  CHECK(b.stats.tree()["icnt"]["request_flits"] == 2);
}

TEST_CASE("crossbar: read responses carrying a line hold the SM port for 5 flit-times") {
  Bench b;
  b.sms[0]->start({{0, 0x000}, {0, 0x100}});  // partitions 0 and 1
  sc_core::sc_start();
  const Record& r0 = b.sms[0]->records[0];
  const Record& r1 = b.sms[0]->records[1];
  // An SM port forwards one request per cycle: the second leaves a cycle after the first.
  CHECK(b.parts[0]->arrivals.at(0).at == 8);
  CHECK(b.parts[1]->arrivals.at(0).at == 9);
  // Back at the SM port at 21 and 22; the first (8 B header + 128 B = 5 flits) holds the port
  // until 26.
  CHECK(r0.resp == 8 + kRespondAfter + 8);
  CHECK(r1.resp == 8 + kRespondAfter + 8 + 5);
  CHECK(b.stats.tree()["icnt"]["response_flits"] == 10);
}

TEST_CASE("crossbar: each response returns to its own SM's port") {
  Bench b;
  b.sms[0]->start({{0, 0x000, false, 0}});
  b.sms[1]->start({{0, 0x100, false, 1}});
  sc_core::sc_start();
  CHECK(b.sms[0]->records[0].responses == 1);
  CHECK(b.sms[1]->records[0].responses == 1);
  CHECK(b.sms[0]->foreign.empty());
  CHECK(b.sms[1]->foreign.empty());
}

TEST_CASE("crossbar: the response port is the one GpuRequest::sm names, not the arrival port") {
  Bench b;
  b.sms[0]->start({{0, 0x000, false, /*sm=*/1}});
  sc_core::sc_start();
  CHECK(b.sms[0]->records[0].responses == 0);
  REQUIRE(b.sms[1]->foreign.size() == 1);
  CHECK(b.sms[1]->foreign[0].first == 0);
  CHECK(b.sms[1]->foreign[0].second == 8 + kRespondAfter + 8);
}

TEST_CASE("crossbar: a full input buffer withholds END_REQ until a request leaves it") {
  CrossbarParams small;
  small.inputBuffer = 2;
  Bench b(small);
  b.sms[0]->start({{0, 0x000}, {0, 0x100}, {0, 0x200}, {0, 0x300}});  // partitions 0..3
  sc_core::sc_start();
  const auto& rec = b.sms[0]->records;
  CHECK(rec[0].status == tlm::TLM_UPDATED);
  CHECK(rec[1].status == tlm::TLM_UPDATED);
  CHECK(rec[2].status == tlm::TLM_ACCEPTED);  // buffer full: held, END_REQ withheld
  // Request 0 leaves at cycle 8: request 2 is taken (END_REQ) and request 3 sent and held at
  // once; request 1 leaves at 9 and takes request 3 in.
  CHECK(rec[2].endReq == 8);
  CHECK(rec[3].sent == 8);
  CHECK(rec[3].status == tlm::TLM_ACCEPTED);
  CHECK(rec[3].endReq == 9);
  CHECK(b.parts[0]->arrivals.at(0).at == 8);
  CHECK(b.parts[1]->arrivals.at(0).at == 9);
  CHECK(b.parts[2]->arrivals.at(0).at == 8 + 8);
  CHECK(b.parts[3]->arrivals.at(0).at == 9 + 8);
  for (const Record& r : rec) CHECK(r.responses == 1);
  CHECK(b.stats.tree()["icnt"]["injection_stalls"] == 2);
  CHECK(b.pool.inUse() == 0);
}
