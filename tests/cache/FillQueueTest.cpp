// The fill stage's intake alone: responses from below in arrival order, a cycle after they
// arrived, with at most one line filled per cycle and acknowledgements passing free, without
// SystemC modules.
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "warpsim/cache/FillQueue.h"
#include "warpsim/cache/MissQueue.h"
#include "warpsim/core/PayloadPool.h"

using namespace warpsim;

namespace {

using Kind = FillQueue::Kind;

struct Bench {
  PayloadPool pool;
  FillQueue fills;

  tlm::tlm_generic_payload* response(std::uint32_t tag, bool pushed = false) {
    tlm::tlm_generic_payload& p = pool.acquire();
    GpuRequest::of(p).tag = tag;
    if (pushed) GpuRequest::of(p).flags = GpuRequest::kUnsolicited | GpuRequest::kPrefetch;
    return &p;
  }
  // The responses handled in cycle t, as (kind, entry), released as the cache does.
  std::vector<std::pair<Kind, std::uint32_t>> cycle(Cycle t) {
    std::vector<std::pair<Kind, std::uint32_t>> out;
    fills.beginCycle();
    FillQueue::Response r;
    while (fills.next(t, r)) {
      out.emplace_back(r.kind, r.kind == Kind::Fill ? r.entry : 0);
      r.payload->release();
    }
    return out;
  }
};

using Seen = std::vector<std::pair<Kind, std::uint32_t>>;

}  // namespace

TEST_CASE("fill queue: a response is classified by its tag and its unsolicited flag") {
  Bench b;
  tlm::tlm_generic_payload* ack = b.response(MissQueue::kPosted);
  tlm::tlm_generic_payload* fill = b.response(3);
  tlm::tlm_generic_payload* pushed = b.response(MissQueue::kPosted, true);
  CHECK(FillQueue::kindOf(*ack) == Kind::Ack);
  CHECK(FillQueue::kindOf(*fill) == Kind::Fill);
  CHECK(FillQueue::kindOf(*pushed) == Kind::Prefetch);
  ack->release();
  fill->release();
  pushed->release();
}

TEST_CASE("fill queue: one line is filled per cycle, the next fill waits a cycle") {
  Bench b;
  b.fills.push(b.response(0), 10);
  b.fills.push(b.response(1), 10);
  b.fills.push(b.response(2, true), 10);
  CHECK(b.cycle(9).empty());  // not visible before the cycle after arrival
  CHECK(b.cycle(10) == Seen{{Kind::Fill, 0}});
  CHECK(b.cycle(11) == Seen{{Kind::Fill, 1}});
  CHECK(b.cycle(12) == Seen{{Kind::Prefetch, 0}});  // a pushed line takes the slot too
  CHECK(b.fills.empty());
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("fill queue: acknowledgements are released without taking the fill slot") {
  Bench b;
  b.fills.push(b.response(MissQueue::kPosted), 5);
  b.fills.push(b.response(4), 5);
  b.fills.push(b.response(MissQueue::kPosted), 5);
  b.fills.push(b.response(5), 5);
  b.fills.push(b.response(MissQueue::kPosted), 5);
  // Ack, fill, ack: then the second fill stops the cycle, and the ack behind it waits too.
  CHECK(b.cycle(5) == Seen{{Kind::Ack, 0}, {Kind::Fill, 4}, {Kind::Ack, 0}});
  CHECK(b.fills.size() == 2);
  CHECK(b.cycle(6) == Seen{{Kind::Fill, 5}, {Kind::Ack, 0}});
  CHECK(b.fills.empty());
}

TEST_CASE("fill queue: a response arriving later waits for its own cycle") {
  Bench b;
  b.fills.push(b.response(MissQueue::kPosted), 3);
  b.fills.push(b.response(7), 8);
  CHECK(b.fills.frontVisibleAt() == 3);
  CHECK(b.cycle(4) == Seen{{Kind::Ack, 0}});
  CHECK(b.fills.frontVisibleAt() == 8);
  CHECK(b.cycle(7).empty());
  CHECK(b.cycle(8) == Seen{{Kind::Fill, 7}});
}
