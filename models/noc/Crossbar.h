#pragma once
// An ideal crossbar between the SMs and the memory partitions: a fixed traversal latency and
// per-port bandwidth (one flit per cycle per port), with bounded input buffers whose fullness
// withholds END_REQ. Requests and responses travel on separate paths, so a response is never
// stuck behind a request. The 2D Mesh plugs into the same sockets (IInterconnect).
#include <cstdint>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/Clocked.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/core/PortSet.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/noc/IInterconnect.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class Config;
class ConfigSchema;
class StatsRegistry;

struct CrossbarParams {
  std::uint32_t latency = 8;      // interconnect cycles through the crossbar
  std::uint32_t inputBuffer = 8;  // requests buffered per SM port
  std::uint32_t flitBytes = 32;   // port width
  std::uint32_t headerBytes = 8;  // per packet

  static void declare(ConfigSchema& schema);
  static CrossbarParams load(const Config& config);
};

class Crossbar : public sc_core::sc_module,
                 public Clocked,
                 public IDiagnosable,
                 public IInterconnect {
 public:
  tlm_utils::multi_passthrough_target_socket<Crossbar> smSide;      // port i: SM i
  tlm_utils::multi_passthrough_initiator_socket<Crossbar> memSide;  // port p: partition p

  // `portsPerSm` SM-side ports per SM, bound in order: port sm x portsPerSm + k is the k-th
  // L1 of SM `sm` (k: 0 L1D, 1 L1T, 2 L1C, by the request's space; see portOf).
  Crossbar(sc_core::sc_module_name name, const CrossbarParams& params, const AddressMap& map,
           std::uint32_t sms, Watchdog& watchdog, StatsRegistry& stats,
           std::uint32_t portsPerSm = 1);
  // The SM-side port a request of `sm` in `space` came from, and its response goes back to.
  std::uint32_t portOf(SmId sm, ReqSpace space) const override;
  void attach(ClockDomain& icnt, Watchdog& watchdog) override;
  void settleStats(Cycle) override {}  // every statistic is a count
  bool tick() override;
  void describeWaits(std::ostream& os) const override;
  // Every request from an SM delivered to its partition and answered once, every packet counted.
  void checkConservation(ConservationCheck& check) const override;

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
  std::uint32_t flits(const Payload& p, bool response) const;
  // Each moves what may move this cycle and lowers `next` to when the rest may.
  void forwardRequests(Cycle& next);
  void returnResponses(Cycle& next);
  void push(std::uint32_t port, Payload* p);
  void send(std::uint32_t port, std::uint32_t partition, Payload* p);
  void routeResponse(Payload& trans);  // a partition's response, to its SM port

  CrossbarParams params_;
  std::uint32_t portsPerSm_;
  const AddressMap& map_;
  Watchdog& watchdog_;
  struct Routed {
    Payload* payload = nullptr;
    std::uint32_t partition = 0;  // looked up once, on arrival
  };
  std::vector<TimedQueue<Routed>> requests_;  // per SM port
  RequestLedger ledger_;  // from the SMs: taken, answered; to the partitions: sent, answered
  HeldRequests held_;     // per SM port: refused while its buffer was full
  std::vector<TimedQueue<Payload*>> responses_;  // per SM port, unbounded
  std::vector<Cycle> memPortFreeAt_;             // per partition: request port occupancy
  std::vector<RequestSender> memSenders_;        // per partition: held while awaiting END_REQ
  std::vector<Cycle> smPortFreeAt_;              // per SM: response port occupancy
  // Each queue's head, as it is while the queue is not empty: what arbitration reads.
  struct Head {
    Cycle visibleAt = 0;
    std::uint32_t partition = 0;
  };
  std::vector<Head> requestHeads_;    // per SM port
  std::vector<Cycle> responseHeads_;  // per SM port: when the head is visible
  PortSet requestPorts_;              // SM ports with requests queued
  PortSet responsePorts_;             // SM ports with responses queued
  Counter requestPackets_, responsePackets_, requestFlits_, responseFlits_, injectionStalls_;
};

}  // namespace warpsim
