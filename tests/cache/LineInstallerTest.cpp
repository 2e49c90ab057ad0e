// What installing a line does to the tags, alone: reservations, fills, whole-line installs and
// prefetch pushes, the victims they evict and the writebacks they queue, without SystemC
// modules.
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "warpsim/cache/LineInstaller.h"
#include "warpsim/cache/StampReplacement.h"

using namespace warpsim;

namespace {

const OwnerWarp kA{SmId{1}, WarpId{2}};
const OwnerWarp kB{SmId{3}, WarpId{4}};

// Two sets of two ways of 128-byte lines: lines 0x000, 0x100, 0x200... map to set 0.
struct Bench {
  PayloadPool pool;
  TagArray tags{TagArray::Geometry{2, 2, 128}, ReplacementRegistry::builtins().create("lru", 2, 2)};
  MissQueue missQueue{4, 128, pool};
  CacheStats stats;
  LineInstaller installer{tags, missQueue, stats};
  std::vector<std::pair<Addr, OwnerWarp>> evicted;

  Bench() {
    installer.setEvictionObserver(
        [this](Addr line, OwnerWarp o) { evicted.emplace_back(line, o); });
  }
  ~Bench() {
    while (!missQueue.empty()) missQueue.pop()->release();
  }
  const CacheLine& at(Addr line) { return tags.line(0, tags.find(0, line)); }
};

}  // namespace

TEST_CASE("line installer: a reserved line's fill makes it valid, dirty if a store waits") {
  Bench b;
  b.installer.reserve(0, 0, 0x000, kA, 5);
  b.installer.reserve(0, 1, 0x100, kA, 5);
  CHECK(b.at(0x000).state == LineState::Reserved);
  CHECK(b.stats.evictions.value() == 0);  // invalid ways displace nothing
  b.installer.fill(0x000, false, kB, 9);
  b.installer.fill(0x100, true, kB, 9);
  CHECK(b.at(0x000).state == LineState::Valid);
  CHECK_FALSE(b.at(0x000).dirty);
  CHECK(b.at(0x100).dirty);
  CHECK(b.at(0x100).owner == kA);  // the reserving miss's warp, not the fill's
  CHECK(b.stats.fills.value() == 2);
  CHECK(b.missQueue.empty());
  CHECK(b.evicted.empty());
}

TEST_CASE("line installer: replacing a dirty line writes it back below and reports its owner") {
  Bench b;
  b.installer.installDirty(0, 0, 0x000, kA, 3);
  b.installer.installDirty(0, 1, 0x100, kA, 3);
  CHECK(b.at(0x000).dirty);
  CHECK(b.at(0x000).state == LineState::Valid);
  CHECK(b.installer.writesBack(0, 0));
  const std::uint32_t v = b.tags.victim(0);
  CHECK(v == 0);  // LRU: line 0x000 went in first
  b.installer.reserve(0, v, 0x200, kB, 7);
  CHECK(b.stats.evictions.value() == 1);
  CHECK(b.stats.writebacks.value() == 1);
  REQUIRE(b.missQueue.size() == 1);
  const GpuRequest& wb = GpuRequest::of(*b.missQueue.pop());
  CHECK(wb.kind == ReqKind::Writeback);
  CHECK(wb.lineAddr == 0x000);
  CHECK(wb.sm == kA.sm);
  CHECK(wb.issueCycle == 7);
  REQUIRE(b.evicted.size() == 1);
  CHECK(b.evicted[0].first == 0x000);
  CHECK(b.evicted[0].second == kA);
  CHECK(b.at(0x200).state == LineState::Reserved);
  CHECK(b.at(0x200).owner == kB);
  CHECK_FALSE(b.at(0x200).dirty);
  CHECK_FALSE(b.installer.writesBack(0, v));  // reserved lines are never written back
}

TEST_CASE("line installer: a clean victim is evicted without a writeback") {
  Bench b;
  b.installer.reserve(0, 0, 0x000, kA, 1);
  b.installer.fill(0x000, false, kA, 2);
  CHECK_FALSE(b.installer.writesBack(0, 0));
  b.installer.reserve(0, 0, 0x200, kB, 3);
  CHECK(b.stats.evictions.value() == 1);
  CHECK(b.stats.writebacks.value() == 0);
  CHECK(b.missQueue.empty());
  CHECK(b.evicted.size() == 1);
}

TEST_CASE("line installer: allocate-on-fill takes a victim at the fill, or passes the data") {
  Bench b;
  b.installer.fill(0x080, true, kB, 4);  // set 1, nothing reserved: a victim now
  const CacheLine& l = b.tags.line(1, b.tags.find(1, 0x080));
  CHECK(l.state == LineState::Valid);
  CHECK(l.dirty);
  CHECK(l.owner == kB);
  CHECK(b.stats.fills.value() == 1);
  // Set 0 with both ways reserved: the fill of another line is not cached and not counted.
  b.installer.reserve(0, 0, 0x000, kA, 5);
  b.installer.reserve(0, 1, 0x100, kA, 5);
  b.installer.fill(0x200, false, kB, 6);
  CHECK(b.tags.find(0, 0x200) == TagArray::kNoWay);
  CHECK(b.stats.fills.value() == 1);
  CHECK(b.stats.evictions.value() == 0);
}

TEST_CASE("line installer: a pushed prefetch is installed clean and marked, else dropped") {
  Bench b;
  b.installer.installDirty(0, 0, 0x000, kA, 1);
  b.installer.reserve(0, 1, 0x100, kA, 1);
  // Present (valid) and reserved lines drop the push; only the reserved one was late.
  b.installer.installPrefetch(0x000, false, 2);
  CHECK(b.stats.prefetchDropped.value() == 1);
  CHECK(b.stats.prefetchLate.value() == 0);
  b.installer.installPrefetch(0x100, false, 2);
  CHECK(b.stats.prefetchDropped.value() == 2);
  CHECK(b.stats.prefetchLate.value() == 1);
  // A new line replaces the dirty valid line (the reserved one is never a victim).
  b.installer.installPrefetch(0x200, false, 3);
  CHECK(b.stats.prefetchFills.value() == 1);
  CHECK(b.stats.prefetchWritebacks.value() == 1);
  CHECK(b.stats.writebacks.value() == 1);
  CHECK(b.missQueue.size() == 1);
  const CacheLine& p = b.at(0x200);
  CHECK(p.state == LineState::Valid);
  CHECK(p.prefetched);
  CHECK_FALSE(p.dirty);
  CHECK(p.owner == OwnerWarp{});
  // The next push replaces the clean prefetched line: no writeback, but a useless prefetch.
  b.installer.installPrefetch(0x300, false, 4);
  CHECK(b.stats.prefetchFills.value() == 2);
  CHECK(b.stats.prefetchWritebacks.value() == 1);  // still the first one only
  CHECK(b.stats.prefetchUseless.value() == 1);
  CHECK(b.missQueue.size() == 1);
  // Set 1 with both ways reserved: a push there is dropped, and not late (another line).
  b.installer.reserve(1, 0, 0x080, kA, 5);
  b.installer.reserve(1, 1, 0x180, kA, 5);
  b.installer.installPrefetch(0x280, false, 6);
  CHECK(b.stats.prefetchDropped.value() == 3);
  CHECK(b.stats.prefetchLate.value() == 1);
}

TEST_CASE("line installer: a prefetched line evicted before any demand hit is useless") {
  Bench b;
  b.installer.installPrefetch(0x000, false, 1);
  b.installer.installPrefetch(0x100, false, 1);
  b.tags.setPrefetched(0, b.tags.find(0, 0x100), false);  // a demand hit cleared its mark
  b.installer.reserve(0, b.tags.find(0, 0x000), 0x200, kA, 2);
  b.installer.reserve(0, b.tags.find(0, 0x100), 0x300, kA, 2);
  CHECK(b.stats.evictions.value() == 2);
  CHECK(b.stats.prefetchUseless.value() == 1);
}

TEST_CASE("line installer: a first-out prefetch is the next line replaced") {
  Bench b;
  b.installer.reserve(0, 0, 0x000, kA, 1);
  b.installer.fill(0x000, false, kA, 2);
  b.installer.installPrefetch(0x100, true, 3);  // newer, but inserted at the LRU position
  CHECK(b.tags.victim(0) == b.tags.find(0, 0x100));
}
