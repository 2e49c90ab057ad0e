#include "warpsim/bridge/HostPort.h"

#include <algorithm>
#include <ostream>
#include <sstream>
#include <string>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

HostPort::HostPort(sc_core::sc_module_name name, const AddressMap& map, ClockEngine& engine,
                   StatsRegistry& stats)
    : HostPort(name, map, engine, stats, Window{}) {}

HostPort::HostPort(sc_core::sc_module_name name, const AddressMap& map, ClockEngine& engine,
                   StatsRegistry& stats, Window window)
    : sc_core::sc_module(name),
      host("host"),
      memory("memory"),
      engine_(engine),
      map_(map),
      window_(window),
      channels_(map.partitions()),
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
  if (static_cast<std::uint32_t>(memory.size()) != map_.partitions())
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
  if (const tlm::tlm_response_status refused = refusal(trans); refused != tlm::TLM_OK_RESPONSE) {
    rejected_.inc();
    trans.set_response_status(refused);
    return tlm::TLM_COMPLETED;
  }
  // The host's socket carries one open BEGIN_REQ at most: END_REQ (or the response) first.
  const std::string open = openRequest();
  if (!open.empty())
    SC_REPORT_ERROR(name(), ("BEGIN_REQ while an earlier one still awaits END_REQ (" + open +
                             "): the host breaks the base protocol")
                                .c_str());
  requests_.inc();
  (trans.is_write() ? writes_ : reads_).inc();
  bytes_.inc(trans.get_data_length());
  if (delay > sc_core::SC_ZERO_TIME) {  // taken when its annotated time comes
    ++delaying_;
    delayed_.notify(trans, phase, delay);
    return tlm::TLM_ACCEPTED;
  }
  tlm::tlm_sync_enum status;
  forward(trans, phase, status);
  return status;  // the channel's answer, unchanged
}

tlm::tlm_response_status HostPort::refusal(const Payload& trans) const {
  if (!trans.is_read() && !trans.is_write()) return tlm::TLM_COMMAND_ERROR_RESPONSE;
  const std::uint64_t length = trans.get_data_length();
  if (!window_.contains(trans.get_address(), length)) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  if (trans.get_byte_enable_ptr() || trans.get_byte_enable_length() != 0)
    return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  // One channel serves one request as one access: it must lie within one partition's chunk of
  // addresses and within one DRAM row.
  const std::uint64_t unit = std::min(map_.chunk(), map_.rowSize());
  const std::uint64_t offset = trans.get_address() % unit;
  const std::uint64_t width = trans.get_streaming_width();
  if (length == 0 || offset + length > unit || (width != 0 && width < length))
    return tlm::TLM_BURST_ERROR_RESPONSE;
  return tlm::TLM_OK_RESPONSE;
}

void HostPort::fromDelay(Payload& trans, const tlm::tlm_phase&) {
  --delaying_;
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  tlm::tlm_sync_enum status;
  switch (forward(trans, phase, status)) {
    case RequestSender::Sent::Taken:
      toHost(trans, tlm::END_REQ);
      break;
    case RequestSender::Sent::Held:  // END_REQ when the channel takes it (fromMemory)
      break;
    case RequestSender::Sent::Answered:  // a response implies END_REQ
      waiting_.push_back(&trans);
      sendResponses();
      break;
  }
}

RequestSender::Sent HostPort::forward(Payload& trans, tlm::tlm_phase& phase,
                                      tlm::tlm_sync_enum& status) {
  const int partition = static_cast<int>(map_.partitionOf(trans.get_address()).value());
  sc_core::sc_time zero = sc_core::SC_ZERO_TIME;
  status = memory[partition]->nb_transport_fw(trans, phase, zero);
  const RequestSender::Sent sent =
      channels_[static_cast<std::size_t>(partition)].sent(trans, status, phase);
  if (sent == RequestSender::Sent::Held) heldBack_.inc();  // the queue is full: END_REQ later
  if (sent == RequestSender::Sent::Answered) responses_.inc();
  return sent;
}

tlm::tlm_sync_enum HostPort::fromMemory(int partition, Payload& trans, tlm::tlm_phase& phase,
                                        sc_core::sc_time&) {
  // END_REQ, or the held request's response (which implies it), releases the channel's hold.
  const bool released = channels_[static_cast<std::size_t>(partition)].backward(trans, phase);
  if (phase == tlm::END_REQ) {  // a held request was taken
    if (!released)
      SC_REPORT_ERROR(name(), ("END_REQ from channel " + std::to_string(partition) +
                               ", which holds no host request back")
                                  .c_str());
    toHost(trans, tlm::END_REQ);
    return tlm::TLM_ACCEPTED;
  }
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  responses_.inc();
  waiting_.push_back(&trans);
  sendResponses();
  return tlm::TLM_COMPLETED;  // taken: the channel is done with it
}

std::string HostPort::openRequest() const {
  for (std::size_t p = 0; p < channels_.size(); ++p)
    if (channels_[p].held()) {
      std::ostringstream os;
      os << "channel " << p << " holds the request for 0x" << std::hex
         << channels_[p].heldRequest()->get_address() << " back";
      return os.str();
    }
  if (delaying_ != 0) return "a request waits for its annotated time";
  return "";
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
  for (std::size_t p = 0; p < channels_.size(); ++p)
    if (channels_[p].held())
      os << "; channel " << p << " holds the request for 0x" << std::hex
         << channels_[p].heldRequest()->get_address() << std::dec << " back (END_REQ withheld)";
  if (delaying_ != 0) os << "; " << delaying_ << " wait for their annotated time";
  if (!waiting_.empty()) os << "; " << waiting_.size() << " responses wait for the host's END_RESP";
  os << "\n";
}

void HostPort::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  RequestLedger l;
  l.sent = requests_.value();
  l.received = responses_.value();
  check.ledger(name(), l);
}

}  // namespace warpsim
