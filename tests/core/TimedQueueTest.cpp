#include <catch2/catch.hpp>

#include <stdexcept>

#include "warpsim/core/TimedQueue.h"

using namespace warpsim;

TEST_CASE("timed queue: the head is ready only from its visible cycle on") {
  TimedQueue<int> q;
  q.push(1, 10);
  q.push(2, 12);
  CHECK_FALSE(q.ready(9));
  CHECK(q.ready(10));
  CHECK(q.frontVisibleAt() == 10);
  CHECK(q.pop() == 1);
  CHECK_FALSE(q.ready(11));
  CHECK(q.ready(12));
  CHECK(q.ready(1000));
  CHECK(q.pop() == 2);
  CHECK(q.empty());
  CHECK_FALSE(q.ready(1000));
}

TEST_CASE("timed queue: a later entry never overtakes an earlier, later-visible head") {
  TimedQueue<int> q;
  q.push(1, 20);
  q.push(2, 5);  // visible earlier, but behind the head: FIFO, not a priority queue
  CHECK_FALSE(q.ready(10));
  CHECK(q.ready(20));
  CHECK(q.pop() == 1);
  CHECK(q.ready(20));
  CHECK(q.pop() == 2);
}

TEST_CASE("timed queue: a bounded queue is full at its capacity and refuses a push") {
  TimedQueue<int> q(3);
  CHECK(q.capacity() == 3);
  q.push(1, 0);
  q.push(2, 0);
  CHECK_FALSE(q.full());
  q.push(3, 0);
  CHECK(q.full());
  CHECK(q.size() == 3);
  CHECK_THROWS_AS(q.push(4, 0), std::logic_error);
  CHECK(q.pop() == 1);
  CHECK_FALSE(q.full());
  q.push(4, 0);
  CHECK(q.full());
  CHECK(q.at(0) == 2);
  CHECK(q.at(2) == 4);
}

TEST_CASE(
    "timed queue: an unbounded queue grows past its ring and keeps FIFO order across the wrap") {
  TimedQueue<int> q;  // capacity 0: unbounded, 16 slots to start
  CHECK(q.capacity() == 0);
  int pushed = 0, popped = 0;
  for (; pushed < 10; ++pushed) q.push(pushed, static_cast<Cycle>(pushed));
  for (; popped < 8; ++popped) REQUIRE(q.pop() == popped);                   // head now in mid-ring
  for (; pushed < 50; ++pushed) q.push(pushed, static_cast<Cycle>(pushed));  // wraps, then grows
  CHECK_FALSE(q.full());
  CHECK(q.size() == 42);
  for (std::size_t i = 0; i < q.size(); ++i) REQUIRE(q.at(i) == 8 + static_cast<int>(i));
  for (; popped < 50; ++popped) {
    REQUIRE(q.ready(static_cast<Cycle>(popped)));
    REQUIRE(q.frontVisibleAt() == static_cast<Cycle>(popped));
    REQUIRE(q.pop() == popped);
  }
  CHECK(q.empty());
}

TEST_CASE("timed queue: a copy holds the same entries in order and is independent of its source") {
  TimedQueue<int> q(4);
  q.push(1, 3);
  q.push(2, 4);
  CHECK(q.pop() == 1);
  q.push(3, 5);
  TimedQueue<int> c(q);
  CHECK(c.capacity() == 4);
  CHECK(c.size() == 2);
  CHECK(c.frontVisibleAt() == 4);
  CHECK(q.pop() == 2);  // the source moves on; the copy does not
  CHECK(c.pop() == 2);
  CHECK(c.pop() == 3);
  CHECK(c.empty());
  CHECK_FALSE(c.ready(~Cycle{0} - 1));
  CHECK(q.size() == 1);
}

TEST_CASE("timed queue: the object is half a host cache line") {
  // Blocks keep several queues and read each one's object every tick (ready, frontVisibleAt).
  CHECK(sizeof(TimedQueue<int>) == 32);
  CHECK(sizeof(TimedQueue<std::uint64_t>) == 32);
}
