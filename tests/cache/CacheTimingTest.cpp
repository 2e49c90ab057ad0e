// The cache's timing rules, one per test: hit and miss latency, MSHR merging, the three
// reservation failures and the back-pressure they cause above, and back-pressure from below.
// Bench: initiator, cache (smallCache(): 4 sets x 2 ways) and memory on one clock.
#include <catch2/catch.hpp>

#include "CacheTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
std::vector<Cycle> arrivalCycles(const MemoryTarget& m) {
  std::vector<Cycle> out;
  for (const auto& a : m.arrivals) out.push_back(a.at);
  return out;
}
std::vector<Cycle> responseCycles(const ScriptedInitiator& cpu) {
  std::vector<Cycle> out;
  for (const Record& r : cpu.records) out.push_back(r.resp);
  return out;
}
// A miss queue of one slot, for a bench whose memory holds one request (memCapacity 1).
CacheParams oneSlotMissQueue() {
  CacheParams p = smallCache();
  p.missQueue = 1;
  return p;
}
// Four misses to four sets, sent as fast as the cache takes them, run to the end.
void runFourMisses(CacheBench& b) {
  b.cpu.start(
      {load(0, lineIn(0, 0)), load(0, lineIn(1, 0)), load(0, lineIn(2, 0)), load(0, lineIn(3, 0))});
  sc_core::sc_start();
}
}  // namespace

TEST_CASE("cache: a hit is answered exactly hit_latency cycles after it arrived") {
  CacheParams p = smallCache();
  p.hitLatency = 3;
  CacheBench b(p, 10);
  b.cpu.start({load(0, 0x1000), load(30, 0x1000), load(31, 0x1040)});
  sc_core::sc_start();
  CHECK(b.cpu.records[1].resp == 30 + 3);
  CHECK(b.cpu.records[2].resp == 31 + 3);  // another address within the same 128 B line
  CHECK(b.stat()["hits"] == 2);
  CHECK(b.mem.arrivals.size() == 1);
}

TEST_CASE("cache: a miss goes below two cycles after arriving and is answered on the fill") {
  CacheBench b(smallCache(), 10);
  b.cpu.start({load(0, 0x1000)});
  sc_core::sc_start();
  // Arrival 0, lookup 1, one cycle in the miss queue, taken below at 2, answered there at 12,
  // fill (and response) the cycle after.
  CHECK(arrivalCycles(b.mem) == std::vector<Cycle>{2});
  CHECK(b.mem.arrivals[0].kind == ReqKind::Load);
  CHECK_FALSE(b.mem.arrivals[0].write);
  CHECK(b.cpu.records[0].resp == 13);
  CHECK(b.stat()["misses"] == 1);
  CHECK(b.stat()["fills"] == 1);
  CHECK(b.stat()["load_latency"]["sum"] == 13);
  CHECK(b.poolBelow.inUse() == 0);
}

TEST_CASE("cache: a second miss to the same line merges: one request below, two responses") {
  CacheBench b(smallCache(), 10);
  b.cpu.start({load(0, 0x1000, 0), load(1, 0x1000, 1)});
  sc_core::sc_start();
  CHECK(arrivalCycles(b.mem) == std::vector<Cycle>{2});
  CHECK(responseCycles(b.cpu) == std::vector<Cycle>{13, 13});
  CHECK(b.cpu.records[0].responses == 1);
  CHECK(b.cpu.records[1].responses == 1);
  CHECK(b.cpu.responseOrder == std::vector<std::uint64_t>{0, 1});  // in merge order
  const auto s = b.stat();
  CHECK(s["accesses"] == 2);
  CHECK(s["misses"] == 1);
  CHECK(s["mshr_merges"] == 1);
  CHECK(s["hits"] == 0);
  CHECK(s["reads_below"] == 1);
}

TEST_CASE("cache: a merge beyond mshr_merges is a reservation failure until the fill") {
  CacheParams p = smallCache();
  p.mshrMerges = 2;
  CacheBench b(p, 10);
  b.cpu.start({load(0, 0x1000), load(1, 0x1000), load(2, 0x1000)});
  sc_core::sc_start();
  // The third waits from its lookup at 3 until the fill at 13 makes the line valid: a hit.
  CHECK(responseCycles(b.cpu) == std::vector<Cycle>{13, 13, 13});
  const auto s = b.stat();
  CHECK(s["reservation_fail_mshr"] == 1);
  CHECK(s["reservation_fail_mshr_cycles"] == 10);
  CHECK(s["hits"] == 1);
  CHECK(s["mshr_merges"] == 1);
}

TEST_CASE("cache: full MSHRs stall the head, fill the input queue and withhold END_REQ") {
  CacheParams p = smallCache();
  p.mshrEntries = 2;
  CacheBench b(p, 20);
  // Five lines in different sets, sent as fast as the cache takes them.
  b.cpu.start({load(0, lineIn(0, 0)), load(0, lineIn(1, 0)), load(0, lineIn(2, 0)),
               load(0, lineIn(3, 0)), load(0, lineIn(0, 1))});
  sc_core::sc_start();
  const auto& r = b.cpu.records;
  CHECK(r[0].status == tlm::TLM_UPDATED);
  CHECK(r[1].status == tlm::TLM_UPDATED);
  // Input queue (2) full: request 2 is held until request 0 leaves it at cycle 1, request 3
  // until request 1 leaves at 2. Request 2 then waits at the head for an MSHR from cycle 3, so
  // request 4 stays held (END_REQ withheld) until the first fill frees an entry at 23.
  CHECK(r[2].status == tlm::TLM_ACCEPTED);
  CHECK(r[2].endReq == 1);
  CHECK(r[3].status == tlm::TLM_ACCEPTED);
  CHECK(r[3].endReq == 2);
  CHECK(r[4].sent == 3);
  CHECK(r[4].status == tlm::TLM_ACCEPTED);
  CHECK(r[4].endReq == 23);
  CHECK(arrivalCycles(b.mem) == std::vector<Cycle>{2, 3, 24, 25, 46});
  CHECK(responseCycles(b.cpu) == std::vector<Cycle>{23, 24, 45, 46, 67});
  const auto s = b.stat();
  CHECK(s["reservation_fail_mshr"] == 2);          // request 2 at 3, request 4 at 25
  CHECK(s["reservation_fail_mshr_cycles"] == 40);  // 3..23 and 25..45
  CHECK(s["reservation_fail_line"] == 0);
  CHECK(s["reservation_fail_miss_queue"] == 0);
  CHECK(s["upstream_stall_cycles"] == 1 + 0 + 20);  // held 0..1, 2..2, 3..23
  CHECK(b.poolAbove.inUse() == 0);
  CHECK(b.poolBelow.inUse() == 0);
}

TEST_CASE("cache: a set whose every way awaits a fill is a line reservation failure") {
  CacheBench b(smallCache(), 20);
  b.cpu.start({load(0, lineIn(0, 0)), load(0, lineIn(0, 1)), load(0, lineIn(0, 2))});
  sc_core::sc_start();
  // Lines 0 and 1 reserve both ways of set 0; line 2 waits from its lookup at 3 until line 0
  // is filled at 23, then evicts it.
  CHECK(arrivalCycles(b.mem) == std::vector<Cycle>{2, 3, 24});
  CHECK(responseCycles(b.cpu) == std::vector<Cycle>{23, 24, 45});
  const auto s = b.stat();
  CHECK(s["reservation_fail_line"] == 1);
  CHECK(s["reservation_fail_line_cycles"] == 20);
  CHECK(s["reservation_fail_mshr"] == 0);
  CHECK(s["evictions"] == 1);
  const TagArray& tags = b.cache.tags();
  CHECK(tags.find(0, lineIn(0, 0)) == TagArray::kNoWay);
  CHECK(tags.find(0, lineIn(0, 2)) != TagArray::kNoWay);
}

TEST_CASE("cache: a full miss queue is a reservation failure, END_REQ from below drains it") {
  CacheBench b(oneSlotMissQueue(), 20, /*memCapacity=*/1);
  runFourMisses(b);
  // Memory holds one request. Fetch 0 is taken at 2; fetch 1 leaves the miss queue at 3 and
  // is held below (nothing more may go until END_REQ); fetch 2 queues at 3, so request 3 finds
  // the queue full at its lookup at 4 and waits until END_REQ at 22 lets fetch 2 go at 23.
  CHECK(arrivalCycles(b.mem) == std::vector<Cycle>{2, 22, 42, 62});
  CHECK(responseCycles(b.cpu) == std::vector<Cycle>{23, 43, 63, 83});
  const auto s = b.stat();
  CHECK(s["reservation_fail_miss_queue"] == 1);
  CHECK(s["reservation_fail_miss_queue_cycles"] == 19);
  CHECK(b.poolBelow.inUse() == 0);
}

TEST_CASE("cache: full MSHRs and a full miss queue together are a miss queue failure first") {
  CacheParams p = oneSlotMissQueue();
  p.mshrEntries = 3;
  CacheBench b(p, 20, /*memCapacity=*/1);
  runFourMisses(b);
  // As above, with three MSHRs: at request 3's lookup at 4 the MSHRs are all taken and fetch 2
  // fills the miss queue. GPGPU-Sim's order names the miss queue; at 23 fetch 2 leaves it and
  // fetch 0's fill frees an MSHR in the same tick, before the lookup, so it never waits for one.
  CHECK(arrivalCycles(b.mem) == std::vector<Cycle>{2, 22, 42, 62});
  const auto s = b.stat();
  CHECK(s["reservation_fail_miss_queue"] == 1);
  CHECK(s["reservation_fail_miss_queue_cycles"] == 19);
  CHECK(s["reservation_fail_mshr"] == 0);
}
