// The mesh's routes and zero-load timing, one packet at a time: XY hop sequences, and the exact
// latency (h + 1)(link + router) + link + flits of a packet over h hops.
#include <catch2/catch.hpp>

#include <sstream>

#include "NocTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;
using noc::kEast;
using noc::kLocal;
using noc::kNorth;
using noc::kSouth;
using noc::kWest;

namespace {
using Hops = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
}

TEST_CASE("mesh: XY routing goes along the row first, then along the column") {
  FabricBench b(meshParams(6, 6));
  b.driver.script({{0, 0, 35, 0, 1}, {100, 35, 0, 0, 1}, {200, 14, 9, 0, 1}, {300, 20, 8, 1, 3}});
  b.run(1000);
  REQUIRE(b.sink.got.size() == 4);
  CHECK(b.probe.hops[token(0)] == Hops{{0, kEast},
                                       {1, kEast},
                                       {2, kEast},
                                       {3, kEast},
                                       {4, kEast},
                                       {5, kSouth},
                                       {11, kSouth},
                                       {17, kSouth},
                                       {23, kSouth},
                                       {29, kSouth},
                                       {35, kLocal}});
  CHECK(b.probe.hops[token(1)] == Hops{{35, kWest},
                                       {34, kWest},
                                       {33, kWest},
                                       {32, kWest},
                                       {31, kWest},
                                       {30, kNorth},
                                       {24, kNorth},
                                       {18, kNorth},
                                       {12, kNorth},
                                       {6, kNorth},
                                       {0, kLocal}});
  CHECK(b.probe.hops[token(2)] == Hops{{14, kEast}, {15, kNorth}, {9, kLocal}});
  // A three-flit packet: every flit takes the head's route.
  CHECK(b.probe.hops[token(3)] == Hops{{20, kNorth},
                                       {20, kNorth},
                                       {20, kNorth},
                                       {14, kNorth},
                                       {14, kNorth},
                                       {14, kNorth},
                                       {8, kLocal},
                                       {8, kLocal},
                                       {8, kLocal}});
  CHECK(b.sink.misrouted == 0);
}

TEST_CASE("mesh: a packet over h hops takes (h+1)(link+router) + link + flits cycles") {
  // Defaults: router 2 cycles, link 1. Injected at cycle t, it may leave its interface at t + 1.
  FabricBench b(meshParams(6, 6));
  b.driver.script({{5, 0, 1, 0, 1}, {100, 0, 3, 0, 1}, {200, 0, 35, 1, 3}, {300, 35, 0, 0, 5}});
  b.run(1000);
  REQUIRE(b.sink.got.size() == 4);
  CHECK(b.sink.got[0].at == 5 + 2 * 3 + 1 + 1);     // 1 hop, 1 flit: 13
  CHECK(b.sink.got[1].at == 100 + 4 * 3 + 1 + 1);   // 3 hops: 114
  CHECK(b.sink.got[2].at == 200 + 11 * 3 + 1 + 3);  // 10 hops, 3 flits: 237
  CHECK(b.sink.got[3].at == 300 + 11 * 3 + 1 + 5);  // 10 hops, 5 flits: 339
  const noc::NocStats& s = b.fabric.stats();
  CHECK(s.latency[noc::kRequestVc].sum() == 8 + 14 + 39);
  CHECK(s.latency[noc::kResponseVc].sum() == 37);
  CHECK(s.hops.sum() == 1 + 3 + 10 + 10);
}

TEST_CASE("mesh: router and link latencies are parameters") {
  MeshParams p = meshParams(4, 4);
  p.routerLatency = 4;
  p.linkLatency = 2;
  FabricBench b(p);
  b.driver.script({{5, 0, 3, 0, 1}, {100, 15, 0, 1, 3}});
  b.run(1000);
  REQUIRE(b.sink.got.size() == 2);
  CHECK(b.sink.got[0].at == 5 + 4 * 6 + 2 + 1);    // 3 hops: 32
  CHECK(b.sink.got[1].at == 100 + 7 * 6 + 2 + 3);  // 6 hops, 3 flits: 147
}

TEST_CASE("mesh: a response passes requests stuck behind a refusing destination") {
  FabricBench b(meshParams(6, 6));
  b.sink.refuseRequestsAt[5] = true;
  b.driver.resumeAfter = 1000000;  // never within the run
  std::vector<Script> s;
  for (int i = 0; i < 60; ++i) s.push_back({0, 0, 5, 0, 1});  // fill the request VC's path
  s.push_back({300, 0, 5, 1, 3});                             // then one response
  b.driver.script(s);
  b.run(1000);
  // One request got through and blocked node 5's request VC; the path 0 -> 5 is full of
  // requests (6 routers x 8 flits, plus 4 in the interface's queue); the response still takes
  // exactly its zero-load time, 5 hops: 6 x 3 + 1 + 3.
  std::uint64_t requests = 0;
  Cycle response = 0;
  for (const Delivery& d : b.sink.got) (d.vc == 0 ? requests : response) += d.vc == 0 ? 1 : d.at;
  CHECK(requests == 1);
  CHECK(response == 300 + 6 * 3 + 1 + 3);
  CHECK(b.fabric.router(4).holdsFlits());
}

TEST_CASE("mesh: the watchdog dump names the stuck buffers and the refusing endpoint") {
  FabricBench b(meshParams(3, 1));
  b.sink.refuseRequestsAt[2] = true;
  b.driver.resumeAfter = 1000000;
  std::vector<Script> s;
  for (int i = 0; i < 30; ++i) s.push_back({0, 0, 2, 0, 1});
  b.driver.script(s);
  b.run(500);
  std::ostringstream os;
  b.fabric.describeWaits(os);
  const std::string dump = os.str();
  CHECK_THAT(dump, Catch::Contains("router 1 input west request VC: 8 flits, front for node 2 via "
                                   "east (credits 0, VC free)"));
  CHECK_THAT(dump, Catch::Contains("router 2 input west request VC: 8 flits, front for node 2 via "
                                   "local (credits 0, VC free)"));
  CHECK_THAT(dump,
             Catch::Contains("mesh interface 2: 8 request flits to deliver (the endpoint refuses "
                             "more)"));
  // 30 one-flit requests: 1 delivered, 8 + 8 + 8 in the buffers above, 5 at router 0.
  CHECK_THAT(dump, Catch::Contains("router 0 input local request VC: 5 flits"));
}

TEST_CASE("mesh: an interface's queues of one VC take turns, empty ones skipped") {
  FabricBench b(meshParams(2, 1));
  noc::NetworkInterface& ni = b.fabric.ni(0);
  // The driver's own request queue (empty here) and two more: packets 0 and 1 in queue a,
  // 2 and 3 in queue b, all one flit to node 1, visible from cycle 1.
  const std::uint32_t a = ni.addQueue(noc::kRequestVc, 4), q = ni.addQueue(noc::kRequestVc, 4);
  for (std::uint64_t id : {0, 1, 2, 3}) {
    Packet p;
    p.payload = token(id);
    p.dest = 1;
    p.target = 1;
    ni.inject(id < 2 ? a : q, p);
  }
  b.run(100);
  REQUIRE(b.sink.got.size() == 4);
  // One flit a cycle leaves the interface, the queues alternating: deliveries a cycle apart.
  std::vector<std::uint64_t> order;
  for (const Delivery& d : b.sink.got) order.push_back(d.id);
  CHECK(order == std::vector<std::uint64_t>{0, 2, 1, 3});
  CHECK(b.sink.got[3].at == b.sink.got[0].at + 3);
  // At most 32 queues per interface (a bit each).
  noc::NetworkInterface& other = b.fabric.ni(1);
  while (other.addQueue(noc::kResponseVc, 1) < 31) {
  }
  CHECK_THROWS_AS(other.addQueue(noc::kResponseVc, 1), std::logic_error);
}
