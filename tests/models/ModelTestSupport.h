#pragma once
// Test-only TLM endpoints for memory-side blocks: a scripted initiator that sends requests at
// given cycles and records every phase it sees, and a target that answers after a fixed delay.
// Both are Clocked blocks, so they run on the same ClockEngine as the block under test.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/ClockEngine.h"
#include "warpsim/core/PayloadPool.h"

namespace warpsim::test {

constexpr Cycle kNever = ~Cycle{0};

struct Send {
  Cycle at = 0;  // the earliest cycle to send (later if END_REQ is still withheld)
  Addr addr = 0;
  bool write = false;
  std::uint32_t sm = 0;  // GpuRequest::sm
  std::uint32_t length = 128;
};

// What happened to one request, by request id (its index in the script).
struct Record {
  Cycle sent = kNever;
  tlm::tlm_sync_enum status = tlm::TLM_COMPLETED;  // what nb_transport_fw returned
  tlm::tlm_phase phaseAfter = tlm::UNINITIALIZED_PHASE;
  Cycle endReq = kNever;  // END_REQ seen (at once or later through nb_transport_bw)
  Cycle resp = kNever;    // first BEGIN_RESP
  int responses = 0;
  tlm::tlm_response_status respStatus = tlm::TLM_INCOMPLETE_RESPONSE;
};

class ScriptedInitiator : public sc_core::sc_module, public Clocked {
 public:
  tlm_utils::simple_initiator_socket<ScriptedInitiator> socket;

  ScriptedInitiator(sc_core::sc_module_name name, PayloadPool& pool)
      : sc_core::sc_module(name), socket("socket"), pool_(pool) {
    socket.register_nb_transport_bw(this, &ScriptedInitiator::nbTransportBw);
  }

  // Sends are made in script order; call before sc_start() (the block must be registered).
  void start(std::vector<Send> script) {
    script_ = std::move(script);
    records.assign(script_.size(), Record{});
    wake();
  }

  bool tick() override {
    while (next_ < script_.size() && script_[next_].at <= now() && !awaitingEndReq_) send();
    return next_ < script_.size();
  }

  // Responses in arrival order (request ids).
  std::vector<std::uint64_t> responseOrder;
  std::vector<Record> records;
  // Responses to requests this initiator did not send: (GpuRequest::id, cycle).
  std::vector<std::pair<std::uint64_t, Cycle>> foreign;

 private:
  void send() {
    const Send& s = script_[next_];
    tlm::tlm_generic_payload& p = pool_.acquire();
    GpuRequest& r = GpuRequest::of(p);
    r.id = next_;
    r.sm = SmId{s.sm};
    r.kind = s.write ? ReqKind::Store : ReqKind::Load;
    r.lineAddr = s.addr;
    p.set_command(s.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    p.set_address(s.addr);
    p.set_data_length(s.length);
    p.set_streaming_width(s.length);
    Record& rec = records[next_];
    rec.sent = now();
    sent_.push_back(&p);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    rec.status = socket->nb_transport_fw(p, phase, delay);
    rec.phaseAfter = phase;
    if (rec.status == tlm::TLM_UPDATED && phase == tlm::END_REQ)
      rec.endReq = now();
    else
      awaitingEndReq_ = true;
    ++next_;
  }

  tlm::tlm_sync_enum nbTransportBw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                                   sc_core::sc_time&) {
    if (std::find(sent_.begin(), sent_.end(), &p) == sent_.end()) {
      if (phase == tlm::BEGIN_RESP) {
        foreign.emplace_back(GpuRequest::of(p).id, now());
        p.release();
      }
      return tlm::TLM_COMPLETED;
    }
    Record& rec = records.at(GpuRequest::of(p).id);
    if (phase == tlm::END_REQ) {
      rec.endReq = now();
      awaitingEndReq_ = false;
      wake();
      return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
      if (rec.responses++ == 0) {
        rec.resp = now();
        rec.respStatus = p.get_response_status();
        responseOrder.push_back(GpuRequest::of(p).id);
        sent_.erase(std::find(sent_.begin(), sent_.end(), &p));
        p.release();  // only once: a second response must not free the payload twice
      }
      return tlm::TLM_COMPLETED;
    }
    return tlm::TLM_ACCEPTED;
  }

  PayloadPool& pool_;
  std::vector<Send> script_;
  std::vector<tlm::tlm_generic_payload*> sent_;  // sent, not yet answered
  std::size_t next_ = 0;
  bool awaitingEndReq_ = false;
};

// A memory-side target that takes every request at once (END_REQ) and answers it
// `respondAfter` cycles later through BEGIN_RESP.
class DelayTarget : public sc_core::sc_module, public Clocked {
 public:
  tlm_utils::simple_target_socket<DelayTarget> socket;

  struct Arrival {
    Cycle at;
    Addr addr;
    std::uint64_t id;
    bool write;
  };

  DelayTarget(sc_core::sc_module_name name, Cycle respondAfter)
      : sc_core::sc_module(name), socket("socket"), respondAfter_(respondAfter) {
    socket.register_nb_transport_fw(this, &DelayTarget::nbTransportFw);
  }

  bool tick() override {
    while (!pending_.empty() && pending_.front().first <= now()) {
      tlm::tlm_generic_payload* p = pending_.front().second;
      pending_.pop_front();
      p->set_response_status(tlm::TLM_OK_RESPONSE);
      tlm::tlm_phase phase = tlm::BEGIN_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_bw(*p, phase, delay);
    }
    return !pending_.empty();
  }

  std::vector<Arrival> arrivals;

 private:
  tlm::tlm_sync_enum nbTransportFw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                                   sc_core::sc_time&) {
    if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
    arrivals.push_back(Arrival{now(), p.get_address(), GpuRequest::of(p).id, p.is_write()});
    pending_.emplace_back(now() + respondAfter_, &p);
    wake();
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }

  Cycle respondAfter_;
  std::deque<std::pair<Cycle, tlm::tlm_generic_payload*>> pending_;
};

}  // namespace warpsim::test
