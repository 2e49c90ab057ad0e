#include "warpsim/cache/MissQueue.h"

#include "warpsim/interfaces/MascarFlags.h"

namespace warpsim {

MissQueue::MissQueue(std::uint32_t capacity, std::uint32_t lineSize, PayloadPool& pool)
    : capacity_(capacity), lineSize_(lineSize), pool_(pool) {}

std::uint32_t MissQueue::freeSlots() const {
  const std::size_t used = queue_.size();  // may pass capacity: writebacks made by fills
  return used < capacity_ ? static_cast<std::uint32_t>(capacity_ - used) : 0;
}

MissQueue::Payload& MissQueue::push(const GpuRequest& proto, ReqKind kind, tlm::tlm_command command,
                                    Addr line, std::uint32_t tag, Cycle t) {
  Payload& d = pool_.acquire(proto);
  GpuRequest& r = GpuRequest::of(d);
  r.flags &=
      static_cast<std::uint8_t>(~(mascar::kRefusable | mascar::kHitOnly | mascar::kReexecuted));
  r.kind = kind;
  r.lineAddr = line;
  r.tag = tag;
  d.set_command(command);
  d.set_address(line);
  d.set_data_length(lineSize_);
  d.set_streaming_width(lineSize_);
  queue_.push(&d, t + 1);
  return d;
}

MissQueue::Payload& MissQueue::pushWriteback(const CacheLine& v, Cycle t) {
  GpuRequest wb;
  wb.kind = ReqKind::Writeback;
  wb.sm = v.owner.sm;
  wb.warp = v.owner.warp;
  wb.issueCycle = t;
  wb.sectorMask = (1u << (lineSize_ / 32)) - 1;  // every 32-byte sector of the line
  return push(wb, ReqKind::Writeback, tlm::TLM_WRITE_COMMAND, v.lineAddr, kPosted, t);
}

}  // namespace warpsim
