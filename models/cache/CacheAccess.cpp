// The lookup of the request at the head of the input queue, and what each outcome does to the
// tags, the MSHRs and the miss queue. Every path checks all the resources it needs before it
// changes anything, so a failed reservation leaves the cache exactly as it was.
#include "warpsim/cache/Cache.h"
#include "warpsim/interfaces/MascarFlags.h"

namespace warpsim {

Cache::Stall Cache::follow(WritePolicyPath::Path path, const Lookup& k, Cycle t) {
  switch (path) {
    case WritePolicyPath::Path::Read:
      return read(k, t);
    case WritePolicyPath::Path::WriteBack:
      return writeBack(k, t);
    case WritePolicyPath::Path::WriteThrough:
      return writeAround(k, false, t);
    case WritePolicyPath::Path::WriteEvict:
      return writeAround(k, true, t);
    default:
      return atomicBelow(k, t);
  }
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
  const bool writes = WritePolicyPath::writes(p, r);
  const Stall s = follow(writePath_.pathOf(r, writes), k, t);
  if (s == Stall::None && accessObserver_)
    accessObserver_(line, ownerOf(r), writePath_.kindOf(r, writes));
  return s;
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
  if (missQueue_.freeSlots() < 1) return Stall::MissQueue;
  if (params_.ackStores && mshrs_.full()) return Stall::Mshr;
  if (k.valid) {
    hit(k);
    if (invalidateOnHit) tags_.invalidate(k.set, k.way);
  } else {
    countMiss(k);
  }
  if (params_.ackStores) {  // answered with the acknowledgement: an MSHR entry of its own
    const std::uint32_t e = mshrs_.allocate(k.line, true, k.w);
    if (timeline_) timelineMiss(e, t);
    missQueue_.push(k.r, k.r.kind, tlm::TLM_WRITE_COMMAND, k.line, e, t);
    return Stall::None;
  }
  missQueue_.push(k.r, k.r.kind, tlm::TLM_WRITE_COMMAND, k.line, kPosted, t);
  respondAfterHit(k.w, t);
  return Stall::None;
}

// An atomic in a cache that is not write-back (a write-back cache performs it on its line, as a
// store): sent below with an MSHR entry of its own; the cache drops its copy of the line and
// answers when the result comes back (an atomic's response carries data, so it cannot be posted).
Cache::Stall Cache::atomicBelow(const Lookup& k, Cycle t) {
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
    if (!tags_.hasVictim(k.set)) return Stall::Line;
    // Full MSHRs with room for a writeback too: the stall is the MSHRs' whichever line would
    // go, so the replacement policy is not asked (a head's first lookup often ends here).
    if (mshrs_.full() && missQueue_.freeSlots() >= 2) return Stall::Mshr;
    victim = tags_.victim(k.set);
    if (installer_.writesBack(k.set, victim)) slots = 2;
  }
  if (missQueue_.freeSlots() < slots) return Stall::MissQueue;
  if (mshrs_.full()) return Stall::Mshr;
  if (reserve) installer_.reserve(k.set, victim, k.line, ownerOf(k.r), t);
  const std::uint32_t e = mshrs_.allocate(k.line, !allocateLine, k.w);
  if (timeline_) timelineMiss(e, t);
  if (dirtyOnFill) mshrs_.setDirtyOnFill(e);
  const Payload& p = *k.w.payload;
  if (fetch)
    missQueue_.push(k.r, k.r.kind == ReqKind::Prefetch ? ReqKind::Prefetch : ReqKind::Load,
                    tlm::TLM_READ_COMMAND, k.line, e, t);
  else
    missQueue_.push(k.r, k.r.kind, p.get_command(), k.line, e, t);
  countMiss(k);
  return Stall::None;
}

Cache::Stall Cache::installWithoutFetch(const Lookup& k, Cycle t) {
  const std::uint32_t victim = tags_.victim(k.set);
  if (victim == TagArray::kNoWay) return Stall::Line;
  if (installer_.writesBack(k.set, victim) && missQueue_.freeSlots() < 1) return Stall::MissQueue;
  installer_.installDirty(k.set, victim, k.line, ownerOf(k.r), t);
  countMiss(k);
  respondAfterHit(k.w, t);
  return Stall::None;
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

void Cache::respondAfterHit(const Waiter& w, Cycle t) {
  hitResponses_.push(w, t + params_.hitLatency - 1);
}

}  // namespace warpsim
