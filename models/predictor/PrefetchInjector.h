#pragma once
// Puts prefetch requests into one L2 slice beside the demand traffic from the interconnect:
// sits between the crossbar's memory port and the slice's upstream socket, only when
// predictor.prefetch is on. Demand requests pass straight through (same call, same cycle, same
// answer), so with no prefetch queued timing is that of a direct binding. Prefetches wait in a
// small queue and go one per L2 cycle, only while the slice is not holding a request back;
// a demand request that arrives while a prefetch is held is held here and forwarded first.
// The slice answers a prefetch like a read; the injector releases it and reports the line done.
#include <cstdint>
#include <functional>
#include <iosfwd>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/Clocked.h"
#include "warpsim/core/GpuRequest.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"

namespace warpsim {

class PrefetchInjector : public sc_core::sc_module, public Clocked, public IDiagnosable {
 public:
  using DoneHook = std::function<void(Addr line)>;
  static constexpr std::uint32_t kQueue = 16;  // prefetches waiting; more are dropped

  tlm_utils::simple_target_socket<PrefetchInjector> upstream;       // from the crossbar
  tlm_utils::simple_initiator_socket<PrefetchInjector> downstream;  // to the L2 slice

  PrefetchInjector(sc_core::sc_module_name name, PayloadPool& pool, std::uint32_t lineSize,
                   DoneHook done);

  // Queues a prefetch of `line` (a copy of `proto` with kind Prefetch and the kPrefetch flag);
  // false when the queue is full (the prefetch is dropped).
  bool offer(Addr line, const GpuRequest& proto);
  bool tick() override;
  void describeWaits(std::ostream& os) const override;
  // Every prefetch of its own sent below answered once (demands pass through uncounted).
  void checkConservation(ConservationCheck& check) const override;

 private:
  using Payload = tlm::tlm_generic_payload;
  tlm::tlm_sync_enum fwFromAbove(Payload& trans, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  tlm::tlm_sync_enum bwFromBelow(Payload& trans, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  bool isOurs(const Payload& p) const { return GpuRequest::of(p).tag == kOwnTag; }
  // Sends `p` below; true when the slice took it at once (END_REQ), else it is held below.
  bool sendBelow(Payload& p);

  static constexpr std::uint32_t kOwnTag = 0x9F3E7A11u;  // marks the injector's own payloads
  PayloadPool& pool_;
  std::uint32_t lineSize_;
  DoneHook done_;
  TimedQueue<Payload*> prefetches_{kQueue};
  HeldRequests demand_{1};  // from above, waiting for the slice to take our prefetch
  RequestLedger ledger_;    // its own prefetches: sent and answered
  RequestSender below_;     // held while the slice has not yet taken a request (END_REQ)
};

}  // namespace warpsim
