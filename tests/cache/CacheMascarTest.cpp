// Mascar at the L1 (Mascar III-A, III-D, "Data Reuse Improvement"): in MP mode "the owner warp
// alone can bring new data to the L1": a non-owner's miss is refused (NACK) before it reserves
// a line, so it evicts nothing; the lines it would have displaced still hit.
#include <catch2/catch.hpp>

#include "CacheTestSupport.h"
#include "warpsim/interfaces/MascarFlags.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

Send owned(Cycle at, Addr addr) {
  Send s = load(at, addr, /*warp=*/1);
  s.flags = mascar::kOwner | mascar::kRefusable;
  return s;
}
Send nonOwner(Cycle at, Addr addr) {
  Send s = load(at, addr, /*warp=*/2);
  s.flags = mascar::kHitOnly | mascar::kRefusable;
  return s;
}

}  // namespace

TEST_CASE("cache mascar: a non-owner's miss in a full set is refused and evicts nothing") {
  CacheBench b(smallCache(), 10);
  b.cpu.start({owned(0, lineIn(0, 0)), owned(1, lineIn(0, 1)),    // fill set 0's two ways
               nonOwner(30, lineIn(0, 2)),                        // misses: refused
               owned(40, lineIn(0, 0)), owned(41, lineIn(0, 1)),  // both still there
               owned(50, lineIn(0, 2))});                         // the owner's miss evicts
  sc_core::sc_start();
  const auto s = b.stat();
  CHECK(s["refusals_not_owner"] == 1);
  CHECK(s["hits"] == 2);
  CHECK(s["misses"] == 3);
  CHECK(s["evictions"] == 1);  // only by the owner's miss at 50
  CHECK(b.mem.arrivals.size() == 3);
  CHECK(b.cpu.records[2].status == tlm::TLM_ACCEPTED);  // its lookup decides
  CHECK(b.cpu.records[2].endReq == kNever);             // no ACK: the NACK
  CHECK(b.cpu.records[2].responses == 1);
}

TEST_CASE("cache mascar: a non-owner's request hits a present line and merges into a pending one") {
  CacheBench b(smallCache(), 10);
  b.cpu.start({owned(0, lineIn(1, 0)), nonOwner(2, lineIn(1, 0)),  // merges: nothing below
               nonOwner(30, lineIn(1, 0))});                       // hits
  sc_core::sc_start();
  const auto s = b.stat();
  CHECK(s["refusals_not_owner"] == 0);
  CHECK(s["mshr_merges"] == 1);
  CHECK(s["hits"] == 1);
  CHECK(b.mem.arrivals.size() == 1);
}
