#pragma once
// A foreign TLM-2.0 initiator's way into the GPU's DRAM (doc/architecture.md section 3, "Foreign
// TLM IP"): a host CPU, a DMA engine or a traffic generator binds to `host` and speaks the
// non-blocking base protocol (BEGIN_REQ, END_REQ, BEGIN_RESP, END_RESP), as warpsim's own blocks
// do. Each request goes to the memory partition its address maps to (the GPU's AddressMap):
// `memory` is bound once per partition, in partition order, to that partition's DRAM channel
// socket, beside its L2 slice, so host and GPU requests share the channel's queue and scheduler.
//
// A request must lie within one partition's chunk (mem.partition_chunk) and one DRAM row
// (mem.row_size); others are answered at once with TLM_BURST_ERROR_RESPONSE. So are those the
// channels cannot serve (doc/reliability.md): outside the port's window of GPU memory
// (TLM_ADDRESS_ERROR_RESPONSE), with byte enables (TLM_BYTE_ENABLE_ERROR_RESPONSE: a channel
// moves whole bursts), a streaming width below the length (TLM_BURST_ERROR_RESPONSE), or a
// command other than read and write (TLM_COMMAND_ERROR_RESPONSE). The channels model timing
// only: no block behind the port reads or writes a host payload's data. A BEGIN_REQ passes
// through in the same call, or, with an annotated delay, when that time comes; the port has no
// queue of its own: the channel's back-pressure (END_REQ withheld) reaches the host unchanged.
// What it sends a channel goes through the port layer (core/TlmPorts.h), one RequestSender per
// partition: the port knows which channel holds a host request back, and a BEGIN_REQ while an
// earlier one still awaits END_REQ (a host breaking the base protocol) is reported, naming it.
// The clock engine may run ahead of SystemC's time; what reaches the host carries the difference
// as its annotated delay, so a host that honours it (e.g. notify(delay)) sees GPU time.
// Responses go to the host at once;
// if the host takes one with TLM_ACCEPTED, the next waits here for its END_RESP and is sent from
// within that call (a base-protocol rule the channels, whose warpsim requesters take responses
// at once, do not keep themselves).
// Host payloads need no warpsim extension.
#include <cstdint>
#include <deque>
#include <iosfwd>
#include <string>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/ClockEngine.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

class HostPort : public sc_core::sc_module, public IDiagnosable {
 public:
  tlm_utils::simple_target_socket<HostPort> host;                  // from the host
  tlm_utils::multi_passthrough_initiator_socket<HostPort> memory;  // to channel P, P = 0, 1, ..

  // The GPU memory a host may reach: addresses base to base + size - 1.
  struct Window {
    Addr base = 0;
    Addr size = ~Addr{0};  // all of it
    bool contains(Addr a, std::uint64_t length) const {
      return a >= base && a - base < size && length <= size - (a - base);
    }
  };

  // `engine` drives the channels (its time annotates what reaches the host); registers itself
  // with its watchdog for the who-waits-on-what dump. Without a window, all of memory.
  HostPort(sc_core::sc_module_name name, const AddressMap& map, ClockEngine& engine,
           StatsRegistry& stats, Window window);
  HostPort(sc_core::sc_module_name name, const AddressMap& map, ClockEngine& engine,
           StatsRegistry& stats);
  void describeWaits(std::ostream& os) const override;
  // Every host request sent to the DRAM channel answered once.
  void checkConservation(ConservationCheck& check) const override;
  // Host requests taken (waiting for their annotated time, or in a channel) and not yet
  // answered by a channel.
  std::uint64_t outstanding() const { return requests_.value() - responses_.value(); }

 private:
  using Payload = tlm::tlm_generic_payload;
  tlm::tlm_sync_enum fromHost(Payload& trans, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  tlm::tlm_sync_enum fromMemory(int partition, Payload& trans, tlm::tlm_phase& phase,
                                sc_core::sc_time& delay);
  void fromDelay(Payload& trans, const tlm::tlm_phase& phase);  // a BEGIN_REQ's time has come
  // The error response a request the channels cannot serve gets (TLM_OK_RESPONSE if it can).
  tlm::tlm_response_status refusal(const Payload& trans) const;
  // BEGIN_REQ to the channel of its partition (`phase` and `status` as the channel left them).
  RequestSender::Sent forward(Payload& trans, tlm::tlm_phase& phase, tlm::tlm_sync_enum& status);
  // The host request that still awaits END_REQ, if any, as text ("" if none).
  std::string openRequest() const;
  void end_of_elaboration() override;
  // Sends queued responses until the host holds one open (TLM_ACCEPTED) or none is left.
  void sendResponses();
  void toHost(Payload& trans, tlm::tlm_phase phase);  // annotated with the engine's lead

  const ClockEngine& engine_;
  const AddressMap& map_;
  Window window_;
  std::vector<RequestSender> channels_;  // per partition: held while it withholds END_REQ
  std::deque<Payload*> waiting_;         // answered by a channel, not yet sent to the host
  std::size_t delaying_ = 0;             // BEGIN_REQs waiting for their annotated time
  bool awaitingEndResp_ = false;
  tlm_utils::peq_with_cb_and_phase<HostPort> delayed_;  // BEGIN_REQs with an annotated delay
  Counter requests_, responses_, reads_, writes_, bytes_, heldBack_, rejected_;
};

}  // namespace warpsim
