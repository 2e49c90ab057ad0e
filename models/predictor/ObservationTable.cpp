#include "warpsim/predictor/ObservationTable.h"

#include <stdexcept>

namespace warpsim {

ObservationTable::ObservationTable(std::uint32_t entries, std::uint32_t mispredictThreshold,
                                   bool useLec)
    : mispredictThreshold_(mispredictThreshold), useLec_(useLec), slots_(entries) {
  if (entries == 0) throw std::logic_error("ObservationTable: at least one entry");
  std::uint32_t b = 1;
  while (b < 2 * entries) b <<= 1;
  buckets_.assign(b, kNone);
}

void ObservationTable::startKernel(const Dim3& grid) {
  dimNeeded_ = {grid.x > 1, grid.y > 1, grid.z > 1};
  for (Slot& s : slots_) s = Slot{};
  buckets_.assign(buckets_.size(), kNone);
  used_ = 0;
  lruHead_ = lruTail_ = kNone;
}

std::uint32_t ObservationTable::bucketOf(std::uint32_t pc, std::uint32_t lec) const {
  const std::uint64_t k = (std::uint64_t{pc} << 32 | lec) * 0x9E3779B97F4A7C15ull;
  return static_cast<std::uint32_t>(k >> 32) & static_cast<std::uint32_t>(buckets_.size() - 1);
}

std::uint32_t ObservationTable::lookup(std::uint32_t pc, std::uint32_t lec) const {
  if (!useLec_) lec = 0;
  for (std::uint32_t i = buckets_[bucketOf(pc, lec)]; i != kNone; i = slots_[i].hashNext)
    if (slots_[i].e.pc == pc && slots_[i].e.lec == lec) return i;
  return kNone;
}

const ObservationTable::Entry* ObservationTable::find(std::uint32_t pc, std::uint32_t lec) const {
  const std::uint32_t i = lookup(pc, lec);
  return i == kNone ? nullptr : &slots_[i].e;
}

bool ObservationTable::ready(const Entry& e) const {
  for (int d = 0; d < 3; ++d)
    if (dimNeeded_[d] && !e.strideKnown[d]) return false;
  return e.interWarpKnown;
}

IAddressPredictor::Verdict ObservationTable::observe(const LoadObservation& o) {
  const std::uint32_t i = lookup(o.pc, o.lec);
  if (i == kNone) {  // Fig. 8, Step-1/6: a new (PC, LEC) takes an entry
    allocate(o);
    return Verdict::None;
  }
  unlinkLru(i);
  pushLruFront(i);
  Entry& e = slots_[i].e;
  const Verdict v = check(e, o);
  learn(e, o);
  return v;
}

std::int64_t ObservationTable::offsetFor(const Entry& e, const LoadObservation& o) const {
  std::int64_t off = 0;
  for (int d = 0; d < 3; ++d)  // Eq. (1a/1b)
    off += (std::int64_t{o.ctaDim[d]} - e.cta[d]) * (e.strideKnown[d] ? e.stride[d] : 0);
  return off + (std::int64_t{o.warpInCta} - e.warp) * e.interWarpStride;  // Eq. (2)
}

std::uint32_t ObservationTable::predictFor(const LoadObservation& target,
                                           std::array<Addr, kAddresses>& out) const {
  const Entry* e = find(target.pc, target.lec);
  if (!e || !ready(*e) || e->mispredicts > mispredictThreshold_) return 0;
  const std::int64_t off = offsetFor(*e, target);
  for (std::uint32_t k = 0; k < e->addrCount; ++k)
    out[k] = static_cast<Addr>(static_cast<std::int64_t>(e->addr[k]) + off);
  return e->addrCount;
}

IAddressPredictor::Verdict ObservationTable::check(Entry& e, const LoadObservation& o) const {
  if (!ready(e) || e.mispredicts > mispredictThreshold_) return Verdict::None;
  if (o.ctaDim == e.cta && o.warpInCta == e.warp) return Verdict::None;  // the reference warp
  const std::int64_t off = offsetFor(e, o);
  for (std::uint32_t k = 0; k < e.addrCount; ++k)
    if (static_cast<Addr>(static_cast<std::int64_t>(e.addr[k]) + off) == o.addr)
      return Verdict::Correct;
  ++e.mispredicts;
  return Verdict::Wrong;
}

// §III-C and Fig. 8. A field, once learned, stays until the entry is evicted; requests that fit
// none of the cases ("undefined choices") leave the entry unchanged.
void ObservationTable::learn(Entry& e, const LoadObservation& o) const {
  const bool sameWarp = o.warpInCta == e.warp;
  const auto delta = static_cast<std::int64_t>(o.addr - e.addr[0]);
  if (o.ctaDim == e.cta) {
    if (sameWarp) {  // Step-2: another address of the same warp's load
      for (std::uint32_t k = 0; k < e.addrCount; ++k)
        if (e.addr[k] == o.addr) return;
      if (e.addrCount < kAddresses) e.addr[e.addrCount++] = o.addr;
    } else if (!e.interWarpKnown) {  // Step-3: another warp of the same CTA
      const std::int64_t dw = std::int64_t{o.warpInCta} - e.warp;
      if (delta % dw != 0) return;
      e.interWarpStride = delta / dw;
      e.interWarpKnown = true;
    }
    return;
  }
  // Another CTA: Step-4/7 (one dimension differs), Step-5 (two differ, one stride known).
  if (!sameWarp && !e.interWarpKnown) return;
  std::int64_t rest = delta - (std::int64_t{o.warpInCta} - e.warp) * e.interWarpStride;
  int unknown = -1;
  for (int d = 0; d < 3; ++d) {
    const std::int64_t dc = std::int64_t{o.ctaDim[d]} - e.cta[d];
    if (dc == 0) continue;
    if (e.strideKnown[d]) {
      rest -= dc * e.stride[d];
    } else if (unknown >= 0) {
      return;  // two strides missing: nothing can be solved
    } else {
      unknown = d;
    }
  }
  if (unknown < 0) return;
  const std::int64_t dc = std::int64_t{o.ctaDim[unknown]} - e.cta[unknown];
  if (rest % dc != 0) return;
  e.stride[unknown] = rest / dc;
  e.strideKnown[unknown] = true;
}

std::uint32_t ObservationTable::allocate(const LoadObservation& o) {
  std::uint32_t i;
  if (used_ < slots_.size()) {
    i = used_++;
  } else {  // LRU replacement
    i = lruTail_;
    unlinkLru(i);
    unlinkHash(i);
  }
  Slot& s = slots_[i];
  s.e = Entry{};
  s.e.pc = o.pc;
  s.e.lec = useLec_ ? o.lec : 0;
  s.e.cta = o.ctaDim;
  s.e.warp = o.warpInCta;
  s.e.addr[0] = o.addr;
  s.e.addrCount = 1;
  const std::uint32_t b = bucketOf(s.e.pc, s.e.lec);
  s.hashNext = buckets_[b];
  buckets_[b] = i;
  pushLruFront(i);
  return i;
}

void ObservationTable::unlinkHash(std::uint32_t i) {
  std::uint32_t* link = &buckets_[bucketOf(slots_[i].e.pc, slots_[i].e.lec)];
  while (*link != i) link = &slots_[*link].hashNext;
  *link = slots_[i].hashNext;
  slots_[i].hashNext = kNone;
}

void ObservationTable::unlinkLru(std::uint32_t i) {
  Slot& s = slots_[i];
  (s.lruPrev == kNone ? lruHead_ : slots_[s.lruPrev].lruNext) = s.lruNext;
  (s.lruNext == kNone ? lruTail_ : slots_[s.lruNext].lruPrev) = s.lruPrev;
  s.lruPrev = s.lruNext = kNone;
}

void ObservationTable::pushLruFront(std::uint32_t i) {
  Slot& s = slots_[i];
  s.lruPrev = kNone;
  s.lruNext = lruHead_;
  (lruHead_ == kNone ? lruTail_ : slots_[lruHead_].lruPrev) = i;
  lruHead_ = i;
}

}  // namespace warpsim
