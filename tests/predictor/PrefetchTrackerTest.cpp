// Accounting of the predictor-driven prefetcher: useful, early, late, useless.
#include <catch2/catch.hpp>

#include "warpsim/predictor/PrefetchTracker.h"

using namespace warpsim;

TEST_CASE("PrefetchTracker classifies prefetches by what the demand found") {
  PrefetchTracker t;
  constexpr Addr a = 0x10000000, b = a + 128, c = a + 256, d = a + 384;
  for (Addr line : {a, b, c, d}) {
    CHECK(t.fresh(line));
    t.issued(line);
    CHECK(!t.fresh(line));
  }
  t.done(a);
  t.done(b);
  t.demand(a, true);         // completed, still in the L2: useful
  t.demand(b, false);        // completed, evicted since: early
  t.demand(c, true);         // still in flight: late
  t.demand(a, true);         // a second demand counts nothing
  t.demand(a + 4096, true);  // never prefetched: nothing
  CHECK(t.issuedCount.value() == 4);
  CHECK(t.useful.value() == 1);
  CHECK(t.early.value() == 1);
  CHECK(t.late.value() == 1);
  CHECK(t.useless.value() == 0);
  t.flush();  // d was never demanded
  CHECK(t.useless.value() == 1);
  CHECK(t.fresh(a));
}

TEST_CASE("PrefetchTracker: a prefetch replaced before any demand is useless") {
  PrefetchTracker t(1);  // one slot: every line shares it
  t.issued(0x1000);
  t.issued(0x2000);
  CHECK(t.useless.value() == 1);
  t.demand(0x2000, true);
  CHECK(t.late.value() == 1);
  t.issued(0x3000);  // replaces a used line: not useless
  CHECK(t.useless.value() == 1);
}
