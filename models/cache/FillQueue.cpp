#include "cache/FillQueue.h"

#include "cache/MissQueue.h"
#include "core/GpuRequest.h"

namespace warpsim {

FillQueue::Kind FillQueue::kindOf(const Payload& p) {
  const GpuRequest& r = GpuRequest::of(p);
  if (r.has(GpuRequest::kUnsolicited)) return Kind::Prefetch;
  return r.tag == MissQueue::kPosted ? Kind::Ack : Kind::Fill;
}

bool FillQueue::next(Cycle t, Response& out) {
  if (!queue_.ready(t)) return false;
  Payload* p = queue_.front();
  const Kind k = kindOf(*p);
  if (k != Kind::Ack && filled_) return false;
  queue_.pop();
  if (k != Kind::Ack) filled_ = true;
  out = Response{p, k, GpuRequest::of(*p).tag};
  return true;
}

}  // namespace warpsim
