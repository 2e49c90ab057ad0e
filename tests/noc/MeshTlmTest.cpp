// The mesh on the crossbar's sockets: requests routed to their partition's node, responses back
// to the SM named in the request, exact times, and END_REQ withheld while an SM port's injection
// queue is full.
#include <catch2/catch.hpp>

#include <memory>

#include "../models/ModelTestSupport.h"
#include "warpsim/noc/Mesh.h"
#include "warpsim/stats/StatsRegistry.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr std::uint32_t kSms = 2, kPartitions = 4;
constexpr Cycle kRespondAfter = 5;

// A 3x2 mesh: partitions 0..3 at nodes 0, 2, 3, 5; SM 0 at node 1, SM 1 at node 4:
//   P0 S0 P1
//   P2 S1 P3
MeshParams benchParams(std::uint32_t inputBuffer = 8) {
  MeshParams p;
  p.cols = 3;
  p.rows = 2;
  p.inputBuffer = inputBuffer;
  p.place(kSms, kPartitions, "0,2,3,5", "");
  return p;
}

struct Bench {
  ClockEngine engine{"engine"};
  ClockDomain& icnt = engine.addDomain("icnt", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{AddressMapParams{kPartitions, 256}};
  Mesh mesh;
  std::vector<std::unique_ptr<DelayTarget>> parts;
  std::vector<std::unique_ptr<ScriptedInitiator>> sms;

  explicit Bench(const MeshParams& params = benchParams())
      : mesh("icnt", params, map, kSms, engine.watchdog(), stats, 1) {
    for (std::uint32_t s = 0; s < kSms; ++s) {
      sms.push_back(std::make_unique<ScriptedInitiator>(("sm" + std::to_string(s)).c_str(), pool));
      icnt.add(*sms.back());
      sms.back()->socket.bind(mesh.smSide);
    }
    mesh.attach(icnt, engine.watchdog());
    for (std::uint32_t p = 0; p < kPartitions; ++p) {
      parts.push_back(
          std::make_unique<DelayTarget>(("part" + std::to_string(p)).c_str(), kRespondAfter));
      icnt.add(*parts.back());
      mesh.memSide.bind(parts.back()->socket);
    }
  }
};

}  // namespace

TEST_CASE("mesh (TLM): a read crosses one hop each way in exact time") {
  Bench b;
  b.sms[0]->start({{3, 0x100}});  // partition 1, node 2: one hop east of SM 0
  sc_core::sc_start();
  REQUIRE(b.parts[1]->arrivals.size() == 1);
  // Request: 1 flit, 1 hop: 2 x (1 + 2) + 1 + 1 = 8 cycles, as the crossbar's default.
  CHECK(b.parts[1]->arrivals[0].at == 3 + 8);
  const Record& r = b.sms[0]->records[0];
  CHECK(r.endReq == 3);
  // Response: 8 B header + 128 B line = 5 flits: 2 x 3 + 1 + 5 = 12 cycles.
  CHECK(r.resp == 3 + 8 + kRespondAfter + 12);
  CHECK(r.responses == 1);
  const auto t = b.stats.tree()["icnt"];
  CHECK(t["request_flits"] == 1);
  CHECK(t["response_flits"] == 5);
  CHECK(t["links"]["n1_east"]["flits"] == 1);
  CHECK(t["links"]["n2_west"]["flits"] == 5);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("mesh (TLM): requests reach their partitions and responses their own SM") {
  Bench b;
  b.sms[0]->start({{0, 0x000}, {0, 0x100}, {0, 0x200, true}, {0, 0x300}});
  b.sms[1]->start({{0, 0x400, false, 1}, {0, 0x500, true, 1}});
  sc_core::sc_start();
  CHECK(b.parts[0]->arrivals.size() == 2);
  CHECK(b.parts[1]->arrivals.size() == 2);
  CHECK(b.parts[2]->arrivals.size() == 1);
  CHECK(b.parts[3]->arrivals.size() == 1);
  for (const auto& sm : b.sms) {
    for (const Record& r : sm->records) CHECK(r.responses == 1);
    CHECK(sm->foreign.empty());
  }
  const auto t = b.stats.tree()["icnt"];
  CHECK(t["request_packets"] == 6);
  CHECK(t["response_packets"] == 6);
  CHECK(t["request_flits"] == 4 + 5 + 5);   // reads 1 flit, writes 5
  CHECK(t["response_flits"] == 4 * 5 + 2);  // read data 5 flits, write acks 1
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("mesh (TLM): a full injection queue withholds END_REQ until a packet leaves it") {
  Bench b(benchParams(2));
  b.sms[0]->start({{0, 0x000}, {0, 0x100}, {0, 0x200}, {0, 0x300}});
  sc_core::sc_start();
  const auto& rec = b.sms[0]->records;
  CHECK(rec[0].status == tlm::TLM_UPDATED);
  CHECK(rec[1].status == tlm::TLM_UPDATED);
  CHECK(rec[2].status == tlm::TLM_ACCEPTED);  // queue full: held, END_REQ withheld
  // The interface sends one flit per cycle from cycle 1: request 0 leaves at 1 and takes
  // request 2 in; request 3 is then held until request 1 leaves at 2.
  CHECK(rec[2].endReq == 1);
  CHECK(rec[3].status == tlm::TLM_ACCEPTED);
  CHECK(rec[3].endReq == 2);
  for (const Record& r : rec) CHECK(r.responses == 1);
  CHECK(b.stats.tree()["icnt"]["injection_stalls"] == 2);
  CHECK(b.pool.inUse() == 0);
}
