// Mascar III-A: the L1 raises its saturation signal while MSHRs or miss-queue slots are nearly
// exhausted, and lowers it as soon as they are not.
#include <catch2/catch.hpp>

#include <algorithm>

#include "CacheTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("cache: saturated() holds while free MSHRs are at or below the threshold") {
  CacheParams p = smallCache();  // 4 MSHRs, miss queue of 4
  p.saturationThreshold = 1;
  CacheBench b(p, 20);
  Probe probe([&] { return b.cache.saturated(); }, 40);
  b.clock.add(probe);
  probe.start();
  b.cpu.start(
      {load(0, lineIn(0, 0)), load(1, lineIn(1, 0)), load(2, lineIn(2, 0)), load(3, lineIn(3, 0))});
  sc_core::sc_start();
  // Lookups at 1..4 take MSHRs 1..4: at 3 only one is free, so the signal rises. Fills at
  // 23..26 free them: at 24 two are free and it falls.
  const std::vector<bool>& s = probe.samples;
  REQUIRE(s.size() == 40);
  CHECK_FALSE(s[2]);
  CHECK(s[3]);
  CHECK(s[23]);
  CHECK_FALSE(s[24]);
  CHECK(std::count(s.begin(), s.end(), true) == 21);
  CHECK(b.stat()["saturated_cycles"] == 21);
}

TEST_CASE("cache: saturated() holds while free miss-queue slots are at or below the threshold") {
  CacheParams p = smallCache();
  p.mshrEntries = 16;
  p.missQueue = 3;
  p.saturationThreshold = 1;
  CacheBench b(p, 20, /*memCapacity=*/1);
  Probe probe([&] { return b.cache.saturated(); }, 100);
  b.clock.add(probe);
  probe.start();
  // Memory takes one request at a time, 20 cycles each: fetches pile up in the miss queue.
  b.cpu.start({load(0, lineIn(0, 0)), load(0, lineIn(1, 0)), load(0, lineIn(2, 0)),
               load(0, lineIn(3, 0)), load(0, lineIn(0, 1))});
  sc_core::sc_start();
  // Fetch 0 is taken at 2; fetch 1 leaves at 3 and is held below; fetches 2, 3 and 4 queue at
  // 3, 4 and 5 (the queue of 3 has 1 slot free after 4: saturated; full after 5). END_REQ at 22
  // lets fetch 2 go at 23 (1 free: still saturated); at 43 fetch 3 goes (2 free: clear).
  const std::vector<bool>& s = probe.samples;
  CHECK_FALSE(s[3]);
  CHECK(s[4]);
  CHECK(s[42]);
  CHECK_FALSE(s[43]);
  CHECK(b.stat()["saturated_cycles"] == 43 - 4);
  CHECK(b.stat()["reservation_fail_miss_queue"] == 0);
}

TEST_CASE("cache: accountUntil counts open spans up to a cycle without changing the totals") {
  CacheParams p = smallCache();
  p.mshrEntries = 1;
  p.saturationThreshold = 0;
  CacheBench b(p, 20);
  b.engine.setQuantum(sc_core::SC_ZERO_TIME);  // stop exactly where sc_start's duration ends
  b.cpu.start({load(0, lineIn(0, 0)), load(0, lineIn(1, 0))});
  // Line 0 takes the only MSHR at 1 (saturated from 1); line 1 waits for it from 2 until the
  // fill at 23, and its own fill at 45 frees the MSHR.
  sc_core::sc_start(sc_core::sc_time(10500, sc_core::SC_PS));
  b.cache.accountUntil(10);  // the cache sleeps through cycle 10: its own now() lags behind
  CHECK(b.stat()["reservation_fail_mshr_cycles"] == 10 - 2);
  CHECK(b.stat()["saturated_cycles"] == 10 - 1);
  sc_core::sc_start();
  CHECK(b.stat()["reservation_fail_mshr"] == 1);
  CHECK(b.stat()["reservation_fail_mshr_cycles"] == 23 - 2);
  CHECK(b.stat()["saturated_cycles"] == 45 - 1);
  CHECK(b.cpu.records[1].resp == 45);
}
