#include "warpsim/bridge/BlockingBridge.h"

#include <ostream>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

BlockingBridge::BlockingBridge(sc_core::sc_module_name name, std::uint32_t capacity,
                               ClockEngine& engine, StatsRegistry& stats)
    : sc_core::sc_module(name),
      upstream("upstream"),
      downstream("downstream"),
      capacity_(capacity),
      engine_(engine),
      watchdog_(engine.watchdog()) {
  upstream.register_nb_transport_fw(this, &BlockingBridge::nbTransportFw);
  SC_THREAD(serve);
  const std::string p = this->name();
  stats.addCounter(p + ".reads", reads_);
  stats.addCounter(p + ".writes", writes_);
  // external_bytes: the GPU-wide totals count it as DRAM traffic (doc/stats-reference.md).
  stats.addCounter(p + ".external_bytes", bytes_);
  stats.addCounter(p + ".target_busy_ps", busyPs_);
}

tlm::tlm_sync_enum BlockingBridge::nbTransportFw(tlm::tlm_generic_payload& trans,
                                                 tlm::tlm_phase& phase, sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;  // END_RESP: nothing to do
  ++ledger_.taken;
  if (queue_.size() >= capacity_) {
    if (!held_.hold(0, trans))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    return tlm::TLM_ACCEPTED;
  }
  queue_.push_back(Request{&trans, engine_.timePs()});
  arrived_.notify();
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void BlockingBridge::serve() {
  for (;;) {
    while (queue_.empty()) sc_core::wait(arrived_);
    const Request r = queue_.front();
    tlm::tlm_generic_payload* p = r.payload;
    // The engine may have sent it ahead of SystemC's time: the target starts at its time.
    const std::uint64_t now = sc_core::sc_time_stamp().value();
    if (r.atPs > now)
      sc_core::wait(sc_core::sc_time(static_cast<double>(r.atPs - now), sc_core::SC_PS));
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const sc_core::sc_time start = sc_core::sc_time_stamp();
    downstream->b_transport(*p, delay);  // may wait() inside
    if (delay > sc_core::SC_ZERO_TIME) sc_core::wait(delay);
    busyPs_.inc((sc_core::sc_time_stamp() - start).value());
    (p->is_read() ? reads_ : writes_).inc();
    bytes_.inc(p->get_data_length());
    queue_.pop_front();
    ++ledger_.answered;
    sendBackward(upstream, *p, tlm::BEGIN_RESP);  // warpsim initiators take responses at once
    watchdog_.progress();
    if (!held_.empty()) {  // room again: accept the request that was held back
      tlm::tlm_generic_payload* h = held_.release(0).payload;
      queue_.push_back(Request{h, sc_core::sc_time_stamp().value()});
      sendBackward(upstream, *h, tlm::END_REQ);
    }
  }
}

void BlockingBridge::describeWaits(std::ostream& os) const {
  if (queue_.empty() && held_.empty()) return;
  os << name() << ": " << queue_.size() << "/" << capacity_
     << " requests waiting for the b_transport target";
  if (!held_.empty()) os << "; one request held back (full)";
  os << "\n";
}

void BlockingBridge::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
}

}  // namespace warpsim
