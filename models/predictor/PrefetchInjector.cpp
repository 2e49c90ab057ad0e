#include "warpsim/predictor/PrefetchInjector.h"

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
  if (phase != tlm::BEGIN_REQ) return downstream->nb_transport_fw(trans, phase, delay);
  if (below_.held()) {  // the slice holds our prefetch: wait here
    if (!demand_.hold(0, trans))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    wake();
    return tlm::TLM_ACCEPTED;
  }
  const tlm::tlm_sync_enum s = downstream->nb_transport_fw(trans, phase, delay);
  below_.sent(trans, s, phase);
  return s;
}

tlm::tlm_sync_enum PrefetchInjector::bwFromBelow(Payload& trans, tlm::tlm_phase& phase,
                                                 sc_core::sc_time& delay) {
  if (below_.backward(trans, phase)) wake();  // taken (a response implies END_REQ)
  if (!isOurs(trans)) return upstream->nb_transport_bw(trans, phase, delay);
  if (phase == tlm::BEGIN_RESP) {
    ++ledger_.received;
    const Addr line = GpuRequest::of(trans).lineAddr;
    trans.release();
    if (done_) done_(line);
    return tlm::TLM_COMPLETED;
  }
  return tlm::TLM_ACCEPTED;
}

bool PrefetchInjector::sendBelow(Payload& p) {
  const bool ours = isOurs(p);
  if (ours) ++ledger_.sent;
  const RequestSender::Sent s = below_.send(downstream, p);
  if (s == RequestSender::Sent::Held) return false;
  if (s == RequestSender::Sent::Answered) {
    if (ours) {
      ++ledger_.received;
      const Addr line = GpuRequest::of(p).lineAddr;
      p.release();
      if (done_) done_(line);
    }
  }
  return true;
}

bool PrefetchInjector::tick() {
  if (below_.held()) return false;  // bwFromBelow wakes us
  if (!demand_.empty()) {
    const HeldRequests::Request d = demand_.release(0);
    if (!sendBelow(*d.payload)) return false;  // its END_REQ goes up when the slice sends it
    sendBackward(upstream, *d.payload, tlm::END_REQ);
  }
  if (prefetches_.ready(now())) sendBelow(*prefetches_.pop());
  if (below_.held()) return false;
  return !prefetches_.empty() || !demand_.empty();
}

void PrefetchInjector::describeWaits(std::ostream& os) const {
  if (!below_.held() && demand_.empty() && prefetches_.empty()) return;
  os << name() << ": " << prefetches_.size() << " prefetches queued"
     << (below_.held() ? ", the slice holds a request back" : "")
     << (!demand_.empty() ? ", a demand request waits behind a prefetch" : "") << "\n";
}

void PrefetchInjector::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
}

}  // namespace warpsim
