#pragma once
// The responses from below, waiting for the cache's fill stage: each is visible the cycle after
// it arrived, and they are handled in arrival order. At most one per cycle fills a line (the
// single fill port GPGPU-Sim's caches have): an MSHR entry's data or a line pushed up by a
// memory-side prefetcher (OWL 4.4). Acknowledgements of posted writes (stores, writebacks) fill
// nothing, so they are released without taking that slot; the order stays that of arrival, so
// one behind a fill that must wait waits too. Plain C++: no SystemC module.
#include <cstdint>

#include <tlm>

#include "warpsim/cache/MissQueue.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/core/TimedQueue.h"

namespace warpsim {

class FillQueue {
 public:
  using Payload = tlm::tlm_generic_payload;
  enum class Kind : std::uint8_t {
    Ack,       // a posted write's acknowledgement: only released
    Fill,      // the data an MSHR entry waits for
    Prefetch,  // a line pushed up without a request (GpuRequest::kUnsolicited)
  };
  struct Response {
    Payload* payload = nullptr;
    Kind kind = Kind::Ack;
    std::uint32_t entry = 0;  // the MSHR entry of a Fill
  };

  void push(Payload* p, Cycle visibleAt) { queue_.push(p, visibleAt); }
  // A new cycle: the fill slot is free again.
  void beginCycle() { filled_ = false; }
  // Takes the next response to handle at `t` into `out`, or returns false when none is visible
  // or the next one would fill a second line this cycle (it then waits for the next cycle).
  bool next(Cycle t, Response& out) {
    if (!queue_.ready(t)) return false;
    Payload* p = queue_.front();
    const Kind k = kindOf(*p);
    if (k != Kind::Ack && filled_) return false;
    queue_.pop();
    if (k != Kind::Ack) filled_ = true;
    out = Response{p, k, GpuRequest::of(*p).tag};
    return true;
  }

  static Kind kindOf(const Payload& p) {
    const GpuRequest& r = GpuRequest::of(p);
    if (r.has(GpuRequest::kUnsolicited)) return Kind::Prefetch;
    return r.tag == MissQueue::kPosted ? Kind::Ack : Kind::Fill;
  }
  bool empty() const { return queue_.empty(); }
  std::size_t size() const { return queue_.size(); }
  Cycle frontVisibleAt() const { return queue_.frontVisibleAt(); }

 private:
  TimedQueue<Payload*> queue_;
  bool filled_ = false;  // a line was filled this cycle
};

}  // namespace warpsim
