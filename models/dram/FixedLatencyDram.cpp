#include "warpsim/dram/FixedLatencyDram.h"

#include <ostream>

#include "warpsim/config/Config.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

void FixedDramParams::declare(ConfigSchema& s) {
  s.addUInt("dram.latency", 0,
            "DRAM cycles of fixed latency: the whole access with the fixed model (at least 1); "
            "with gddr, added to every response after its data transfer (GPGPU-Sim's "
            "-dram_latency)",
            0, 100000000);
  s.addUInt("dram.queue", 32, "requests a channel holds before it refuses more", 1, 4096);
  s.addUInt("dram.per_cycle", 1, "fixed model: responses per DRAM cycle", 1, 64);
}

FixedDramParams FixedDramParams::load(const Config& c) {
  FixedDramParams p;
  p.latency = static_cast<std::uint32_t>(c.getUInt("dram.latency"));
  if (p.latency == 0 && c.getString("dram.model") == "fixed")
    throw ConfigError("dram.latency = 0: the fixed model needs at least 1 DRAM cycle");
  p.queue = static_cast<std::uint32_t>(c.getUInt("dram.queue"));
  p.perCycle = static_cast<std::uint32_t>(c.getUInt("dram.per_cycle"));
  return p;
}

FixedLatencyDram::FixedLatencyDram(sc_core::sc_module_name name, const FixedDramParams& params,
                                   Watchdog& watchdog, StatsRegistry& stats)
    : sc_core::sc_module(name),
      socket("socket"),
      params_(params),
      watchdog_(watchdog),
      queue_(params.queue) {
  socket.register_nb_transport_fw(this, &FixedLatencyDram::nbTransportFw);
  const std::string p = this->name();
  stats.addCounter(p + ".reads", reads_);
  stats.addCounter(p + ".writes", writes_);
  stats.addCounter(p + ".bytes", bytes_);
  stats.addCounter(p + ".queue_full_cycles", fullCycles_);
}

tlm::tlm_sync_enum FixedLatencyDram::nbTransportFw(int port, tlm::tlm_generic_payload& trans,
                                                   tlm::tlm_phase& phase, sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;  // END_RESP: nothing to do
  ++ledger_.taken;
  wake();
  if (queue_.full() || !held_.empty()) {  // in turn: none overtakes a held request
    if (!held_.hold(port, trans))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    return tlm::TLM_ACCEPTED;
  }
  enqueue(HeldRequests::Request{&trans, port});
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void FixedLatencyDram::enqueue(const HeldRequests::Request& request) {
  const tlm::tlm_generic_payload& trans = *request.payload;
  (trans.is_read() ? reads_ : writes_).inc();
  bytes_.inc(trans.get_data_length());
  queue_.push(request, now() + params_.latency);
  if (queue_.full()) fullSince_ = now();
}

bool FixedLatencyDram::tick() {
  for (std::uint32_t n = 0; n < params_.perCycle && queue_.ready(now()); ++n) {
    if (queue_.full()) fullCycles_.inc(now() - fullSince_);  // counted per span, asleep or not
    const HeldRequests::Request r = queue_.pop();
    r.payload->set_response_status(tlm::TLM_OK_RESPONSE);
    ++ledger_.answered;
    sendBackward(socket[r.port], *r.payload, tlm::BEGIN_RESP);  // taken at once
    watchdog_.progress();
  }
  while (!held_.empty() && !queue_.full()) {
    const HeldRequests::Request h = held_.release();
    enqueue(h);
    endRequest(socket, h);
  }
  if (queue_.empty()) return !held_.empty();
  // Sleep until the oldest request is due instead of ticking through the latency.
  if (!queue_.ready(now() + 1)) {
    wakeAt(queue_.frontVisibleAt());
    return false;
  }
  return true;
}

void FixedLatencyDram::settleStats() {
  if (!queue_.full()) return;
  fullCycles_.inc(now() - fullSince_);
  fullSince_ = now();
}

void FixedLatencyDram::describeWaits(std::ostream& os) const {
  if (queue_.empty() && held_.empty()) return;
  os << name() << ": " << queue_.size() << "/" << params_.queue << " requests queued";
  if (!queue_.empty()) os << ", oldest due at DRAM cycle " << queue_.frontVisibleAt();
  if (!held_.empty()) os << "; " << held_.size() << " request(s) held back (queue full)";
  os << "\n";
}

void FixedLatencyDram::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
}

}  // namespace warpsim
