#include "warpsim/predictor/CtaAwarePredictor.h"

namespace warpsim {

CtaAwarePredictor::CtaAwarePredictor(std::uint32_t sms, std::uint32_t mispredictThreshold)
    : mispredictThreshold_(mispredictThreshold), table_(std::size_t{sms} * kPcsPerSm) {}

void CtaAwarePredictor::startKernel(const Dim3&) {
  for (PcEntry& e : table_) e = PcEntry{};
  clock_ = 0;
}

CtaAwarePredictor::PcEntry& CtaAwarePredictor::entryFor(std::uint32_t sm, std::uint32_t pc,
                                                        bool& fresh) {
  PcEntry* first = &table_[std::size_t{sm} * kPcsPerSm];
  PcEntry* victim = first;
  for (PcEntry* e = first; e != first + kPcsPerSm; ++e) {
    if (e->valid && e->pc == pc) {
      fresh = false;
      return *e;
    }
    if (!e->valid || (victim->valid && e->lastUse < victim->lastUse)) victim = e;
  }
  fresh = true;
  *victim = PcEntry{};
  victim->valid = true;
  victim->pc = pc;
  return *victim;
}

CtaAwarePredictor::CtaBase& CtaAwarePredictor::baseFor(PcEntry& e, std::uint64_t cta, bool& fresh) {
  CtaBase* victim = &e.ctas[0];
  for (CtaBase& b : e.ctas) {
    if (b.valid && b.cta == cta) {
      fresh = false;
      return b;
    }
    if (!b.valid || (victim->valid && b.lastUse < victim->lastUse)) victim = &b;
  }
  fresh = true;
  *victim = CtaBase{};
  victim->valid = true;
  victim->cta = cta;
  return *victim;
}

IAddressPredictor::Verdict CtaAwarePredictor::observe(const LoadObservation& o) {
  bool freshPc = false, freshCta = false;
  PcEntry& e = entryFor(o.sm, o.pc, freshPc);
  e.lastUse = ++clock_;
  CtaBase& b = baseFor(e, o.cta, freshCta);
  b.lastUse = clock_;
  if (freshCta) {  // the CTA's first warp seen with this load: its addresses are the base
    b.warp = o.warpInCta;
    b.lec = o.lec;
    b.addr[0] = o.addr;
    b.addrCount = 1;
    return Verdict::None;
  }
  if (o.warpInCta == b.warp) {  // the base warp: a further line, or its next execution
    if (o.lec != b.lec) {
      b.lec = o.lec;
      b.addrCount = 0;
    }
    for (std::uint32_t k = 0; k < b.addrCount; ++k)
      if (b.addr[k] == o.addr) return Verdict::None;
    if (b.addrCount < kAddresses) b.addr[b.addrCount++] = o.addr;
    return Verdict::None;
  }
  const std::int64_t dw = std::int64_t{o.warpInCta} - b.warp;
  Verdict v = Verdict::None;
  if (e.interWarpKnown && e.mispredicts <= mispredictThreshold_) {
    v = Verdict::Wrong;
    for (std::uint32_t k = 0; k < b.addrCount; ++k)
      if (static_cast<Addr>(static_cast<std::int64_t>(b.addr[k]) + dw * e.interWarpStride) ==
          o.addr)
        v = Verdict::Correct;
    if (v == Verdict::Wrong) ++e.mispredicts;
  }
  if (!e.interWarpKnown) {
    const auto delta = static_cast<std::int64_t>(o.addr - b.addr[0]);
    if (delta % dw == 0) {
      e.interWarpStride = delta / dw;
      e.interWarpKnown = true;
    }
  }
  return v;
}

}  // namespace warpsim
