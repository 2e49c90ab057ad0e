// Stores under each write policy, atomics, allocate-on-fill and the perfect mode. Bench:
// smallCache() (4 sets x 2 ways, 1-cycle hits) over a memory answering after 10 cycles; a load
// miss at cycle c is filled (and answered) at c + 13.
#include <catch2/catch.hpp>

#include "CacheTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

struct Below {
  Cycle at;
  Addr addr;
  ReqKind kind;
  bool write;
  bool operator==(const Below& o) const {
    return at == o.at && addr == o.addr && kind == o.kind && write == o.write;
  }
};
std::ostream& operator<<(std::ostream& os, const Below& b) {
  return os << "{" << b.at << ", 0x" << std::hex << b.addr << std::dec << ", " << toString(b.kind)
            << (b.write ? ", write}" : ", read}");
}
std::vector<Below> below(const MemoryTarget& m) {
  std::vector<Below> out;
  for (const auto& a : m.arrivals) out.push_back(Below{a.at, a.addr, a.kind, a.write});
  return out;
}

CacheParams withPolicy(WritePolicy w) {
  CacheParams p = smallCache();
  p.writePolicy = w;
  return p;
}

constexpr Addr kA = 0x1000, kB = 0x2000, kC = 0x3000;  // all in set 0 of smallCache()

}  // namespace

TEST_CASE("cache: write-evict invalidates the line on a store hit and sends the store below") {
  CacheBench b(withPolicy(WritePolicy::WriteEvict), 10);
  b.cpu.start({load(0, kA), store(20, kA), load(30, kA)});
  sc_core::sc_start();
  CHECK(below(b.mem) == std::vector<Below>{{2, kA, ReqKind::Load, false},
                                           {22, kA, ReqKind::Store, true},
                                           {32, kA, ReqKind::Load, false}});
  CHECK(b.cpu.records[1].resp == 21);  // a posted write: answered after the hit latency
  CHECK(b.cpu.records[2].resp == 43);  // the line was gone: a miss again
  const auto s = b.stat();
  CHECK(s["hits"] == 1);
  CHECK(s["misses"] == 2);
  CHECK(s["writes_below"] == 1);
  CHECK(s["reads_below"] == 2);
  CHECK(b.poolBelow.inUse() == 0);  // the store's acknowledgement was released
}

TEST_CASE("cache: with ack_stores a store is answered when below acknowledges it") {
  CacheParams p = withPolicy(WritePolicy::WriteEvict);
  p.ackStores = true;
  CacheBench b(p, 10);
  b.cpu.start({store(0, kA), load(1, kA)});
  sc_core::sc_start();
  CHECK(below(b.mem) ==
        std::vector<Below>{{2, kA, ReqKind::Store, true}, {3, kA, ReqKind::Load, false}});
  // Sent at 2, acknowledged from below at 12, handled at 13: as a load miss's fill. The load
  // is not merged into the store's entry: it has its own.
  CHECK(b.cpu.records[0].resp == 13);
  CHECK(b.cpu.records[1].resp == 14);
  CHECK(b.stat()["mshr_merges"] == 0);
  CHECK(b.poolBelow.inUse() == 0);
}

TEST_CASE("cache: write-evict stores that miss go below without allocating") {
  CacheBench b(withPolicy(WritePolicy::WriteEvict), 10);
  b.cpu.start({store(0, kA), load(20, kA)});
  sc_core::sc_start();
  CHECK(below(b.mem) ==
        std::vector<Below>{{2, kA, ReqKind::Store, true}, {22, kA, ReqKind::Load, false}});
  CHECK(b.stat()["misses"] == 2);
}

TEST_CASE("cache: write-through sends stores below and keeps the line") {
  CacheBench b(withPolicy(WritePolicy::WriteThrough), 10);
  b.cpu.start({load(0, kA), store(20, kA), load(30, kA)});
  sc_core::sc_start();
  CHECK(below(b.mem) ==
        std::vector<Below>{{2, kA, ReqKind::Load, false}, {22, kA, ReqKind::Store, true}});
  CHECK(b.cpu.records[1].resp == 21);
  CHECK(b.cpu.records[2].resp == 31);  // still there: a hit
  CHECK(b.stat()["hits"] == 2);
  CHECK(b.stat()["misses"] == 1);
}

TEST_CASE("cache: write-back writes a dirty victim below as a Writeback") {
  CacheBench b(withPolicy(WritePolicy::WriteBack), 10);
  // The store misses: the line is fetched and filled dirty (store answered on the fill, 13).
  // B takes the other way of set 0; C then evicts A, the least recently used, which is dirty:
  // its writeback is queued ahead of C's fetch. The writeback carries the owner's SM.
  b.cpu.start({Send{0, kA, ReqKind::Store, 5, 2}, load(20, kB), load(21, kC)});
  sc_core::sc_start();
  CHECK(below(b.mem) == std::vector<Below>{{2, kA, ReqKind::Load, false},
                                           {22, kB, ReqKind::Load, false},
                                           {23, kA, ReqKind::Writeback, true},
                                           {24, kC, ReqKind::Load, false}});
  CHECK(b.mem.arrivals[2].sm == 2);
  CHECK(b.cpu.records[0].resp == 13);
  const auto s = b.stat();
  CHECK(s["writebacks"] == 1);
  CHECK(s["evictions"] == 1);
  CHECK(s["writes_below"] == 1);
  CHECK(b.poolBelow.inUse() == 0);
}

TEST_CASE("cache: write-back hits dirty the line and send nothing below") {
  CacheBench b(withPolicy(WritePolicy::WriteBack), 10);
  b.cpu.start({load(0, kA), store(20, kA), store(21, kA)});
  sc_core::sc_start();
  CHECK(below(b.mem) == std::vector<Below>{{2, kA, ReqKind::Load, false}});
  CHECK(b.cpu.records[1].resp == 21);
  CHECK(b.cpu.records[2].resp == 22);
  const TagArray& t = b.cache.tags();
  CHECK(t.line(0, t.find(0, kA)).dirty);
}

TEST_CASE("cache: a write-back cache installs a writeback from above without a fetch") {
  CacheBench b(withPolicy(WritePolicy::WriteBack), 10);
  b.cpu.start({Send{0, kA, ReqKind::Writeback}, load(10, kA)});
  sc_core::sc_start();
  CHECK(b.mem.arrivals.empty());
  CHECK(b.cpu.records[0].resp == 1);
  CHECK(b.cpu.records[1].resp == 11);
  const auto s = b.stat();
  CHECK(s["misses"] == 1);
  CHECK(s["hits"] == 1);
  const TagArray& t = b.cache.tags();
  CHECK(t.line(0, t.find(0, kA)).dirty);
}

TEST_CASE("cache: local-wb-global-evict writes back local stores and evicts global ones") {
  CacheBench b(withPolicy(WritePolicy::LocalWbGlobalEvict), 10);
  Send localLoad{0, kA}, localStore{20, kA, ReqKind::Store};
  localLoad.space = localStore.space = ReqSpace::Local;
  b.cpu.start({localLoad, load(1, kB), localStore, store(21, kB), load(30, kA), load(31, kB)});
  sc_core::sc_start();
  CHECK(below(b.mem) == std::vector<Below>{{2, kA, ReqKind::Load, false},
                                           {3, kB, ReqKind::Load, false},
                                           {23, kB, ReqKind::Store, true},
                                           {33, kB, ReqKind::Load, false}});
  CHECK(b.cpu.records[4].resp == 31);  // the local line stayed (dirty)
  const TagArray& t = b.cache.tags();
  CHECK(t.line(0, t.find(0, kA)).dirty);
}

TEST_CASE("cache: an atomic goes below, drops the local copy, and is answered from below") {
  CacheBench b(withPolicy(WritePolicy::WriteEvict), 10);
  b.cpu.start({load(0, kA), Send{20, kA, ReqKind::Atomic}, load(40, kA)});
  sc_core::sc_start();
  CHECK(below(b.mem) == std::vector<Below>{{2, kA, ReqKind::Load, false},
                                           {22, kA, ReqKind::Atomic, true},
                                           {42, kA, ReqKind::Load, false}});
  CHECK(b.cpu.records[1].resp == 33);  // its response came back at 32, handled at 33
  CHECK(b.cpu.records[2].resp == 53);
  CHECK(b.stat()["misses"] == 3);
  CHECK(b.poolBelow.inUse() == 0);
}

TEST_CASE("cache: allocate-on-fill sends misses without reserving and picks victims at fill") {
  CacheParams p = smallCache();
  p.allocate = AllocatePolicy::OnFill;
  CacheBench b(p, 10);
  b.cpu.start({load(0, kA), load(1, kB), load(2, kC)});
  sc_core::sc_start();
  // Three lines for the two ways of set 0 all go below at once (on-miss would have stalled C);
  // C's fill at 15 evicts A, filled first.
  CHECK(below(b.mem) == std::vector<Below>{{2, kA, ReqKind::Load, false},
                                           {3, kB, ReqKind::Load, false},
                                           {4, kC, ReqKind::Load, false}});
  CHECK(b.stat()["reservation_fail_line"] == 0);
  CHECK(b.stat()["evictions"] == 1);
  const TagArray& t = b.cache.tags();
  CHECK(t.find(0, kA) == TagArray::kNoWay);
  CHECK(t.find(0, kB) != TagArray::kNoWay);
  CHECK(t.find(0, kC) != TagArray::kNoWay);
}

TEST_CASE("cache: perfect mode answers everything after hit_latency and sends nothing below") {
  CacheParams p = smallCache();
  p.perfect = true;
  p.hitLatency = 5;
  CacheBench b(p, 10);
  b.cpu.start(
      {load(0, kA), store(1, kB), load(2, kC), Send{3, 0x9000, ReqKind::Atomic}, load(4, kA)});
  sc_core::sc_start();
  for (std::size_t i = 0; i < 5; ++i) CHECK(b.cpu.records[i].resp == i + 5);
  CHECK(b.mem.arrivals.empty());
  CHECK(b.stat()["hits"] == 5);
  CHECK(b.stat()["accesses"] == 5);
  CHECK(b.stat()["hit_rate"] == 1.0);
  CHECK_FALSE(b.cache.saturated());
  CHECK(b.poolBelow.allocated() == 0);
}
