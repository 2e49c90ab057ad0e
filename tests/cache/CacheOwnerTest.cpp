// CCWS's per-line owner warp: intra- and inter-warp hits (CCWS Fig. 11), the eviction hook for
// the victim tag array (CCWS 3.3.3) and the miss hook.
#include <catch2/catch.hpp>

#include "CacheTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("cache: hits by the warp that reserved the line are intra-warp, others inter-warp") {
  CacheBench b(smallCache(), 10);
  b.cpu.start({load(0, 0x1000, /*warp=*/1), load(1, 0x1000, 2),  // merged: not a hit
               load(20, 0x1000, 1), load(21, 0x1000, 2),
               load(22, 0x1000, 1, /*sm=*/1),  // the same slot on another SM: another warp
               load(23, 0x1000, 1)});
  sc_core::sc_start();
  const auto s = b.stat();
  CHECK(s["hits"] == 4);
  CHECK(s["intra_warp_hits"] == 2);
  CHECK(s["inter_warp_hits"] == 2);
  CHECK(s["mshr_merges"] == 1);
  const TagArray& t = b.cache.tags();
  CHECK(t.line(0, t.find(0, 0x1000)).owner == OwnerWarp{SmId{0}, WarpId{1}});
}

TEST_CASE("cache: evicting a valid line reports its address and owner warp") {
  CacheBench b(smallCache(), 10);
  std::vector<std::pair<Addr, OwnerWarp>> evicted, missed;
  b.cache.setEvictionObserver([&](Addr a, OwnerWarp o) { evicted.emplace_back(a, o); });
  b.cache.setMissObserver([&](Addr a, OwnerWarp o) { missed.emplace_back(a, o); });
  // Three lines of set 0 (two ways), one after another: C evicts A, the least recently used.
  b.cpu.start({load(0, 0x1000, 1), load(20, 0x2000, 2, 3), load(40, 0x3000, 3)});
  sc_core::sc_start();
  REQUIRE(evicted.size() == 1);
  CHECK(evicted[0].first == 0x1000);
  CHECK(evicted[0].second == OwnerWarp{SmId{0}, WarpId{1}});
  REQUIRE(missed.size() == 3);
  CHECK(missed[1].first == 0x2000);
  CHECK(missed[1].second == OwnerWarp{SmId{3}, WarpId{2}});
}

TEST_CASE("cache: a store that invalidates a line is not reported as an eviction") {
  CacheBench b(smallCache(), 10);
  int evictions = 0;
  b.cache.setEvictionObserver([&](Addr, OwnerWarp) { ++evictions; });
  b.cpu.start({load(0, 0x1000), store(20, 0x1000)});
  sc_core::sc_start();
  CHECK(evictions == 0);
  CHECK(b.stat()["evictions"] == 0);
}
