#include "predictor/PrefetchInjector.h"

#include <ostream>

namespace warpsim {

PrefetchInjector::PrefetchInjector(sc_core::sc_module_name name, PayloadPool& pool,
                                   std::uint32_t lineSize, DoneHook done)
    : sc_core::sc_module(name),
      upstream("upstream"),
      downstream("downstream"),
      pool_(pool),
      lineSize_(lineSize),
      done_(std::move(done)) {
  upstream.register_nb_transport_fw(this, &PrefetchInjector::fwFromAbove);
  downstream.register_nb_transport_bw(this, &PrefetchInjector::bwFromBelow);
}

bool PrefetchInjector::offer(Addr line, const GpuRequest& proto) {
  if (prefetches_.full()) return false;
  Payload& p = pool_.acquire();
  GpuRequest& r = GpuRequest::of(p);
  r = proto;
  r.kind = ReqKind::Prefetch;
  r.flags = GpuRequest::kPrefetch;
  r.lineAddr = line;
  r.sectorMask = (1u << (lineSize_ / 32)) - 1;
  r.tag = kOwnTag;
  p.set_command(tlm::TLM_READ_COMMAND);
  p.set_address(line);
  p.set_data_length(lineSize_);
  p.set_streaming_width(lineSize_);
  prefetches_.push(&p, now() + 1);
  wake();
  return true;
}

tlm::tlm_sync_enum PrefetchInjector::fwFromAbove(Payload& trans, tlm::tlm_phase& phase,
                                                 sc_core::sc_time& delay) {
  if (phase == tlm::BEGIN_REQ && heldBelow_) {  // the slice holds our prefetch: wait here
    demandHeld_ = &trans;
    wake();
    return tlm::TLM_ACCEPTED;
  }
  const tlm::tlm_sync_enum s = downstream->nb_transport_fw(trans, phase, delay);
  if (phase == tlm::BEGIN_REQ && s == tlm::TLM_ACCEPTED) heldBelow_ = &trans;
  return s;
}

tlm::tlm_sync_enum PrefetchInjector::bwFromBelow(Payload& trans, tlm::tlm_phase& phase,
                                                 sc_core::sc_time& delay) {
  if (&trans == heldBelow_ && (phase == tlm::END_REQ || phase == tlm::BEGIN_RESP)) {
    heldBelow_ = nullptr;  // taken (a response implies END_REQ)
    wake();
  }
  if (!isOurs(trans)) return upstream->nb_transport_bw(trans, phase, delay);
  if (phase == tlm::BEGIN_RESP) {
    const Addr line = GpuRequest::of(trans).lineAddr;
    trans.release();
    if (done_) done_(line);
    return tlm::TLM_COMPLETED;
  }
  return tlm::TLM_ACCEPTED;
}

bool PrefetchInjector::sendBelow(Payload& p) {
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const tlm::tlm_sync_enum s = downstream->nb_transport_fw(p, phase, delay);
  if (s == tlm::TLM_ACCEPTED) {
    heldBelow_ = &p;
    return false;
  }
  if (s == tlm::TLM_COMPLETED || phase == tlm::BEGIN_RESP) {  // answered at once
    if (isOurs(p)) {
      const Addr line = GpuRequest::of(p).lineAddr;
      p.release();
      if (done_) done_(line);
    }
  }
  return true;
}

bool PrefetchInjector::tick() {
  if (heldBelow_) return false;  // bwFromBelow wakes us
  if (demandHeld_) {
    Payload* d = demandHeld_;
    demandHeld_ = nullptr;
    if (!sendBelow(*d)) return false;
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    upstream->nb_transport_bw(*d, phase, delay);
  }
  if (prefetches_.ready(now())) sendBelow(*prefetches_.pop());
  if (heldBelow_) return false;
  return !prefetches_.empty() || demandHeld_ != nullptr;
}

void PrefetchInjector::describeWaits(std::ostream& os) const {
  if (!heldBelow_ && !demandHeld_ && prefetches_.empty()) return;
  os << name() << ": " << prefetches_.size() << " prefetches queued"
     << (heldBelow_ ? ", the slice holds a request back" : "")
     << (demandHeld_ ? ", a demand request waits behind a prefetch" : "") << "\n";
}

}  // namespace warpsim
