#include "dram/FixedLatencyDram.h"

#include <ostream>

#include "config/Config.h"
#include "stats/StatsRegistry.h"

namespace warpsim {

void FixedDramParams::declare(ConfigSchema& s) {
  s.addUInt("dram.latency", 580, "fixed model: DRAM cycles from arrival to response", 1, 100000000);
  s.addUInt("dram.queue", 32, "requests a channel holds before it refuses more", 1, 4096);
  s.addUInt("dram.per_cycle", 1, "fixed model: responses per DRAM cycle", 1, 64);
}

FixedDramParams FixedDramParams::load(const Config& c) {
  FixedDramParams p;
  p.latency = static_cast<std::uint32_t>(c.getUInt("dram.latency"));
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

tlm::tlm_sync_enum FixedLatencyDram::nbTransportFw(tlm::tlm_generic_payload& trans,
                                                   tlm::tlm_phase& phase, sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;  // END_RESP: nothing to do
  wake();
  if (queue_.full()) {
    held_ = &trans;
    return tlm::TLM_ACCEPTED;
  }
  enqueue(trans);
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void FixedLatencyDram::enqueue(tlm::tlm_generic_payload& trans) {
  (trans.is_read() ? reads_ : writes_).inc();
  bytes_.inc(trans.get_data_length());
  queue_.push(&trans, now() + params_.latency);
  if (queue_.full()) fullSince_ = now();
}

bool FixedLatencyDram::tick() {
  for (std::uint32_t n = 0; n < params_.perCycle && queue_.ready(now()); ++n) {
    if (queue_.full()) fullCycles_.inc(now() - fullSince_);  // counted per span, asleep or not
    tlm::tlm_generic_payload* p = queue_.pop();
    p->set_response_status(tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(*p, phase, delay);  // initiators take responses at once
    watchdog_.progress();
  }
  if (held_ && !queue_.full()) {
    tlm::tlm_generic_payload* p = held_;
    held_ = nullptr;
    enqueue(*p);
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(*p, phase, delay);
  }
  if (queue_.empty()) return held_ != nullptr;
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
  if (queue_.empty() && !held_) return;
  os << name() << ": " << queue_.size() << "/" << params_.queue << " requests queued";
  if (!queue_.empty()) os << ", oldest due at DRAM cycle " << queue_.frontVisibleAt();
  if (held_) os << "; one request held back (queue full)";
  os << "\n";
}

}  // namespace warpsim
