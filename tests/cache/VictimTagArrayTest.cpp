// CCWS §3.3.3: the victim tag array, alone and fed by a cache's eviction and miss hooks.
#include <catch2/catch.hpp>

#include "CacheTestSupport.h"
#include "warpsim/cache/VictimTagArray.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("vta: a tag enters its warp's partition only, and a probe hit removes it") {
  VictimTagArray vta(4, VtaGeometry{16, 8}, 128);
  CHECK(vta.setsPerWarp() == 2);
  vta.insert(WarpId{1}, 0x1000);
  CHECK(vta.contains(WarpId{1}, 0x1000));
  CHECK_FALSE(vta.contains(WarpId{2}, 0x1000));
  CHECK_FALSE(vta.probe(WarpId{2}, 0x1000));
  CHECK(vta.probe(WarpId{1}, 0x1000));
  CHECK_FALSE(vta.probe(WarpId{1}, 0x1000));
}

TEST_CASE("vta: a full set of a partition replaces its least recently inserted tag") {
  VictimTagArray vta(2, VtaGeometry{16, 8}, 128);
  // Even line numbers map to set 0 of the partition (2 sets of 8 ways).
  for (Addr i = 0; i < 8; ++i) vta.insert(WarpId{0}, i * 256);
  vta.insert(WarpId{0}, 0);  // re-inserting refreshes line 0
  vta.insert(WarpId{0}, 8 * 256);
  CHECK(vta.contains(WarpId{0}, 0));
  CHECK_FALSE(vta.contains(WarpId{0}, 256));  // the oldest now
  for (Addr i = 2; i <= 8; ++i) CHECK(vta.contains(WarpId{0}, i * 256));
  vta.clear(WarpId{0});
  CHECK_FALSE(vta.contains(WarpId{0}, 0));
}

TEST_CASE("vta: fewer entries than ways make one fully associative set (CCWS Fig. 13)") {
  VictimTagArray vta(1, VtaGeometry{2, 8}, 128);
  CHECK(vta.setsPerWarp() == 1);
  CHECK(vta.ways() == 2);
  vta.insert(WarpId{0}, 0x0);
  vta.insert(WarpId{0}, 0x80);
  vta.insert(WarpId{0}, 0x100);
  CHECK_FALSE(vta.contains(WarpId{0}, 0x0));
  CHECK(vta.contains(WarpId{0}, 0x80));
  CHECK_THROWS_AS(VictimTagArray(1, VtaGeometry{12, 8}, 128), std::invalid_argument);
}

TEST_CASE("vta: an L1 line evicted from warp 1 is a VTA hit when warp 1 misses on it again") {
  CacheBench b(smallCache(), 10);
  VictimTagArray vta(8, VtaGeometry{16, 8}, smallCache().lineSize);
  std::vector<std::pair<Addr, bool>> probes;
  b.cache.setEvictionObserver([&](Addr a, OwnerWarp o) { vta.insert(o.warp, a); });
  b.cache.setMissObserver(
      [&](Addr a, OwnerWarp o) { probes.emplace_back(a, vta.probe(o.warp, a)); });
  // Set 0 has two ways: C (warp 3) evicts A (warp 1, LRU); warp 1's next miss on A hits its
  // partition, and A's refill evicts B into warp 2's.
  b.cpu.start({load(0, 0x1000, 1), load(20, 0x2000, 2), load(40, 0x3000, 3), load(60, 0x1000, 1)});
  sc_core::sc_start();
  REQUIRE(probes.size() == 4);
  CHECK_FALSE(probes[2].second);
  CHECK(probes[3].first == 0x1000);
  CHECK(probes[3].second);  // warp 1 lost the line to warp 3: lost intra-warp locality
  CHECK_FALSE(vta.contains(WarpId{1}, 0x1000));
  CHECK(vta.contains(WarpId{2}, 0x2000));  // A's refill evicted B (LRU), warp 2's line
}
