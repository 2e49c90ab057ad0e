#include "warpsim/core/PayloadPool.h"

namespace warpsim {

const char* toString(ReqKind k) {
  switch (k) {
    case ReqKind::Load:
      return "load";
    case ReqKind::Store:
      return "store";
    case ReqKind::Atomic:
      return "atomic";
    case ReqKind::Prefetch:
      return "prefetch";
    case ReqKind::Writeback:
      return "writeback";
  }
  return "?";
}

PayloadPool::~PayloadPool() {
  // Payloads still referenced elsewhere at teardown are released with the pool; detach our
  // manager so the payload destructor does not call back into a dead pool.
  for (auto& p : all_) p->set_mm(nullptr);
}

PooledPayload& PayloadPool::take() {
  PooledPayload* p;
  if (free_.empty()) {
    all_.push_back(std::make_unique<PooledPayload>());
    p = all_.back().get();
    p->set_mm(this);
  } else {
    p = free_.back();
    free_.pop_back();
  }
  p->set_command(tlm::TLM_READ_COMMAND);
  p->set_address(0);
  p->set_data_length(0);
  p->set_byte_enable_ptr(nullptr);
  p->set_byte_enable_length(0);
  p->set_streaming_width(0);
  p->set_dmi_allowed(false);
  p->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  p->acquire();
  return *p;
}

tlm::tlm_generic_payload& PayloadPool::acquire() {
  return acquire(GpuRequest{});
}

tlm::tlm_generic_payload& PayloadPool::acquire(const GpuRequest& request) {
  PooledPayload& p = take();
  p.request = request;
  return p;
}

void PayloadPool::free(tlm::tlm_generic_payload* p) {
  free_.push_back(static_cast<PooledPayload*>(p));  // only our payloads have us as manager
}

}  // namespace warpsim
