#include "warpsim/noc/Mesh.h"

#include <ostream>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

namespace {
constexpr std::uint32_t kNone = ~0u;
}

Mesh::Mesh(sc_core::sc_module_name name, const MeshParams& params, const AddressMap& map,
           std::uint32_t sms, Watchdog& watchdog, StatsRegistry& stats, std::uint32_t portsPerSm)
    : sc_core::sc_module(name),
      smSide("sm_side"),
      memSide("mem_side"),
      params_(params),
      map_(map),
      sms_(sms),
      portsPerSm_(portsPerSm),
      fabric_(params_, *this, &watchdog),
      queuePort_(params_.nodes()),
      held_(sms * portsPerSm),
      memSenders_(params.mcNodes.size()) {
  smSide.register_nb_transport_fw(this, &Mesh::fwFromSm);
  memSide.register_nb_transport_bw(this, &Mesh::bwFromMem);
  for (std::uint32_t port = 0; port < sms * portsPerSm; ++port) {
    const std::uint32_t node = params_.smNodes.at(port / portsPerSm);
    portQueue_.push_back(fabric_.ni(node).addQueue(noc::kRequestVc, params_.inputBuffer));
    queuePort_[node].push_back(port);
  }
  for (std::uint32_t p = 0; p < map.partitions(); ++p) {
    const std::uint32_t node = params_.mcNodes.at(p);
    // Responses are taken at once (TLM_COMPLETED): the queue is unbounded.
    mcQueue_.push_back(fabric_.ni(node).addQueue(noc::kResponseVc, 0));
    queuePort_[node].push_back(kNone);
  }
  fabric_.registerStats(stats, this->name());
}

void Mesh::attach(ClockDomain& icnt, Watchdog& watchdog) {
  fabric_.registerWith(icnt);
  watchdog.add(*this);
}

std::uint32_t Mesh::portOf(SmId sm, ReqSpace space) const {
  return smPortOf(sm, space, portsPerSm_);
}

void Mesh::injectRequest(std::uint32_t port, Payload& trans) {
  const std::uint32_t part = map_.partitionOf(trans.get_address()).value();
  noc::Packet p;
  p.payload = &trans;
  p.target = part;
  p.dest = static_cast<std::uint16_t>(params_.mcNodes[part]);
  p.flits =
      static_cast<std::uint16_t>(params_.flitsFor(trans.is_write() ? trans.get_data_length() : 0));
  fabric_.ni(params_.smNodes[port / portsPerSm_]).inject(portQueue_[port], p);
}

tlm::tlm_sync_enum Mesh::fwFromSm(int port, Payload& trans, tlm::tlm_phase& phase,
                                  sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
  ++ledger_.taken;
  const auto i = static_cast<std::uint32_t>(port);
  if (fabric_.ni(params_.smNodes[i / portsPerSm_]).full(portQueue_[i])) {
    if (!held_.hold(port, trans))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    fabric_.stats().injectionStalls.inc();
    return tlm::TLM_ACCEPTED;
  }
  injectRequest(i, trans);
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

// A queue let a packet into the mesh: take its port's refused request and release the sender.
void Mesh::injectionSpace(std::uint32_t node, std::uint32_t queue) {
  const std::uint32_t port = queuePort_[node][queue];
  if (port == kNone || !held_.held(static_cast<int>(port))) return;
  const HeldRequests::Request h = held_.release(static_cast<int>(port));
  injectRequest(port, *h.payload);
  endRequest(smSide, h);
}

tlm::tlm_sync_enum Mesh::bwFromMem(int port, Payload& trans, tlm::tlm_phase& phase,
                                   sc_core::sc_time&) {
  const auto part = static_cast<std::uint32_t>(port);
  if (memSenders_[part].backward(trans, phase) && phase == tlm::END_REQ)
    fabric_.ni(params_.mcNodes[part]).resume(noc::kRequestVc);
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  ++ledger_.received;
  injectResponse(part, trans);
  return tlm::TLM_COMPLETED;
}

void Mesh::injectResponse(std::uint32_t part, Payload& trans) {
  const GpuRequest& r = GpuRequest::of(trans);
  noc::Packet p;
  p.payload = &trans;
  p.target = portOf(r.sm, r.space);
  p.dest = static_cast<std::uint16_t>(params_.smNodes.at(r.sm.value()));
  p.flits =
      static_cast<std::uint16_t>(params_.flitsFor(trans.is_read() ? trans.get_data_length() : 0));
  fabric_.ni(params_.mcNodes[part]).inject(mcQueue_[part], p);
}

bool Mesh::deliver(std::uint32_t, const noc::Packet& p) {
  Payload& trans = *static_cast<Payload*>(p.payload);
  if (p.vc == noc::kResponseVc) {
    ++ledger_.answered;
    sendBackward(smSide[static_cast<int>(p.target)], trans, tlm::BEGIN_RESP);
    return true;
  }
  ++ledger_.sent;
  switch (memSenders_[p.target].send(memSide[static_cast<int>(p.target)], trans)) {
    case RequestSender::Sent::Taken:
      return true;
    case RequestSender::Sent::Answered:
      ++ledger_.received;
      injectResponse(p.target, trans);
      return true;
    case RequestSender::Sent::Held:
      break;
  }
  return false;  // the queue waits for END_REQ (bwFromMem resumes it)
}

void Mesh::describeWaits(std::ostream& os) const {
  fabric_.describeWaits(os);
  for (std::uint32_t i = 0; i < sms_ * portsPerSm_; ++i)
    if (held_.held(static_cast<int>(i)))
      os << name() << " SM port " << i << ": sender held (queue full)\n";
}

void Mesh::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
}

}  // namespace warpsim
