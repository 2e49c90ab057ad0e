// OWL 4.4's opportunistic prefetcher in the GDDR controller: what it prefetches, when it stops,
// and what the L2 slice does with the lines. Timing as in DramTestSupport.h.
#include <catch2/catch.hpp>

#include "DramTestSupport.h"
#include "warpsim/cache/Cache.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

DramSetup prefetching(std::uint32_t lower, std::uint32_t higher) {
  GddrParams p = owlParams();
  p.prefetch = "opportunistic";
  return DramSetup(p, {"dram.prefetch_lower=" + std::to_string(lower),
                       "dram.prefetch_higher=" + std::to_string(higher)});
}

// Demands to lines 0 and 5 of row 0 of bank 0, then one to row 1 of bank 0 at `conflictAt`.
std::vector<Send> twoLinesThenConflict(Cycle conflictAt) {
  return {read(0, at(0, 0, 0)), read(0, at(0, 0, 5)), read(conflictAt, at(0, 1, 0))};
}

// The lines of row 0 of bank 0 prefetched (their ids are their addresses), in order.
std::vector<std::uint64_t> prefetchedIds(const ScriptedInitiator& cpu) {
  std::vector<std::uint64_t> ids;
  for (const auto& [id, cycle] : cpu.foreign)
    if (id < at(0, 0, 0) + 2048) ids.push_back(id);
  return ids;
}

}  // namespace

TEST_CASE("prefetch: with C large, every other line of the row is prefetched despite a conflict") {
  DramBench b(prefetching(64, 64));
  const nlohmann::json s = b.run(twoLinesThenConflict(25));
  // OWL 4.4 "sequentially": from the line after the last demanded one (5), wrapping round.
  std::vector<std::uint64_t> expected;
  for (std::uint32_t l = 6; l < 32 + 5; ++l)
    if (l % 32 != 0) expected.push_back(at(0, 0, l % 32));
  CHECK(prefetchedIds(b.cpu) == expected);  // the 30 unsent lines: 6..31, then 1..4
  // Then row 1, opened by the conflicting demand, is read out too (31 lines).
  CHECK(s["prefetches"] == 30 + 31);
  // Demands at RD 13 and 17; prefetches every 4 cycles (the bus) from 21 to 137; then the
  // conflict: PRE at 141, ACT 151, RD 163.
  CHECK(b.cpu.foreign.front().second == 21 + 14);
  CHECK(b.cpu.foreign[29].second == 137 + 14);
  CHECK(b.resp(2) == 163 + 14);
  CHECK(s["row_conflicts"] == 1);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("prefetch: with C = 1, prefetching stops as soon as a demand to another row arrives") {
  DramBench b(prefetching(1, 1));
  const nlohmann::json s = b.run(twoLinesThenConflict(30));
  // Prefetches at 21, 25, 29; the demand arrives at 30 (visible 31): none after it.
  CHECK(prefetchedIds(b.cpu) == std::vector<std::uint64_t>{at(0, 0, 6), at(0, 0, 7), at(0, 0, 8)});
  CHECK(s["prefetches"] == 3 + 31);           // then row 1 is read out
  CHECK(b.resp(2) == 33 + 10 + 12 + 10 + 4);  // PRE at 33 (the last prefetch's burst), ACT 43
}

TEST_CASE("prefetch: without a conflicting demand the whole row is read out") {
  DramBench b(prefetching(1, 1));
  const nlohmann::json s = b.run({read(0, at(2, 3, 7))});
  CHECK(s["prefetches"] == 31);
  CHECK(s["reads"] == 1);
}

// OWL 5.1 varies the prefetch degree "in the range of 0 (no-prefetching) to 32 (prefetching all
// the columns in a row)".
TEST_CASE("prefetch: a degree of 0 prefetches nothing at all") {
  DramBench b(prefetching(0, 0));
  const nlohmann::json s = b.run({read(0, at(2, 3, 7)), read(0, at(1, 0, 0))});
  CHECK(s["prefetches"] == 0);
  CHECK(b.cpu.foreign.empty());
  CHECK(s["reads"] == 2);
}

TEST_CASE("prefetch: a degree of 32 reads out the whole row even when a conflict waits") {
  DramBench b(prefetching(32, 32));
  const nlohmann::json s = b.run(twoLinesThenConflict(25));
  CHECK(prefetchedIds(b.cpu).size() == 30);  // every line of row 0 but the two demanded
  CHECK(s["prefetches"] == 30 + 31);
  CHECK(b.resp(2) == 163 + 14);  // the conflict's PRE waits for the 30th prefetch's burst
}

TEST_CASE("prefetch: degree 0 at or above the threshold and 8 below it") {
  OpportunisticPrefetcher p(0, 8, 4);
  CHECK_FALSE(p.keepGoing(0, false, 4));  // 4 pending: C = lower = 0
  CHECK(p.keepGoing(0, false, 3));        // 3 pending: C = higher = 8, no conflict
  CHECK(p.keepGoing(7, true, 3));
  CHECK_FALSE(p.keepGoing(8, true, 3));
}

TEST_CASE("prefetch: off by default") {
  DramBench b;
  const nlohmann::json s = b.run(twoLinesThenConflict(25));
  CHECK(s["prefetches"] == 0);
  CHECK(b.cpu.foreign.empty());
}

TEST_CASE("prefetch: C is 'higher' while fewer demands than the running average wait") {
  OpportunisticPrefetcher p(8, 16, 0);
  p.noteArrival(1);
  p.noteArrival(2);
  p.noteArrival(3);  // average occupancy 2
  CHECK(p.minimumLines(1) == 16);
  CHECK(p.minimumLines(2) == 8);
  CHECK(p.keepGoing(15, true, 1));
  CHECK_FALSE(p.keepGoing(16, true, 1));
  CHECK_FALSE(p.keepGoing(8, true, 3));
  CHECK(p.keepGoing(1000, false, 3));  // no conflict: no limit
  OpportunisticPrefetcher fixed(8, 16, 5);
  CHECK(fixed.minimumLines(4) == 16);
  CHECK(fixed.minimumLines(5) == 8);
}

namespace {

// An L2 slice (64 B lines, write-back) over a prefetching GDDR channel, on one 1 GHz clock.
struct L2Bench {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("dram", 1000.0);
  StatsRegistry stats;
  PayloadPool pool;
  AddressMap map{oneChannel()};
  DramSetup setup_ = prefetching(8, 16);
  Cache l2;
  GddrController dram;
  ScriptedInitiator cpu{"cpu", pool};

  static CacheParams l2Params(std::uint32_t sets, std::uint32_t ways, bool insertLru) {
    CacheParams p = CacheParams::l2Defaults();
    p.prefetchInsertLru = insertLru;
    p.lineSize = 64;
    p.sets = sets;
    p.ways = ways;
    p.writePolicy = WritePolicy::WriteBack;
    return p;
  }
  L2Bench(std::uint32_t sets, std::uint32_t ways, bool insertLru = false)
      : l2("l2", l2Params(sets, ways, insertLru), pool, engine.watchdog(), stats),
        dram("dram", setup_.params, map, PartitionId{0}, pool, engine.watchdog(), stats,
             DramSchedulerRegistry::builtins(), setup_.prefetchers) {
    clock.add(cpu);
    clock.add(l2);
    clock.add(dram);
    cpu.socket.bind(l2.upstream);
    l2.downstream.bind(dram.socket);
  }
  nlohmann::json run(std::vector<Send> script) {
    cpu.start(std::move(script));
    sc_core::sc_start();
    l2.settleStats();
    dram.settleStats();
    return stats.tree();
  }
};

}  // namespace

TEST_CASE("prefetch: a prefetched line later hit by a demand counts as useful in the L2") {
  L2Bench b(64, 8);
  const nlohmann::json s =
      b.run({read(0, at(0, 0, 0)), read(400, at(0, 0, 3)), read(400, at(0, 0, 9))});
  CHECK(s["dram"]["reads"] == 1);  // lines 3 and 9 came from the prefetches
  CHECK(s["dram"]["prefetches"] == 31);
  CHECK(s["l2"]["prefetch_fills"] == 31);
  CHECK(s["l2"]["hits"] == 2);
  CHECK(s["l2"]["prefetch_useful"] == 2);
  CHECK(s["l2"]["prefetch_useless"] == 0);
  for (const Record& r : b.cpu.records) CHECK(r.responses == 1);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("prefetch: a prefetched line evicted before any demand hit counts as useless") {
  L2Bench b(1, 8);  // one set of 8 ways for 32 lines
  const nlohmann::json s = b.run({read(0, at(0, 0, 0)), read(400, at(0, 0, 31))});
  // Lines 1..7 fill the free ways; line 8 evicts line 0 (a demand line); lines 9..31 each evict
  // an unused prefetched line (1..23). Line 31 is then hit.
  CHECK(s["l2"]["prefetch_fills"] == 31);
  CHECK(s["l2"]["evictions"] == 24);
  CHECK(s["l2"]["prefetch_useless"] == 23);
  CHECK(s["l2"]["prefetch_useful"] == 1);
  CHECK(s["dram"]["reads"] == 1);
}

TEST_CASE("prefetch: l2.prefetch_insert=lru puts pushed lines first in line for eviction") {
  L2Bench b(1, 8, true);  // one set of 8 ways for 32 lines
  const nlohmann::json s = b.run({read(0, at(0, 0, 0)), read(400, at(0, 0, 0))});
  // Lines 1..7 fill the free ways; from line 8 on each pushed line replaces the last pushed one
  // (the first-out position), so the demanded line 0 stays and is hit at 400.
  CHECK(s["l2"]["prefetch_fills"] == 31);
  CHECK(s["l2"]["evictions"] == 24);
  CHECK(s["l2"]["prefetch_useless"] == 24);
  CHECK(s["l2"]["hits"] == 1);
  CHECK(s["dram"]["reads"] == 1);
}

TEST_CASE("prefetch: accuracy and coverage and lateness of a crafted run") {
  L2Bench b(64, 8);
  // Line 0 opens the row; lines 1-31 are pushed (the sequence starts after line 0). Lines 3
  // and 9 are then hit (useful); line 40 of another row misses.
  const nlohmann::json s = b.run({read(0, at(0, 0, 0)), read(400, at(0, 0, 3)),
                                  read(400, at(0, 0, 9)), read(800, at(1, 0, 0))});
  const nlohmann::json& l2 = s["l2"];
  CHECK(l2["prefetch_fills"] == 31 + 31);  // the second row is read out too
  CHECK(l2["prefetch_useful"] == 2);
  CHECK(l2["misses"] == 2);
  CHECK(l2["prefetch_accuracy"].get<double>() == Approx(2.0 / 62.0));
  CHECK(l2["prefetch_coverage"].get<double>() == Approx(2.0 / 4.0));
  CHECK(l2["prefetch_lateness"].get<double>() == 0.0);
}

TEST_CASE("prefetch: a push that finds its line awaiting a demand's fill is late") {
  L2Bench b(64, 8);
  // Line 1's prefetch issues at DRAM cycle 21 (after line 0's RD at 13 and its burst); the
  // demand for line 1 misses in the L2 before that prefetch arrives, so the push is dropped.
  const nlohmann::json s = b.run({read(0, at(0, 0, 0)), read(20, at(0, 0, 1))});
  const nlohmann::json& l2 = s["l2"];
  CHECK(l2["prefetch_late"] == 1);
  CHECK(l2["prefetch_dropped"] == 1);
  CHECK(l2["prefetch_lateness"].get<double>() == Approx(1.0 / 31.0));
  CHECK(s["dram"]["reads"] == 2);  // the demand went to DRAM anyway
}
