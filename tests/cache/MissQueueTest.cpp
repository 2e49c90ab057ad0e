// The miss queue alone: its bound, the requests it builds for below, and their order and
// timing, without SystemC modules.
#include <catch2/catch.hpp>

#include "warpsim/cache/MissQueue.h"
#include "warpsim/interfaces/MascarFlags.h"

using namespace warpsim;

namespace {

GpuRequest request() {
  GpuRequest r;
  r.id = 42;
  r.kind = ReqKind::Load;
  r.space = ReqSpace::Local;
  r.sm = SmId{3};
  r.warp = WarpId{7};
  r.pc = 0x88;
  r.sectorMask = 0x1;
  r.issueCycle = 90;
  r.tag = 999;  // the sender's own tag: replaced below
  r.flags = GpuRequest::kNoAllocate | mascar::kOwner | mascar::kRefusable | mascar::kHitOnly |
            mascar::kReexecuted;
  return r;
}

void drain(MissQueue& q) {
  while (!q.empty()) q.pop()->release();
}

}  // namespace

TEST_CASE("miss queue: free slots count down from the bound and never go below zero") {
  PayloadPool pool;
  MissQueue q(2, 128, pool);
  CHECK(q.capacity() == 2);
  CHECK(q.freeSlots() == 2);
  q.push(request(), ReqKind::Load, tlm::TLM_READ_COMMAND, 0x100, 0, 10);
  CHECK(q.freeSlots() == 1);
  q.push(request(), ReqKind::Load, tlm::TLM_READ_COMMAND, 0x180, 1, 10);
  CHECK(q.freeSlots() == 0);
  // A fill's writeback may pass the bound: the queue holds three, and still no slot is free.
  q.pushWriteback(CacheLine{0x200, LineState::Valid, true, OwnerWarp{SmId{1}, WarpId{2}}}, 10);
  CHECK(q.size() == 3);
  CHECK(q.freeSlots() == 0);
  q.pop()->release();
  CHECK(q.freeSlots() == 0);  // two left: exactly full
  q.pop()->release();
  CHECK(q.freeSlots() == 1);
  drain(q);
  CHECK(q.freeSlots() == 2);
}

TEST_CASE("miss queue: a request for below copies the ids of its cause and drops Mascar's bits") {
  PayloadPool pool;
  MissQueue q(4, 128, pool);
  tlm::tlm_generic_payload& d =
      q.push(request(), ReqKind::Load, tlm::TLM_READ_COMMAND, 0x1080, 5, 20);
  const GpuRequest& r = GpuRequest::of(d);
  CHECK(r.id == 42);
  CHECK(r.sm == SmId{3});  // routes the response back through the interconnect
  CHECK(r.warp == WarpId{7});
  CHECK(r.space == ReqSpace::Local);
  CHECK(r.pc == 0x88);
  CHECK(r.issueCycle == 90);
  CHECK(r.sectorMask == 0x1);
  CHECK(r.kind == ReqKind::Load);
  CHECK(r.lineAddr == 0x1080);
  CHECK(r.tag == 5);  // the MSHR entry
  CHECK(r.flags == (GpuRequest::kNoAllocate | mascar::kOwner));
  CHECK(d.is_read());
  CHECK(d.get_address() == 0x1080);
  CHECK(d.get_data_length() == 128);
  CHECK(d.get_streaming_width() == 128);
  drain(q);
}

TEST_CASE("miss queue: a forwarded store keeps its kind and command, with the tag given") {
  PayloadPool pool;
  MissQueue q(4, 64, pool);
  GpuRequest s = request();
  s.kind = ReqKind::Store;
  tlm::tlm_generic_payload& d =
      q.push(s, ReqKind::Store, tlm::TLM_WRITE_COMMAND, 0x40, MissQueue::kPosted, 0);
  CHECK(GpuRequest::of(d).kind == ReqKind::Store);
  CHECK(GpuRequest::of(d).tag == MissQueue::kPosted);
  CHECK(d.is_write());
  CHECK(d.get_data_length() == 64);
  drain(q);
}

TEST_CASE("miss queue: a writeback is the whole line, posted, in its owner's name") {
  PayloadPool pool;
  MissQueue q(4, 128, pool);
  const CacheLine v{0x3000, LineState::Valid, true, OwnerWarp{SmId{5}, WarpId{11}}};
  tlm::tlm_generic_payload& d = q.pushWriteback(v, 77);
  const GpuRequest& r = GpuRequest::of(d);
  CHECK(r.kind == ReqKind::Writeback);
  CHECK(r.sm == SmId{5});
  CHECK(r.warp == WarpId{11});
  CHECK(r.issueCycle == 77);
  CHECK(r.sectorMask == 0xF);  // four 32-byte sectors of a 128-byte line
  CHECK(r.lineAddr == 0x3000);
  CHECK(r.tag == MissQueue::kPosted);
  CHECK(r.flags == 0);
  CHECK(d.is_write());
  CHECK(d.get_address() == 0x3000);
  drain(q);
}

TEST_CASE(
    "miss queue: requests leave in order, each the cycle after it was queued at the earliest") {
  PayloadPool pool;
  MissQueue q(4, 128, pool);
  tlm::tlm_generic_payload& a = q.push(request(), ReqKind::Load, tlm::TLM_READ_COMMAND, 0x0, 0, 10);
  tlm::tlm_generic_payload& b =
      q.push(request(), ReqKind::Load, tlm::TLM_READ_COMMAND, 0x80, 1, 12);
  CHECK_FALSE(q.ready(10));
  CHECK(q.frontVisibleAt() == 11);
  CHECK(q.ready(11));
  CHECK(q.pop() == &a);
  CHECK_FALSE(q.ready(12));  // b was queued at 12: visible at 13
  CHECK(q.ready(13));
  CHECK(q.pop() == &b);
  CHECK(q.empty());
  a.release();
  b.release();
  CHECK(pool.inUse() == 0);
}
