#pragma once
// The simplest memory channel: every request is answered a fixed number of DRAM cycles after it
// arrives, at most `perCycle` per cycle, with a bounded request queue whose fullness withholds
// END_REQ. It stands where the FR-FCFS GDDR controller goes and serves as an
// ideal-memory bound.
#include <cstdint>

#include <tlm_utils/multi_passthrough_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/Clocked.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/stats/Counter.h"
#include "warpsim/stats/Histogram.h"

namespace warpsim {

class Config;
class ConfigSchema;
class StatsRegistry;

struct FixedDramParams {
  std::uint32_t latency = 580;  // DRAM cycles
  std::uint32_t queue = 32;     // requests
  std::uint32_t perCycle = 1;   // responses per DRAM cycle

  static void declare(ConfigSchema& schema);
  static FixedDramParams load(const Config& config);
};

class FixedLatencyDram : public sc_core::sc_module, public Clocked, public IDiagnosable {
 public:
  // Requesters bind here (the L2 slice, then e.g. a host's HostPort); they share the queue.
  tlm_utils::multi_passthrough_target_socket<FixedLatencyDram> socket;

  FixedLatencyDram(sc_core::sc_module_name name, const FixedDramParams& params, Watchdog& watchdog,
                   StatsRegistry& stats);
  bool tick() override;
  // Books a full-queue span still in progress up to now (statistics read now are complete).
  void settleStats();
  void describeWaits(std::ostream& os) const override;
  // Every request taken answered once (its pushed prefetch lines are no answers).
  void checkConservation(ConservationCheck& check) const override;

 private:
  tlm::tlm_sync_enum nbTransportFw(int port, tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                   sc_core::sc_time& delay);
  void enqueue(const HeldRequests::Request& request);

  FixedDramParams params_;
  Watchdog& watchdog_;
  TimedQueue<HeldRequests::Request> queue_;  // request and requester, due at its response cycle
  RequestLedger ledger_;                     // requests taken and answered
  HeldRequests held_;                        // arrived while full; END_REQ withheld
  Cycle fullSince_ = 0;
  Counter reads_, writes_, bytes_, fullCycles_;
};

}  // namespace warpsim
