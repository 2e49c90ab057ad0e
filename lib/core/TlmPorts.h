#pragma once
// The TLM-2.0 base-protocol logic every block that speaks TLM shares (doc/architecture.md
// section 3): an initiator has at most one BEGIN_REQ open per socket, a target that cannot
// take a request withholds END_REQ and sends it later, responses are taken at once.
//
//   RequestSender  the initiator side of one socket: send BEGIN_REQ, learn whether it was taken,
//                  held (END_REQ withheld: nothing more may go) or answered in the same call,
//                  and release the hold on END_REQ or on the held request's response.
//   HeldRequests   the target side: the requests it holds back, at most one per initiator port,
//                  each with the cycle it was held since, released by port or in rotating order.
//   sendBackward / sendForward: one phase with zero delay, as every block here annotates none.
//   NbTarget / NbInitiator: the transport interfaces of a block that speaks only the
//                  non-blocking protocol and binds its plain tlm sockets to itself, so that a
//                  call reaches it directly instead of through tlm_utils' callback layers.
#include <cstddef>
#include <vector>

#include <tlm>

#include "warpsim/core/Ids.h"

namespace warpsim {

template <typename Socket>
tlm::tlm_sync_enum sendForward(Socket&& socket, tlm::tlm_generic_payload& p, tlm::tlm_phase phase) {
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  return socket->nb_transport_fw(p, phase, delay);
}

template <typename Socket>
tlm::tlm_sync_enum sendBackward(Socket&& socket, tlm::tlm_generic_payload& p,
                                tlm::tlm_phase phase) {
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  return socket->nb_transport_bw(p, phase, delay);
}

class RequestSender {
 public:
  enum class Sent : std::uint8_t {
    Taken,     // END_REQ at once: the next request may go
    Held,      // END_REQ withheld: nothing more until backward() releases it
    Answered,  // the target responded in the same call (TLM_COMPLETED or BEGIN_RESP)
  };

  // BEGIN_REQ of `p` through `socket` (an initiator socket, or one element of a multi-socket).
  template <typename Socket>
  Sent send(Socket&& socket, tlm::tlm_generic_payload& p) {
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    return sent(p, socket->nb_transport_fw(p, phase, delay), phase);
  }
  // The outcome of a BEGIN_REQ of `p` that returned `s` with `phase` (for a block that passes
  // another initiator's request through and returns the target's answer unchanged).
  Sent sent(tlm::tlm_generic_payload& p, tlm::tlm_sync_enum s, tlm::tlm_phase phase) {
    if (s == tlm::TLM_COMPLETED || (s == tlm::TLM_UPDATED && phase == tlm::BEGIN_RESP))
      return Sent::Answered;
    if (s == tlm::TLM_UPDATED && phase == tlm::END_REQ) return Sent::Taken;
    held_ = &p;
    return Sent::Held;
  }

  // The backward path carried `phase` for `p`. END_REQ, or the held request's response (which
  // implies END_REQ), releases the hold; returns true when it did.
  bool backward(const tlm::tlm_generic_payload& p, tlm::tlm_phase phase) {
    if (!held_ || !(phase == tlm::END_REQ || (phase == tlm::BEGIN_RESP && &p == held_)))
      return false;
    held_ = nullptr;
    return true;
  }

  bool held() const { return held_ != nullptr; }
  tlm::tlm_generic_payload* heldRequest() const { return held_; }

 private:
  tlm::tlm_generic_payload* held_ = nullptr;
};

class HeldRequests {
 public:
  struct Request {
    tlm::tlm_generic_payload* payload = nullptr;
    int port = 0;
    Cycle since = 0;  // the cycle it was held
  };

  explicit HeldRequests(std::size_t ports = 0) : byPort_(ports) {}

  // Holds `p` from initiator port `port`; false if that port already has one held (a second
  // open BEGIN_REQ breaks the base protocol: the caller reports it).
  bool hold(int port, tlm::tlm_generic_payload& p, Cycle since = 0) {
    if (static_cast<std::size_t>(port) >= byPort_.size()) byPort_.resize(port + 1);
    Request& r = byPort_[static_cast<std::size_t>(port)];
    if (r.payload) return false;
    r = Request{&p, port, since};
    ++count_;
    return true;
  }
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  bool held(int port) const {
    return static_cast<std::size_t>(port) < byPort_.size() &&
           byPort_[static_cast<std::size_t>(port)].payload != nullptr;
  }
  const Request& at(int port) const { return byPort_[static_cast<std::size_t>(port)]; }
  Request& at(int port) { return byPort_[static_cast<std::size_t>(port)]; }

  // The request held from `port`, which must be held(port).
  Request release(int port) {
    Request r = byPort_[static_cast<std::size_t>(port)];
    byPort_[static_cast<std::size_t>(port)] = Request{};
    --count_;
    return r;
  }
  // The next held request after the last one released this way, so that none waits for ever
  // behind another; empty() must be false.
  Request release() {
    for (;;) {
      const std::size_t port = next_++ % byPort_.size();
      if (byPort_[port].payload) return release(static_cast<int>(port));
    }
  }

 private:
  std::vector<Request> byPort_;
  std::size_t next_ = 0, count_ = 0;
};

// A target socket bound to the block itself: `socket.bind(*this)`. Blocking and debug
// transport and DMI are not offered: b_transport is reported as an error (a blocking initiator
// goes through a bridge), the others answer that nothing was done.
class NbTarget : public tlm::tlm_fw_transport_if<> {
 public:
  void b_transport(tlm::tlm_generic_payload&, sc_core::sc_time&) override {
    SC_REPORT_ERROR("warpsim", "b_transport to a block that takes only nb_transport_fw");
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }
};

// An initiator socket bound to the block itself: `socket.bind(*this)`; DMI is never granted.
class NbInitiator : public tlm::tlm_bw_transport_if<> {
 public:
  void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
};

// Releases a held request's initiator: END_REQ on the backward path of its port.
template <typename Socket>
void endRequest(Socket& socket, const HeldRequests::Request& r) {
  sendBackward(socket[r.port], *r.payload, tlm::END_REQ);
}

}  // namespace warpsim
