#pragma once
// The load/store unit of one SM: takes one memory instruction at a time from the issue stage,
// coalesces it into line requests, sends them one per cycle through its TLM initiator socket
// (non-blocking base protocol; a withheld END_REQ stalls it), and reports each instruction's
// completion to the SM when all its responses are back. Shared memory is served locally with
// its bank-conflict serialisation.
#include <cstdint>
#include <vector>

#include <systemc>
#include <tlm>

#include "warpsim/core/AnalysisPort.h"
#include "warpsim/core/Clocked.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/interfaces/ILsuGate.h"
#include "warpsim/interfaces/ILsuState.h"
#include "warpsim/lsu/Coalescer.h"
#include "warpsim/lsu/ILsuClient.h"
#include "warpsim/lsu/LsuParams.h"
#include "warpsim/stats/Counter.h"
#include "warpsim/stats/Histogram.h"

namespace warpsim {

class StatsRegistry;

// Who issued a memory instruction, for the request extension.
struct MemIssueInfo {
  WarpId warp;
  CtaId cta;
  std::uint32_t ctaX = 0, ctaY = 0, ctaZ = 0;
  std::uint32_t warpInCta = 0;
  std::uint32_t lec = 0;
};

class Lsu : public sc_core::sc_module,
            public Clocked,
            public IDiagnosable,
            public ILsuState,
            private NbInitiator {
 public:
  // Bound to the LSU itself (responses come straight to nb_transport_bw).
  tlm::tlm_initiator_socket<> socket;       // global and local: to the L1D
  tlm::tlm_initiator_socket<> texSocket;    // texture: to the L1T
  tlm::tlm_initiator_socket<> constSocket;  // constant: to the L1C
  // Every line request the stage builds from an instruction, once, before it is sent (L1 hits
  // included; re-executions are not written again). Written only when bound.
  AnalysisPort<tlm::tlm_generic_payload> issued;

  Lsu(sc_core::sc_module_name name, SmId sm, const LsuParams& params, PayloadPool& pool,
      ILsuClient& client, Watchdog& watchdog, StatsRegistry& stats);

  // Whether issue may hand over a memory instruction this cycle. Mascar III-C: not while the
  // re-execution queue is full.
  bool canAccept() const override { return !busy_ && !freeEntries_.empty() && !reexecFull(); }
  // Bit w: warp w has a request in the re-execution queue and may not issue another memory
  // instruction (Mascar III-C: one memory instruction per warp in the queue).
  std::uint64_t blockedWarps() const override { return queuedWarps_; }
  // Bit w: the LSU is still serving warp w's requests (Mascar III-A, owner warp management: the
  // owner "continues to issue all of its memory requests through the LSU"): lines of its
  // instruction not yet sent from the stage, a request sent and awaiting its ACK or refusal, or
  // requests in the re-execution queue.
  std::uint64_t servedWarps() const override;
  // The stage holds an instruction with lines still to send, and may send one now.
  bool stageCanSend() const override { return busy_ && !stageBlocked() && !reexecFull(); }
  void accept(const WarpInst& in, const MemIssueInfo& who);
  // Mascar's owner warp: flags every request sent to an L1 (call before the simulation starts).
  void setGate(ILsuGate* gate) override { gate_ = gate; }
  ILsuGate* gate() const { return gate_; }
  std::uint32_t reexecSize() const { return reexecCount_; }

  bool tick() override;
  // Books a stall still in progress up to now, so that statistics read now are complete.
  void settleStats();
  void describeWaits(std::ostream& os) const override;
  // Every request sent answered once (a refusal is an answer); sent = requests + reexecutions.
  void checkConservation(ConservationCheck& check) const override;

 private:
  struct InFlight {
    WarpId warp;
    Reg dst = kNoReg;
    std::uint32_t outstanding = 0;  // line requests not yet answered
    Cycle issued = 0;
  };
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override;
  void sendNext();
  void complete(std::uint32_t entry);
  // Re-execution queue (Lsu.cpp, "re-execution").
  // Full: a refused request found no room and holds the LSU's head (Mascar III-C, Fig. 7(b)).
  bool reexecFull() const { return reexecCount_ > params_.reexecEntries; }
  bool stageBlocked() const;
  bool serveQueue() const;
  bool canSend() const { return !sender_.held() && ((busy_ && !stageBlocked()) || reexecCount_); }
  tlm::tlm_generic_payload& buildStageRequest();
  void pushReexec(tlm::tlm_generic_payload* p);
  tlm::tlm_generic_payload* popReexec();
  void noteQueueChange();
  void requestTaken(bool fromStage);
  void refused(tlm::tlm_generic_payload& p);
  tlm::tlm_initiator_socket<>& socketFor(ReqSpace s);

  SmId sm_;
  LsuParams params_;
  PayloadPool& pool_;
  ILsuClient& client_;
  Watchdog& watchdog_;

  // The instruction being sent.
  bool busy_ = false;
  RequestSender sender_;    // held while an L1 withholds END_REQ (or, refusable, its lookup)
  RequestLedger ledger_;    // requests sent to the L1s and answered
  Cycle stalledSince_ = 0;  // when the memory side withheld END_REQ
  CoalescedAccess access_;
  std::uint32_t nextLine_ = 0;
  std::uint32_t entry_ = 0;
  GpuRequest proto_;  // extension fields common to the instruction's requests
  tlm::tlm_command command_ = tlm::TLM_READ_COMMAND;

  std::vector<InFlight> inFlight_;
  std::vector<std::uint32_t> freeEntries_;
  struct Response {    // an answered line request; its payload is back in the pool
    Cycle issued = 0;  // its instruction's issue cycle
    std::uint32_t entry = 0;
    bool read = false;
  };
  TimedQueue<Response> responses_;
  TimedQueue<std::uint32_t> sharedDone_;
  std::uint64_t nextRequestId_ = 0;

  // Mascar (III-C, III-D). Whether the held request may be refused (it awaits its ACK, END_REQ,
  // or its refusal: not a stall), and whether it came from the stage or the queue.
  ILsuGate* gate_ = nullptr;
  bool heldRefusable_ = false;
  bool heldFromStage_ = false;
  // The queue: refused line requests with their addresses (the payloads), a ring of
  // reexec_entries + 1 slots: the last is the LSU's head, where a refused request that found
  // the queue full waits (with 0 entries, the refused request the LSU keeps retrying).
  std::vector<tlm::tlm_generic_payload*> reexec_;
  std::uint32_t reexecHead_ = 0, reexecCount_ = 0;
  std::uint64_t queuedWarps_ = 0;
  std::vector<std::uint16_t> queuedPerWarp_;  // requests per warp slot in the queue
  std::vector<std::uint32_t>
      queuedEntryOf_;     // and the in-flight entry (instruction) they belong to
  Cycle queueSince_ = 0;  // last change of the queue's occupancy
  bool wasFull_ = false;
  Counter reexecutions_, refusals_, nonOwnerRefusals_, occupancyCycles_, fullCycles_, maxOccupancy_;

  Counter instructions_, requests_, loadRequests_, storeRequests_, sharedAccesses_;
  Counter sharedConflictCycles_, stallCycles_;
  Histogram latency_{32, 64};
};

}  // namespace warpsim
