// The lookup of the request at the head of the input queue, and what each outcome does to the
// tags, the MSHRs and the miss queue. Every path checks all the resources it needs before it
// changes anything, so a failed reservation leaves the cache exactly as it was.
#include "cache/Cache.h"
#include "interfaces/MascarFlags.h"

namespace warpsim {
namespace {
OwnerWarp ownerOf(const GpuRequest& r) {
  return OwnerWarp{r.sm, r.warp};
}
}  // namespace

WritePolicy Cache::policyFor(const GpuRequest& r) const {
  if (params_.writePolicy != WritePolicy::LocalWbGlobalEvict) return params_.writePolicy;
  return r.space == ReqSpace::Local ? WritePolicy::WriteBack : WritePolicy::WriteEvict;
}

Cache::Stall Cache::access(const Waiter& w, Cycle t) {
  const Payload& p = *w.payload;
  const GpuRequest& r = GpuRequest::of(p);
  if (params_.perfect) {
    stats_.accesses.inc();
    stats_.hits.inc();
    respondAfterHit(w, t);
    return Stall::None;
  }
  const Addr line = tags_.lineOf(p.get_address());
  const std::uint32_t set = tags_.setOf(line);
  const std::uint32_t way = tags_.find(set, line);
  const bool valid = way != TagArray::kNoWay && tags_.line(set, way).state == LineState::Valid;
  const Lookup k{w, r, line, set, way, valid};
  const bool writes = p.is_write() || r.kind == ReqKind::Store || r.kind == ReqKind::Writeback;
  const Stall s = r.kind == ReqKind::Atomic ? atomic(k, t) : writes ? write(k, t) : read(k, t);
  if (s == Stall::None && accessObserver_) accessObserver_(line, ownerOf(r), kindOf(r, writes));
  return s;
}

Cache::AccessKind Cache::kindOf(const GpuRequest& r, bool writes) const {
  const WritePolicy wp = policyFor(r);
  if (r.kind == ReqKind::Atomic)
    return wp == WritePolicy::WriteBack ? AccessKind::StoreAllocate : AccessKind::Atomic;
  if (!writes) return AccessKind::Load;
  if (wp == WritePolicy::WriteBack && !r.has(GpuRequest::kNoAllocate))
    return AccessKind::StoreAllocate;
  return wp == WritePolicy::WriteThrough || wp == WritePolicy::WriteBack ? AccessKind::StoreAround
                                                                         : AccessKind::StoreEvict;
}

Cache::Stall Cache::read(const Lookup& k, Cycle t) {
  if (k.valid) {
    hit(k);
    respondAfterHit(k.w, t);
    return Stall::None;
  }
  const bool allocate = !k.r.has(GpuRequest::kNoAllocate);
  if (allocate) {
    const std::uint32_t e = mshrs_.find(k.line);
    if (e != MshrTable::kNone) return merge(e, k, false);
  }
  return newMiss(k, allocate, false, true, t);
}

Cache::Stall Cache::write(const Lookup& k, Cycle t) {
  switch (policyFor(k.r)) {
    case WritePolicy::WriteBack:
      return writeBack(k, t);
    case WritePolicy::WriteThrough:
      return writeAround(k, false, t);
    default:
      return writeAround(k, true, t);
  }
}

// Write-back with write-allocate: a hit dirties the line; a miss fetches the line (fetch on
// write) and the fill leaves it dirty; a store to a line already on its way merges. A
// writeback from above carries the whole line, so it is installed without a fetch.
Cache::Stall Cache::writeBack(const Lookup& k, Cycle t) {
  if (k.valid) {
    hit(k);
    tags_.setDirty(k.set, k.way);
    respondAfterHit(k.w, t);
    return Stall::None;
  }
  if (k.r.has(GpuRequest::kNoAllocate)) return writeAround(k, false, t);
  const std::uint32_t e = mshrs_.find(k.line);
  if (e != MshrTable::kNone) return merge(e, k, true);
  if (k.r.kind == ReqKind::Writeback) return installWithoutFetch(k, t);
  return newMiss(k, true, true, true, t);
}

// Write-evict and write-through: the store goes below and is answered after the hit latency
// (a posted write: the cache has taken it on); a write-evict hit invalidates the line. Stores
// never allocate, and a store to a line awaiting its fill leaves the reservation alone.
Cache::Stall Cache::writeAround(const Lookup& k, bool invalidateOnHit, Cycle t) {
  if (k.r.has(mascar::kHitOnly)) return Stall::NotOwner;  // a store always goes below
  if (missQueueFree() < 1) return Stall::MissQueue;
  if (params_.ackStores && mshrs_.full()) return Stall::Mshr;
  if (k.valid) {
    hit(k);
    if (invalidateOnHit) tags_.invalidate(k.set, k.way);
  } else {
    countMiss(k);
  }
  if (params_.ackStores) {  // answered with the acknowledgement: an MSHR entry of its own
    const std::uint32_t e = mshrs_.allocate(k.line, true, k.w);
    queueBelow(k.r, k.r.kind, tlm::TLM_WRITE_COMMAND, k.line, e, t);
    return Stall::None;
  }
  queueBelow(k.r, k.r.kind, tlm::TLM_WRITE_COMMAND, k.line, kPosted, t);
  respondAfterHit(k.w, t);
  return Stall::None;
}

// A write-back cache performs atomics on its own line, as a store. Any other cache sends the
// atomic below with an MSHR entry of its own, drops its copy of the line, and answers when the
// result comes back (an atomic's response carries data, so it cannot be posted).
Cache::Stall Cache::atomic(const Lookup& k, Cycle t) {
  if (policyFor(k.r) == WritePolicy::WriteBack) return writeBack(k, t);
  const bool valid = k.valid;
  const Stall s = newMiss(k, false, false, false, t);
  if (s == Stall::None && valid) tags_.invalidate(k.set, k.way);
  return s;
}

Cache::Stall Cache::merge(std::uint32_t e, const Lookup& k, bool dirty) {
  if (mshrs_.mergeFull(e)) return Stall::Mshr;
  mshrs_.merge(e, k.w);
  if (dirty) mshrs_.setDirtyOnFill(e);
  if (k.way != TagArray::kNoWay) tags_.touch(k.set, k.way);  // the reserved line
  stats_.accesses.inc();
  stats_.mshrMerges.inc();
  return Stall::None;
}

// A miss needs, in GPGPU-Sim's order: a line to reserve (allocate on miss), room in the miss
// queue (two slots if the victim is dirty), and a free MSHR entry. `fetch` sends a read for the
// line; otherwise the request itself goes below (an atomic).
Cache::Stall Cache::newMiss(const Lookup& k, bool allocateLine, bool dirtyOnFill, bool fetch,
                            Cycle t) {
  // Mascar III-A: a non-owner's miss in MP mode may not go below (its merges may: they don't).
  if (k.r.has(mascar::kHitOnly)) return Stall::NotOwner;
  const bool reserve = allocateLine && params_.allocate == AllocatePolicy::OnMiss;
  std::uint32_t victim = TagArray::kNoWay;
  std::uint32_t slots = 1;
  if (reserve) {
    victim = tags_.victim(k.set);
    if (victim == TagArray::kNoWay) return Stall::Line;
    if (tags_.line(k.set, victim).state == LineState::Valid && tags_.line(k.set, victim).dirty)
      slots = 2;
  }
  if (missQueueFree() < slots) return Stall::MissQueue;
  if (mshrs_.full()) return Stall::Mshr;
  if (reserve) {
    evict(k.set, victim, t);
    tags_.install(k.set, victim, k.line, LineState::Reserved, ownerOf(k.r));
  }
  const std::uint32_t e = mshrs_.allocate(k.line, !allocateLine, k.w);
  if (dirtyOnFill) mshrs_.setDirtyOnFill(e);
  const Payload& p = *k.w.payload;
  if (fetch)
    queueBelow(k.r, k.r.kind == ReqKind::Prefetch ? ReqKind::Prefetch : ReqKind::Load,
               tlm::TLM_READ_COMMAND, k.line, e, t);
  else
    queueBelow(k.r, k.r.kind, p.get_command(), k.line, e, t);
  countMiss(k);
  return Stall::None;
}

Cache::Stall Cache::installWithoutFetch(const Lookup& k, Cycle t) {
  const std::uint32_t victim = tags_.victim(k.set);
  if (victim == TagArray::kNoWay) return Stall::Line;
  const CacheLine& v = tags_.line(k.set, victim);
  if (v.state == LineState::Valid && v.dirty && missQueueFree() < 1) return Stall::MissQueue;
  evict(k.set, victim, t);
  tags_.install(k.set, victim, k.line, LineState::Valid, ownerOf(k.r));
  tags_.setDirty(k.set, victim);
  countMiss(k);
  respondAfterHit(k.w, t);
  return Stall::None;
}

// The line of a completed (non-bypass) MSHR entry becomes valid: its reserved way, or with
// allocate-on-fill a victim chosen now. A dirty victim's writeback then joins the miss queue
// even if it is full (a fill cannot wait), so the queue may briefly hold more than its size.
void Cache::installOnFill(std::uint32_t e, Cycle t) {
  const MshrTable::Entry& en = mshrs_.entry(e);
  const std::uint32_t set = tags_.setOf(en.line);
  std::uint32_t way = tags_.find(set, en.line);
  if (way == TagArray::kNoWay) {
    way = tags_.victim(set);
    if (way == TagArray::kNoWay) return;  // every way reserved: the data passes uncached
    evict(set, way, t);
    const GpuRequest& first = GpuRequest::of(*mshrs_.waiter(e, 0).payload);
    tags_.install(set, way, en.line, LineState::Valid, ownerOf(first));
  } else {
    tags_.fill(set, way);
  }
  if (en.dirtyOnFill) tags_.setDirty(set, way);
  stats_.fills.inc();
}

// A line pushed up by a memory-side prefetcher (OWL 4.4) is installed clean and marked, unless
// the line is already present or awaiting its fill (then the push is dropped), or every way of
// its set is reserved.
void Cache::installPrefetch(const Payload& p, Cycle t) {
  const Addr line = tags_.lineOf(p.get_address());
  const std::uint32_t set = tags_.setOf(line);
  const std::uint32_t present = tags_.find(set, line);
  const std::uint32_t way = present == TagArray::kNoWay ? tags_.victim(set) : TagArray::kNoWay;
  if (way == TagArray::kNoWay) {
    stats_.prefetchDropped.inc();
    if (present != TagArray::kNoWay &&
        tags_.line(set, present).state == LineState::Reserved)  // the demand went first
      stats_.prefetchLate.inc();
    return;
  }
  if (tags_.line(set, way).state == LineState::Valid && tags_.line(set, way).dirty)
    stats_.prefetchWritebacks.inc();
  evict(set, way, t);
  tags_.install(set, way, line, LineState::Valid, OwnerWarp{}, params_.prefetchInsertLru);
  tags_.setPrefetched(set, way, true);
  stats_.prefetchFills.inc();
}

void Cache::hit(const Lookup& k) {
  tags_.touch(k.set, k.way);
  if (tags_.line(k.set, k.way).prefetched) {
    stats_.prefetchUseful.inc();
    tags_.setPrefetched(k.set, k.way, false);
  }
  stats_.accesses.inc();
  stats_.hits.inc();
  if (k.r.has(mascar::kReexecuted)) stats_.reexecHits.inc();
  const bool intra = tags_.line(k.set, k.way).owner == ownerOf(k.r);
  (intra ? stats_.intraWarpHits : stats_.interWarpHits).inc();
}

void Cache::countMiss(const Lookup& k) {
  stats_.accesses.inc();
  stats_.misses.inc();
  if (missObserver_) missObserver_(k.line, ownerOf(k.r));
}

// Replaces the line in (set, way) if it is valid: a dirty line is written back.
void Cache::evict(std::uint32_t set, std::uint32_t way, Cycle t) {
  const CacheLine& v = tags_.line(set, way);
  if (v.state != LineState::Valid) return;
  stats_.evictions.inc();
  if (v.prefetched) stats_.prefetchUseless.inc();
  if (v.dirty) {
    GpuRequest wb;
    wb.kind = ReqKind::Writeback;
    wb.sm = v.owner.sm;  // routes the acknowledgement back through the interconnect
    wb.warp = v.owner.warp;
    wb.issueCycle = t;
    wb.sectorMask = (1u << (params_.lineSize / 32)) - 1;  // the whole line
    queueBelow(wb, ReqKind::Writeback, tlm::TLM_WRITE_COMMAND, v.lineAddr, kPosted, t);
    stats_.writebacks.inc();
  }
  if (evictionObserver_) evictionObserver_(v.lineAddr, v.owner);
}

// A new payload for below with a copy of the request's extension, one cycle in the miss queue.
void Cache::queueBelow(const GpuRequest& proto, ReqKind kind, tlm::tlm_command command, Addr line,
                       std::uint32_t tag, Cycle t) {
  Payload& d = pool_.acquire();
  GpuRequest& r = GpuRequest::of(d);
  r = proto;
  // Refusal and re-execution concern the hop from the LSU to its L1 only.
  r.flags &=
      static_cast<std::uint8_t>(~(mascar::kRefusable | mascar::kHitOnly | mascar::kReexecuted));
  r.kind = kind;
  r.lineAddr = line;
  r.tag = tag;
  d.set_command(command);
  d.set_address(line);
  d.set_data_length(params_.lineSize);
  d.set_streaming_width(params_.lineSize);
  missQueue_.push(&d, t + 1);
}

void Cache::respondAfterHit(const Waiter& w, Cycle t) {
  hitResponses_.push(w, t + params_.hitLatency - 1);
}

}  // namespace warpsim
