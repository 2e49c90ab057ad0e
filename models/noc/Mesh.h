#pragma once
// The 2D mesh interconnect (icnt.topology = mesh) on the Crossbar's sockets: each SM's L1s
// share their node's network interface (one injection queue each, served round-robin), each
// memory partition sits at its own node. Requests travel in the request VC, responses in the
// response VC, so a response never waits behind a request. See README.md.
#include <cstdint>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/noc/IInterconnect.h"
#include "warpsim/noc/MeshFabric.h"

namespace warpsim {

class StatsRegistry;

class Mesh : public sc_core::sc_module,
             public IInterconnect,
             public IDiagnosable,
             private noc::IMeshEndpoint {
 public:
  tlm_utils::multi_passthrough_target_socket<Mesh> smSide;      // port sm x portsPerSm + k
  tlm_utils::multi_passthrough_initiator_socket<Mesh> memSide;  // port p: partition p

  Mesh(sc_core::sc_module_name name, const MeshParams& params, const AddressMap& map,
       std::uint32_t sms, Watchdog& watchdog, StatsRegistry& stats, std::uint32_t portsPerSm = 3);

  std::uint32_t portOf(SmId sm, ReqSpace space) const override;
  void attach(ClockDomain& icnt, Watchdog& watchdog) override;
  void settleStats(Cycle end) override { fabric_.settleStats(end); }
  void describeWaits(std::ostream& os) const override;
  // Every request from an SM delivered to its partition and answered once.
  void checkConservation(ConservationCheck& check) const override;
  noc::MeshFabric& fabric() { return fabric_; }

 protected:
  void bindNextSmPort(tlm::tlm_initiator_socket<>& l1) override { l1.bind(smSide); }
  void bindNextMemPort(tlm::tlm_target_socket<>& l2) override { memSide.bind(l2); }
  const char* interconnectName() const override { return name(); }
  std::uint32_t portsPerSm() const override { return portsPerSm_; }

 private:
  using Payload = tlm::tlm_generic_payload;
  tlm::tlm_sync_enum fwFromSm(int port, Payload& trans, tlm::tlm_phase& phase,
                              sc_core::sc_time& delay);
  tlm::tlm_sync_enum bwFromMem(int port, Payload& trans, tlm::tlm_phase& phase,
                               sc_core::sc_time& delay);
  bool deliver(std::uint32_t node, const noc::Packet& p) override;
  void injectionSpace(std::uint32_t node, std::uint32_t queue) override;
  void injectRequest(std::uint32_t port, Payload& trans);
  void injectResponse(std::uint32_t part, Payload& trans);

  MeshParams params_;
  const AddressMap& map_;
  std::uint32_t sms_, portsPerSm_;
  noc::MeshFabric fabric_;
  std::vector<std::uint32_t> portQueue_;  // per SM port: its queue at its SM's interface
  std::vector<std::vector<std::uint32_t>> queuePort_;  // per node, per queue: SM port or kNone
  std::vector<std::uint32_t> mcQueue_;                 // per partition: its response queue
  RequestLedger ledger_;  // from the SMs: taken, answered; to the partitions: sent, answered
  HeldRequests held_;     // per SM port: refused while its queue was full
  std::vector<RequestSender> memSenders_;  // per partition: held while awaiting END_REQ
};

}  // namespace warpsim
