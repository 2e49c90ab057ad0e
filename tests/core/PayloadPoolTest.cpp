#include <catch2/catch.hpp>

#include <vector>

#include "warpsim/core/PayloadPool.h"

using namespace warpsim;

namespace {

// Acquires `n` payloads at once, then releases them all (one "cycle" of a busy memory path).
void burst(PayloadPool& pool, std::size_t n) {
  std::vector<tlm::tlm_generic_payload*> held;
  for (std::size_t i = 0; i < n; ++i) held.push_back(&pool.acquire());
  for (tlm::tlm_generic_payload* p : held) p->release();
}

}  // namespace

TEST_CASE("payload pool: after warm-up, acquire/release cycles allocate nothing") {
  PayloadPool pool;
  burst(pool, 8);  // warm-up: the most ever outstanding at once
  REQUIRE(pool.allocated() == 8);
  for (int cycle = 0; cycle < 1000; ++cycle) burst(pool, 1 + cycle % 8);
  CHECK(pool.allocated() == 8);
  CHECK(pool.inUse() == 0);
  burst(pool, 9);  // one more than ever before: exactly one new payload
  CHECK(pool.allocated() == 9);
}

TEST_CASE("payload pool: a recycled payload comes back cleared") {
  PayloadPool pool;
  tlm::tlm_generic_payload& p = pool.acquire();
  GpuRequest& r = GpuRequest::of(p);
  r.id = 77;
  r.kind = ReqKind::Store;
  r.space = ReqSpace::Texture;
  r.sm = SmId{3};
  r.warp = WarpId{5};
  r.cta = CtaId{9};
  r.pc = 0x40;
  r.lineAddr = 0x1000;
  r.sectorMask = 0xf;
  r.issueCycle = 123;
  r.flags = GpuRequest::kPrefetch;
  r.tag = 42;
  p.set_command(tlm::TLM_WRITE_COMMAND);
  p.set_address(0x1000);
  p.set_data_length(128);
  p.set_response_status(tlm::TLM_OK_RESPONSE);
  p.release();

  tlm::tlm_generic_payload& q = pool.acquire();
  CHECK(&q == &p);  // the same slot, not a new allocation
  CHECK(pool.allocated() == 1);
  CHECK(q.get_ref_count() == 1);
  CHECK(q.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE);
  CHECK(q.get_command() == tlm::TLM_READ_COMMAND);
  CHECK(q.get_address() == 0);
  CHECK(q.get_data_length() == 0);
  CHECK(q.get_data_ptr() != nullptr);
  const GpuRequest& c = GpuRequest::of(q);
  CHECK(c.id == 0);
  CHECK(c.kind == ReqKind::Load);
  CHECK(c.space == ReqSpace::Global);
  CHECK(c.sm == SmId{0});
  CHECK(c.warp == WarpId{0});
  CHECK(c.cta == CtaId{0});
  CHECK(c.pc == 0);
  CHECK(c.lineAddr == 0);
  CHECK(c.sectorMask == 0);
  CHECK(c.issueCycle == 0);
  CHECK(c.flags == 0);
  CHECK(c.tag == 0);
  q.release();
}

TEST_CASE("payload pool: inUse counts payloads until their last reference is released") {
  PayloadPool pool;
  tlm::tlm_generic_payload& a = pool.acquire();
  tlm::tlm_generic_payload& b = pool.acquire();
  tlm::tlm_generic_payload& c = pool.acquire();
  CHECK(pool.inUse() == 3);
  b.release();
  CHECK(pool.inUse() == 2);
  a.acquire();  // a second holder (e.g. a target keeping the request)
  a.release();
  CHECK(pool.inUse() == 2);  // still referenced once
  a.release();
  CHECK(pool.inUse() == 1);
  c.release();
  CHECK(pool.inUse() == 0);
  CHECK(pool.allocated() == 3);
}
