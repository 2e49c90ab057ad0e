// Conservation checks (core/Conservation.h): what each rule accepts and reports.
#include <catch2/catch.hpp>

#include <sstream>

#include "warpsim/core/Conservation.h"
#include "warpsim/core/Watchdog.h"

using namespace warpsim;

TEST_CASE("conservation: a balanced ledger passes, drained or not") {
  for (bool drained : {false, true}) {
    ConservationCheck c(drained);
    c.ledger("gpu.l2_0", RequestLedger{10, 10, 4, 4});
    CHECK(c.ok());
  }
}

TEST_CASE("conservation: requests still inside pass a stopped run but fail a finished one") {
  const RequestLedger inFlight{10, 7, 4, 3};
  ConservationCheck stopped(false);
  stopped.ledger("gpu.l2_0", inFlight);
  CHECK(stopped.ok());

  ConservationCheck finished(true);
  finished.ledger("gpu.l2_0", inFlight);
  REQUIRE(finished.violations().size() == 2);
  CHECK(finished.violations()[0] == "gpu.l2_0: requests taken = 10, but answered = 7");
  CHECK(finished.violations()[1] == "gpu.l2_0: requests sent below = 4, but answers received = 3");
}

TEST_CASE("conservation: more answers than requests fail even a stopped run") {
  ConservationCheck c(false);
  c.ledger("gpu.icnt", RequestLedger{5, 6, 9, 10});
  REQUIRE(c.violations().size() == 2);
  CHECK(c.violations()[0] ==
        "gpu.icnt: answered 6 requests but took only 5 (a duplicated response)");
  CHECK(c.violations()[1] ==
        "gpu.icnt: received 10 answers to 9 requests sent (a duplicated or foreign response)");
}

TEST_CASE("conservation: counters that disagree are named with both values") {
  ConservationCheck c(false);
  c.equal("gpu.sm0.l1d", "accesses", 100, "hits + misses + mshr_merges", 99);
  c.equal("gpu.sm1.l1d", "accesses", 7, "hits + misses + mshr_merges", 7);
  REQUIRE(c.violations().size() == 1);
  CHECK(c.violations()[0] == "gpu.sm0.l1d: accesses = 100, but hits + misses + mshr_merges = 99");
  CHECK_THAT(c.report(), Catch::StartsWith("warpsim: conservation check failed at the end of the "
                                           "run (stopped early):\n  gpu.sm0.l1d: accesses"));
}

namespace {
struct Holder : IDiagnosable {
  bool holds = false;
  void describeWaits(std::ostream& os) const override {
    if (holds) os << "blk: 2 requests queued\n";
  }
};
}  // namespace

TEST_CASE("conservation: a block that still holds work fails a finished run only") {
  Holder h;
  h.holds = true;
  ConservationCheck stopped(false);
  h.checkConservation(stopped);
  CHECK(stopped.ok());
  ConservationCheck finished(true);
  h.checkConservation(finished);
  REQUIRE(finished.violations().size() == 1);
  CHECK(finished.violations()[0] == "end of run: a block still holds work: blk: 2 requests queued");
  h.holds = false;
  ConservationCheck empty(true);
  h.checkConservation(empty);
  CHECK(empty.ok());
}
