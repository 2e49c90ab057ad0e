#include "warpsim/noc/Crossbar.h"

#include <algorithm>
#include <ostream>

#include "warpsim/config/Config.h"
#include "warpsim/core/ClockDomain.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

void CrossbarParams::declare(ConfigSchema& s) {
  s.addUInt("icnt.latency", 8, "crossbar traversal latency (interconnect cycles)", 1, 10000);
  s.addUInt("icnt.input_buffer", 8, "requests buffered per SM port", 1, 1024);
  s.addSize("icnt.flit_size", "32B", "port width: bytes per flit per cycle", 4, 256);
  s.addSize("icnt.header_size", "8B", "bytes of header per packet", 0, 64);
}

CrossbarParams CrossbarParams::load(const Config& c) {
  CrossbarParams p;
  p.latency = static_cast<std::uint32_t>(c.getUInt("icnt.latency"));
  p.inputBuffer = static_cast<std::uint32_t>(c.getUInt("icnt.input_buffer"));
  p.flitBytes = static_cast<std::uint32_t>(c.getSize("icnt.flit_size"));
  p.headerBytes = static_cast<std::uint32_t>(c.getSize("icnt.header_size"));
  return p;
}

Crossbar::Crossbar(sc_core::sc_module_name name, const CrossbarParams& params,
                   const AddressMap& map, std::uint32_t sms, Watchdog& watchdog,
                   StatsRegistry& stats, std::uint32_t portsPerSm)
    : sc_core::sc_module(name),
      smSide("sm_side"),
      memSide("mem_side"),
      params_(params),
      portsPerSm_(portsPerSm),
      map_(map),
      watchdog_(watchdog),
      requests_(sms * portsPerSm, TimedQueue<Routed>(params.inputBuffer)),
      held_(sms * portsPerSm),
      responses_(sms * portsPerSm),
      memPortFreeAt_(map.partitions(), 0),
      memSenders_(map.partitions()),
      smPortFreeAt_(sms * portsPerSm, 0),
      requestHeads_(sms * portsPerSm),
      responseHeads_(sms * portsPerSm, 0),
      requestPorts_(sms * portsPerSm),
      responsePorts_(sms * portsPerSm) {
  smSide.register_nb_transport_fw(this, &Crossbar::fwFromSm);
  memSide.register_nb_transport_bw(this, &Crossbar::bwFromMem);
  const std::string p = this->name();
  stats.addCounter(p + ".request_packets", requestPackets_);
  stats.addCounter(p + ".response_packets", responsePackets_);
  stats.addCounter(p + ".request_flits", requestFlits_);
  stats.addCounter(p + ".response_flits", responseFlits_);
  stats.addCounter(p + ".injection_stalls", injectionStalls_);
}

std::uint32_t Crossbar::flits(const Payload& p, bool response) const {
  const bool carriesData = response ? p.is_read() : p.is_write();
  const std::uint32_t bytes = params_.headerBytes + (carriesData ? p.get_data_length() : 0);
  return (bytes + params_.flitBytes - 1) / params_.flitBytes;
}

tlm::tlm_sync_enum Crossbar::fwFromSm(int port, Payload& trans, tlm::tlm_phase& phase,
                                      sc_core::sc_time&) {
  if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
  ++ledger_.taken;
  TimedQueue<Routed>& q = requests_[static_cast<std::size_t>(port)];
  if (q.full()) {
    wake();
    if (!held_.hold(port, trans))
      SC_REPORT_ERROR(name(), "BEGIN_REQ while an earlier request still awaits END_REQ");
    injectionStalls_.inc();
    return tlm::TLM_ACCEPTED;
  }
  wakeIn(params_.latency);  // the request reaches the head of its queue after the traversal
  push(static_cast<std::uint32_t>(port), &trans);
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

tlm::tlm_sync_enum Crossbar::bwFromMem(int port, Payload& trans, tlm::tlm_phase& phase,
                                       sc_core::sc_time&) {
  memSenders_[static_cast<std::size_t>(port)].backward(trans, phase);
  if (phase != tlm::BEGIN_RESP) {  // END_REQ: the partition's port may take requests again
    wake();
    return tlm::TLM_ACCEPTED;
  }
  wakeIn(params_.latency);  // the response crosses before it can leave
  ++ledger_.received;
  routeResponse(trans);
  return tlm::TLM_COMPLETED;
}

// Into SM port `port`'s input buffer, which has room.
void Crossbar::push(std::uint32_t port, Payload* p) {
  TimedQueue<Routed>& q = requests_[port];
  const Routed r{p, map_.partitionOf(p->get_address()).value()};
  q.push(r, now() + params_.latency);
  if (q.size() == 1) requestHeads_[port] = Head{q.frontVisibleAt(), r.partition};
  requestPorts_.insert(port);
}

void Crossbar::routeResponse(Payload& trans) {
  const GpuRequest& r = GpuRequest::of(trans);
  const std::uint32_t smPort = portOf(r.sm, r.space);
  TimedQueue<Payload*>& q = responses_[smPort];
  q.push(&trans, now() + params_.latency);
  if (q.size() == 1) responseHeads_[smPort] = q.frontVisibleAt();
  responsePorts_.insert(smPort);
}

std::uint32_t Crossbar::portOf(SmId sm, ReqSpace space) const {
  return smPortOf(sm, space, portsPerSm_);
}

void Crossbar::attach(ClockDomain& icnt, Watchdog& watchdog) {
  icnt.add(*this);
  watchdog.add(*this);
}

bool Crossbar::tick() {
  // Move what can move, and find when the next packet can: the first to finish traversing, or
  // a busy port freeing up. A partition that withholds END_REQ wakes us when it takes one.
  Cycle next = ~Cycle{0};
  forwardRequests(next);
  returnResponses(next);
  if (next == ~Cycle{0}) return false;
  if (next <= now() + 1) return true;
  wakeAt(next);
  return false;
}

// Each SM port offers its oldest request; each partition port takes one packet at a time and
// stays busy for the packet's flits. The port served first rotates with the cycle number, so
// arbitration is fair and does not depend on when the crossbar slept.
//
// Each port's head is read from requestHeads_, so that a port that cannot send costs a look at
// a few dense arrays, not at its queue.
void Crossbar::forwardRequests(Cycle& next) {
  const Cycle cycle = now();
  const auto first = static_cast<std::uint32_t>(cycle % requests_.size());
  requestPorts_.forEachFrom(first, [&](std::uint32_t i) {
    Head* h = &requestHeads_[i];
    if (h->visibleAt <= cycle && !memSenders_[h->partition].held() &&
        memPortFreeAt_[h->partition] <= cycle) {
      TimedQueue<Routed>& q = requests_[i];
      send(i, h->partition, q.pop().payload);
      if (q.empty()) {
        requestPorts_.erase(i);
        return;
      }
      *h = Head{q.frontVisibleAt(), q.front().partition};
    }
    if (next > cycle + 1 && !memSenders_[h->partition].held())  // cycle + 1 is the earliest
      next = std::min(next, std::max({h->visibleAt, memPortFreeAt_[h->partition], cycle + 1}));
  });
}

void Crossbar::send(std::uint32_t port, std::uint32_t part, Payload* p) {
  const Cycle cycle = now();
  const std::uint32_t f = flits(*p, false);
  memPortFreeAt_[part] = cycle + f;
  requestPackets_.inc();
  requestFlits_.inc(f);
  ++ledger_.sent;
  if (memSenders_[part].send(memSide[static_cast<int>(part)], *p) ==
      RequestSender::Sent::Answered) {
    ++ledger_.received;
    routeResponse(*p);
  }
  watchdog_.progress();
  if (held_.held(static_cast<int>(port))) {  // room again: take the refused request
    const HeldRequests::Request h = held_.release(static_cast<int>(port));
    push(port, h.payload);
    endRequest(smSide, h);
  }
}

void Crossbar::returnResponses(Cycle& next) {
  const Cycle cycle = now();
  responsePorts_.forEach([&](std::uint32_t i) {
    if (responseHeads_[i] <= cycle && smPortFreeAt_[i] <= cycle) {
      TimedQueue<Payload*>& q = responses_[i];
      Payload* p = q.pop();
      const std::uint32_t f = flits(*p, true);
      smPortFreeAt_[i] = cycle + f;
      responsePackets_.inc();
      responseFlits_.inc(f);
      if (q.empty())
        responsePorts_.erase(i);
      else
        responseHeads_[i] = q.frontVisibleAt();
      ++ledger_.answered;
      sendBackward(smSide[static_cast<int>(i)], *p, tlm::BEGIN_RESP);
      watchdog_.progress();
      if (q.empty()) return;
    }
    if (next > cycle + 1)
      next = std::min(next, std::max({responseHeads_[i], smPortFreeAt_[i], cycle + 1}));
  });
}

void Crossbar::describeWaits(std::ostream& os) const {
  for (std::size_t i = 0; i < requests_.size(); ++i) {
    if (requests_[i].empty() && responses_[i].empty() && !held_.held(static_cast<int>(i))) continue;
    os << name() << " port " << i << ": " << requests_[i].size() << " requests";
    if (!requests_[i].empty()) {
      const std::uint32_t part = requests_[i].front().partition;
      os << " (head for partition " << part
         << (memSenders_[part].held() ? ", which refuses requests" : "") << ")";
    }
    os << ", " << responses_[i].size() << " responses"
       << (held_.held(static_cast<int>(i)) ? ", sender held" : "") << "\n";
  }
}

void Crossbar::checkConservation(ConservationCheck& check) const {
  IDiagnosable::checkConservation(check);
  check.ledger(name(), ledger_);
  check.equal(name(), "requests sent to the partitions", ledger_.sent, "request_packets",
              requestPackets_.value());
  check.equal(name(), "responses sent to the SMs", ledger_.answered, "response_packets",
              responsePackets_.value());
}

}  // namespace warpsim
