// One GDDR timing rule per test, with exact cycle figures (DramTestSupport.h gives the timing).
// A request accepted at cycle a is visible to the scheduler at a + 1; a read's response leaves
// when its last data beat has crossed the bus: RD + tCL + burst (4 cycles).
#include <catch2/catch.hpp>

#include "DramTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

TEST_CASE("gddr: a read to a closed bank takes tRCD + tCL + burst after its ACT") {
  DramBench b;
  const nlohmann::json s = b.run({read(0, at(0, 0))});
  // ACT at 1, RD at 1 + tRCD = 13, data 23..27.
  CHECK(b.resp(0) == 1 + 12 + 10 + 4);
  CHECK(s["row_misses"] == 1);
  CHECK(s["activates"] == 1);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("gddr: a row hit costs tCL + burst") {
  DramBench b;
  const nlohmann::json s = b.run({read(0, at(0, 0, 0)), read(40, at(0, 0, 1))});
  CHECK(b.resp(0) == 27);
  CHECK(b.resp(1) == 40 + 1 + 10 + 4);  // visible at 41, RD at 41
  CHECK(s["row_hits"] == 1);
  CHECK(s["activates"] == 1);
}

TEST_CASE("gddr: a row conflict takes tRP + tRCD + tCL + burst") {
  DramBench b;
  const nlohmann::json s = b.run({read(0, at(0, 0)), read(40, at(0, 1))});
  // PRE at 41 (tRAS expired at 26), ACT at 51, RD at 63, data 73..77.
  CHECK(b.resp(1) == 40 + 1 + 10 + 12 + 10 + 4);
  CHECK(s["row_conflicts"] == 1);
  CHECK(s["precharges"] == 1);
}

TEST_CASE("gddr: ACT to ACT on different banks waits tRRD") {
  DramBench b;
  b.run({read(0, at(0, 0)), read(0, at(1, 0))});
  CHECK(b.resp(0) == 27);
  // ACT bank 1 at 1 + tRRD = 9, RD at 21, data 31..35 (without tRRD: RD at 17, response 31).
  CHECK(b.resp(1) == 1 + 8 + 12 + 10 + 4);
}

TEST_CASE("gddr: a read after a write to the same bank waits tCDLR after the write data") {
  DramBench b;
  b.run({write(0, at(0, 0, 0)), read(0, at(0, 0, 1))});
  // WR at 13, write data 17..21 (acknowledged at 21); RD at 21 + tCDLR = 27, data 37..41.
  CHECK(b.resp(0) == 13 + 4 + 4);
  CHECK(b.resp(1) == 21 + 6 + 10 + 4);
}

TEST_CASE("gddr: a precharge after a write waits tWR after the write data") {
  DramBench b;
  b.run({write(0, at(0, 0)), read(0, at(0, 1))});
  // Write data ends at 21: PRE at 21 + tWR = 32, ACT at 42, RD at 54, data 64..68.
  CHECK(b.resp(0) == 21);
  CHECK(b.resp(1) == 32 + 10 + 12 + 10 + 4);
}

TEST_CASE("gddr: column commands are tCCD apart and data bursts never overlap") {
  DramBench b;
  b.run({read(0, at(0, 0, 0)), read(0, at(0, 0, 1)), read(0, at(0, 0, 2))});
  // RD at 13, then the bus (4 cycles per line) paces the rest: 17, 21.
  CHECK(b.resp(0) == 27);
  CHECK(b.resp(1) == 31);
  CHECK(b.resp(2) == 35);
}

TEST_CASE("gddr: the controller sleeps from one command until the next can issue") {
  DramBench b;
  b.run({read(0, at(0, 0)), read(0, at(1, 0))});
  CHECK(b.resp(0) == 27);
  CHECK(b.resp(1) == 35);
  // The controller ticks at 1 (both visible: ACT bank 0; bank 1's ACT could go too), 2 (tRRD
  // holds bank 1 until 9), 9 (ACT bank 1), 13 (RD bank 0 after tRCD; bank 0 has nothing left),
  // 21 (RD bank 1 after tRCD), 27 and 35 (data done). Looking again the cycle after every
  // command would add 10, 14 and 22.
  CHECK(b.clock.ticksExecuted() == 7);
}
