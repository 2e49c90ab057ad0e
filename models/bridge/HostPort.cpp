#include "warpsim/bridge/HostPort.h"

#include <algorithm>
#include <ostream>
#include <string>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

HostPort::HostPort(sc_core::sc_module_name name, const AddressMap& map, ClockEngine& engine,
                   StatsRegistry& stats)
    : sc_core::sc_module(name),
      host("host"),
      memory("memory"),
      engine_(engine),
      map_(map),
      delayed_(this, &HostPort::fromDelay) {
  host.register_nb_transport_fw(this, &HostPort::fromHost);
  memory.register_nb_transport_bw(this, &HostPort::fromMemory);
  engine.watchdog().add(*this);
  const std::string p = this->name();
  stats.addCounter(p + ".requests", requests_);
  stats.addCounter(p + ".responses", responses_);
  stats.addCounter(p + ".reads", reads_);
  stats.addCounter(p + ".writes", writes_);
  stats.addCounter(p + ".bytes", bytes_);
  stats.addCounter(p + ".held_back", heldBack_);
  stats.addCounter(p + ".rejected", rejected_);
}

void HostPort::end_of_elaboration() {
  if (memory.size() != static_cast<int>(map_.partitions()))
    SC_REPORT_ERROR(name(), ("'memory' is bound to " + std::to_string(memory.size()) +
                             " channels; it must be bound once per partition (mem.partitions = " +
                             std::to_string(map_.partitions()) + "), in partition order")
                                .c_str());
}

tlm::tlm_sync_enum HostPort::fromHost(Payload& trans, tlm::tlm_phase& phase,
                                      sc_core::sc_time& delay) {
  if (phase == tlm::END_RESP) {
    awaitingEndResp_ = false;
    sendResponses();  // the next one, if any, from within this call
    return tlm::TLM_COMPLETED;
  }
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
  // One channel serves one request as one access: it must lie within one partition's chunk of
  // addresses and within one DRAM row.
  const std::uint64_t unit = std::min(map_.chunk(), map_.rowSize());
  const std::uint64_t offset = trans.get_address() % unit, length = trans.get_data_length();
  if (length == 0 || offset + length > unit) {
    rejected_.inc();
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return tlm::TLM_COMPLETED;
  }
  requests_.inc();
  (trans.is_write() ? writes_ : reads_).inc();
  bytes_.inc(trans.get_data_length());
  if (delay > sc_core::SC_ZERO_TIME) {  // taken when its annotated time comes
    delayed_.notify(trans, phase, delay);
    return tlm::TLM_ACCEPTED;
  }
  return forward(trans, phase);
}

void HostPort::fromDelay(Payload& trans, const tlm::tlm_phase&) {
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  if (forward(trans, phase) == tlm::TLM_UPDATED) toHost(trans, tlm::END_REQ);
}

tlm::tlm_sync_enum HostPort::forward(Payload& trans, tlm::tlm_phase& phase) {
  sc_core::sc_time zero = sc_core::SC_ZERO_TIME;
  const tlm::tlm_sync_enum s =
      memory[static_cast<int>(map_.partitionOf(trans.get_address()).value())]->nb_transport_fw(
          trans, phase, zero);
  if (s == tlm::TLM_ACCEPTED) heldBack_.inc();  // the channel's queue is full: END_REQ later
  return s;
}

tlm::tlm_sync_enum HostPort::fromMemory(int, Payload& trans, tlm::tlm_phase& phase,
                                        sc_core::sc_time&) {
  if (phase == tlm::END_REQ) {  // a held request was taken
    toHost(trans, tlm::END_REQ);
    return tlm::TLM_ACCEPTED;
  }
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  responses_.inc();
  waiting_.push_back(&trans);
  sendResponses();
  return tlm::TLM_COMPLETED;  // taken: the channel is done with it
}

void HostPort::sendResponses() {
  while (!awaitingEndResp_ && !waiting_.empty()) {
    Payload* p = waiting_.front();
    waiting_.pop_front();
    toHost(*p, tlm::BEGIN_RESP);
  }
}

void HostPort::toHost(Payload& trans, tlm::tlm_phase phase) {
  const std::uint64_t now = sc_core::sc_time_stamp().value(), engine = engine_.timePs();
  sc_core::sc_time delay(static_cast<double>(engine > now ? engine - now : 0), sc_core::SC_PS);
  const bool response = phase == tlm::BEGIN_RESP;
  if (response) awaitingEndResp_ = true;  // before the call: the host may end it from within
  if (host->nb_transport_bw(trans, phase, delay) != tlm::TLM_ACCEPTED && response)
    awaitingEndResp_ = false;
}

void HostPort::describeWaits(std::ostream& os) const {
  if (outstanding() == 0 && waiting_.empty()) return;
  os << name() << ": " << outstanding() << " host requests in the DRAM channels";
  if (!waiting_.empty()) os << "; " << waiting_.size() << " responses wait for the host's END_RESP";
  os << "\n";
}

}  // namespace warpsim
