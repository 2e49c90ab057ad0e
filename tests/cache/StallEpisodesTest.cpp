// Reservation-failure episodes alone: counted once at their first failing cycle, their cycles
// when they end, change cause or are settled, without SystemC modules.
#include <catch2/catch.hpp>

#include <string>

#include "warpsim/cache/StallEpisodes.h"

using namespace warpsim;

using Cause = StallEpisodes::Cause;

TEST_CASE("stall episodes: retrying with the same cause is one episode, its cycles at its end") {
  CacheStats s;
  StallEpisodes e(s);
  e.note(Cause::Mshr, 10);
  e.note(Cause::Mshr, 11);  // retries change nothing
  e.note(Cause::Mshr, 14);
  CHECK(s.failMshr.value() == 1);
  CHECK(s.failMshrCycles.value() == 0);
  CHECK(e.cause() == Cause::Mshr);
  CHECK(e.since() == 10);
  e.end(17);
  CHECK(s.failMshrCycles.value() == 7);
  CHECK(e.cause() == Cause::None);
  e.end(20);  // nothing going on: nothing counted
  CHECK(s.failMshrCycles.value() == 7);
}

TEST_CASE("stall episodes: a new cause ends the episode and starts another") {
  CacheStats s;
  StallEpisodes e(s);
  e.note(Cause::Line, 5);
  e.note(Cause::MissQueue, 8);
  CHECK(s.failLine.value() == 1);
  CHECK(s.failLineCycles.value() == 3);
  CHECK(s.failMissQueue.value() == 1);
  e.note(Cause::Line, 9);  // back to the first cause: a second episode of it
  CHECK(s.failLine.value() == 2);
  CHECK(s.failMissQueueCycles.value() == 1);
  e.end(12);
  CHECK(s.failLineCycles.value() == 6);
  CHECK(s.failMshr.value() == 0);
}

TEST_CASE("stall episodes: settling counts the cycles so far and never counts them twice") {
  CacheStats s;
  StallEpisodes e(s);
  e.accountUntil(50);  // nothing going on
  CHECK(s.failMissQueueCycles.value() == 0);
  e.note(Cause::MissQueue, 100);
  e.accountUntil(130);  // a kernel boundary
  CHECK(s.failMissQueueCycles.value() == 30);
  CHECK(e.since() == 130);
  e.accountUntil(125);  // an earlier cycle adds nothing and keeps the span's start
  CHECK(s.failMissQueueCycles.value() == 30);
  CHECK(e.since() == 130);
  e.end(140);
  CHECK(s.failMissQueueCycles.value() == 40);
  CHECK(s.failMissQueue.value() == 1);  // still one episode
}

TEST_CASE("stall episodes: each cause is named for the watchdog's report") {
  CHECK(std::string(StallEpisodes::toString(Cause::Line)) == "a line (every way reserved)");
  CHECK(std::string(StallEpisodes::toString(Cause::MissQueue)) == "a miss-queue slot");
  CHECK(std::string(StallEpisodes::toString(Cause::Mshr)) == "an MSHR entry");
}
