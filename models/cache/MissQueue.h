#pragma once
// The cache's miss queue: the requests it builds for below (line fetches, forwarded stores and
// atomics, writebacks of dirty victims), each visible the cycle after it was queued and sent
// in order, one per cycle, as below takes them. Bounded by the cache's miss_queue parameter:
// the access paths check freeSlots() before they change anything (a failed reservation changes
// nothing, GPGPU-Sim's order), and only the writeback a fill makes may pass the bound, since a
// fill cannot wait. Plain C++: no SystemC module.
#include <cstdint>

#include <tlm>

#include "warpsim/cache/TagArray.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/core/TimedQueue.h"

namespace warpsim {

class MissQueue {
 public:
  using Payload = tlm::tlm_generic_payload;
  // The tag of a request below that nothing waits for (posted stores, writebacks): its
  // response is only released. Every other request below carries its MSHR entry.
  static constexpr std::uint32_t kPosted = ~std::uint32_t{0};

  // `pool` supplies the payloads; each request below is one line of `lineSize` bytes.
  MissQueue(std::uint32_t capacity, std::uint32_t lineSize, PayloadPool& pool);

  // Slots left before the bound; none (never negative) while fills' writebacks hold it above.
  std::uint32_t freeSlots() const;
  // Queues a new payload for below, visible at t+1: a copy of `proto` (so that its SM still
  // routes the response) of `kind`, for `line`, with `tag`, and without Mascar's flags, which
  // concern the hop from the LSU to its L1 only. Address = line, length = line size.
  Payload& push(const GpuRequest& proto, ReqKind kind, tlm::tlm_command command, Addr line,
                std::uint32_t tag, Cycle t);
  // Queues the posted writeback of the dirty line `v`: the whole line, with the owner warp's SM
  // and slot, which route the acknowledgement back through the interconnect.
  Payload& pushWriteback(const CacheLine& v, Cycle t);

  bool ready(Cycle t) const { return queue_.ready(t); }
  Payload* pop() { return queue_.pop(); }
  bool empty() const { return queue_.empty(); }
  std::size_t size() const { return queue_.size(); }
  std::uint32_t capacity() const { return capacity_; }
  Cycle frontVisibleAt() const { return queue_.frontVisibleAt(); }

 private:
  std::uint32_t capacity_;
  std::uint32_t lineSize_;
  PayloadPool& pool_;
  TimedQueue<Payload*> queue_;  // unbounded: the bound is freeSlots()'s to enforce
};

}  // namespace warpsim
