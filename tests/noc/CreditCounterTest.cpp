// The credit counter of a router output or an interface: credits given at t are usable from
// their visibleAt on, a taken credit is gone, and give() reports a holder that had none.
#include <catch2/catch.hpp>

#include "warpsim/noc/Flit.h"

using warpsim::noc::CreditCounter;

TEST_CASE("credits: a returned group counts from its cycle on, whenever it is asked") {
  CreditCounter c;
  c.reset(2);
  c.take(10);
  c.take(10);
  CHECK(c.available(10) == 0);
  CHECK(c.give(12, 1));  // none usable at 11: the holder slept and must be woken
  CHECK(c.available(11) == 0);
  CHECK(c.inFlightAt(11) == 12);
  CHECK(c.available(12) == 1);  // asked before it is folded in
  CHECK(c.inFlightAt(12) == 0);
  CHECK(c.available(11) == 0);  // asking changed nothing
  CHECK_FALSE(c.give(13, 1));   // one usable at 12 already
  CHECK(c.available(13) == 2);
  c.take(13);
  CHECK(c.available(13) == 1);
  CHECK(c.available(20) == 1);
}

TEST_CASE("credits: groups given for the same cycle add up") {
  CreditCounter c;
  c.reset(0);
  CHECK(c.give(5, 2));
  CHECK(c.give(5, 3));  // still none usable at 4
  CHECK(c.available(4) == 0);
  CHECK(c.available(5) == 5);
  c.take(5);
  CHECK(c.available(5) == 4);
  CHECK(c.inFlightAt(5) == 0);
}
