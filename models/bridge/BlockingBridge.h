#pragma once
// Connects warpsim's non-blocking memory side to a foreign TLM-2.0 target that offers only
// blocking b_transport, and may call wait() in it (doc/architecture.md section 3, "Foreign TLM
// IP"). The bridge is the one block with its own SystemC process: requests arriving on `upstream`
// (BEGIN_REQ, END_REQ withheld while `capacity` requests wait) are served in arrival order by
// an SC_THREAD that calls b_transport on `downstream`, waits out the annotated delay, and
// returns the response with BEGIN_RESP. The clock engine never blocks on the target: while the
// thread waits, SystemC time moves and the engine ticks the rest of the GPU.
#include <cstdint>
#include <deque>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/ClockEngine.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

class BlockingBridge : public sc_core::sc_module, public IDiagnosable {
 public:
  tlm_utils::simple_target_socket<BlockingBridge> upstream;       // from an L2 slice
  tlm_utils::simple_initiator_socket<BlockingBridge> downstream;  // to the b_transport target

  // `engine` drives the blocks above (a request is served no earlier than its engine time).
  BlockingBridge(sc_core::sc_module_name name, std::uint32_t capacity, ClockEngine& engine,
                 StatsRegistry& stats);
  void describeWaits(std::ostream& os) const override;
  // Every request taken answered once.
  void checkConservation(ConservationCheck& check) const override;
  // Requests accepted or held back and not yet answered (e.g. posted writes' line fills still
  // in flight when a run ends).
  std::size_t pending() const { return queue_.size() + held_.size(); }

 private:
  SC_HAS_PROCESS(BlockingBridge);
  tlm::tlm_sync_enum nbTransportFw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                   sc_core::sc_time& delay);
  void serve();  // the SC_THREAD

  std::uint32_t capacity_;
  struct Request {
    tlm::tlm_generic_payload* payload;
    std::uint64_t atPs;  // the engine's time when it was sent: served no earlier
  };
  const ClockEngine& engine_;
  Watchdog& watchdog_;
  std::deque<Request> queue_;  // bounded by capacity_: no growth after warm-up
  RequestLedger ledger_;       // requests taken and answered
  HeldRequests held_{1};       // arrived while full; END_REQ withheld
  sc_core::sc_event arrived_;
  Counter reads_, writes_, bytes_, busyPs_;
};

}  // namespace warpsim
