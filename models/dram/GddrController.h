#pragma once
// One GDDR channel of a memory partition (OWL Table 1): a request queue with a
// capacity, per-bank row state with the GDDR timing rules, one command per DRAM cycle chosen by
// a scheduling policy, a shared data bus, the row-buffer bit vectors of OWL 4.5 and an optional
// memory-side prefetcher (OWL 4.4) that pushes lines of the open row into the L2 slice above.
// Sleeps until the next cycle a timing constraint expires. Protocol and statistics: README.md.
#include <algorithm>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <vector>

#include <tlm_utils/multi_passthrough_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/core/Clocked.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/core/TlmPorts.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/dram/DramPolicies.h"
#include "warpsim/dram/GddrParams.h"
#include "warpsim/interfaces/AddressMap.h"
#include "warpsim/stats/Counter.h"
#include "warpsim/stats/Histogram.h"
#include "warpsim/stats/Timeline.h"

namespace warpsim {

class StatsRegistry;

class GddrController : public sc_core::sc_module, public Clocked, public IDiagnosable {
 public:
  // Requesters bind here: the partition's L2 slice first (socket 0: the prefetcher's fills go
  // to it), then any other (e.g. a host's HostPort). All share the queue and the scheduler.
  tlm_utils::multi_passthrough_target_socket<GddrController> socket;

  // `map` decodes addresses (this channel's partition only); `pool` supplies prefetch payloads.
  GddrController(sc_core::sc_module_name name, const GddrParams& params, const AddressMap& map,
                 PartitionId partition, PayloadPool& pool, Watchdog& watchdog, StatsRegistry& stats,
                 const DramSchedulerRegistry& schedulers = DramSchedulerRegistry::builtins(),
                 const DramPrefetcherRegistry& prefetchers = DramPrefetcherRegistry::builtins());
  bool tick() override;
  // Books the open spans (BLP, cycles, full queue) up to now.
  void settleStats();
  void describeWaits(std::ostream& os) const override;
  // Every request taken answered once (its pushed prefetch lines are no answers).
  void checkConservation(ConservationCheck& check) const override;

  // --timeline (doc/observability.md): a track per bank with its open rows as spans and its
  // commands (ACT, PRE, RD, WR, PF for OWL's prefetches) as instants. Call before sc_start().
  void attachTimeline(Timeline& timeline);

 private:
  using Payload = tlm::tlm_generic_payload;
  static constexpr Cycle kNever = ~Cycle{0};
  enum class Cmd : std::uint8_t { None, Col, Act, Pre, Prefetch };
  struct Candidate {
    Cmd cmd = Cmd::None;
    bool write = false;  // a column command's direction
    std::uint32_t bank = 0;
    std::uint64_t seq = 0;   // the demand's arrival order
    std::uint32_t line = 0;  // prefetch
    Cycle earliest = 0;
  };
  struct Bank {
    OpenRow open;
    Addr rowBase = 0;                    // partition-local address of the open row
    Cycle actReady = 0;                  // tRC after ACT, tRP after PRE
    Cycle colReady = 0;                  // tRCD after ACT
    Cycle readReady = 0;                 // tCDLR after the last write data
    Cycle preReady = 0;                  // tRAS after ACT; write recovery; read burst
    std::uint32_t prefetched = 0;        // prefetches since the row opened
    std::uint32_t nextLine = 0;          // the line after the last one a demand read
    std::uint32_t outstanding = 0;       // demands accepted, not yet answered (blp_queued)
    std::uint32_t inService = 0;         // of those, demands with a command issued (BLP)
    std::vector<std::uint8_t> sent;      // OWL 4.5: one bit per line of the open row
    std::vector<Cycle> prefetchArrives;  // when a prefetched line reaches the L2 (late count)
    // The bank's visible demands, oldest first (capacity reserved), what they hold for the
    // scheduler, and its pick with the bank's own timing only (the shared buses are added when
    // candidates are compared); view and demand are refreshed when `changed` is set.
    std::vector<DramRequest> queue;
    BankQueueView view;
    Candidate demand;
    bool changed = false;
  };
  struct Completion {
    Payload* payload = nullptr;
    std::uint32_t bank = 0;
    Cycle arrived = 0;
    bool demand = true;
    int port = 0;
  };

  tlm::tlm_sync_enum nbTransportFw(int port, Payload& trans, tlm::tlm_phase& phase,
                                   sc_core::sc_time&);
  void accept(Payload& trans, int port, Cycle t);
  void finishTransfers(Cycle t);
  struct Returning;
  void respond(const Returning& r);
  bool issue(Cycle t, Cycle& next);
  void enqueue(const DramRequest& r);
  void change(std::uint32_t b);
  void refresh(std::uint32_t b);
  Cycle columnBusReady(bool write) const;
  // What the shared buses allow each command, indexed by 2 x command + direction: a column
  // command waits for tCCD and the data bus, an ACT for tRRD, a PRE for nothing shared.
  static constexpr std::uint32_t kReadBus = 2 * static_cast<std::uint32_t>(Cmd::Col);
  struct SharedReady {
    Cycle at[2 * (static_cast<std::uint32_t>(Cmd::Prefetch) + 1)] = {};
    // A candidate's earliest cycle: its bank's timing, then the shared buses'.
    Cycle earliest(Cmd cmd, const Candidate& d) const {
      return std::max(d.earliest, at[2 * static_cast<std::uint32_t>(cmd) + d.write]);
    }
  };
  SharedReady sharedReady() const;
  Cycle earliestAfterCommand(const Bank& bank) const;
  void prefetchCandidate(const Bank& bank, std::uint32_t b, Candidate& prefetch) const;
  DramRequest& demandOf(const Candidate& c);
  std::size_t pending() const { return incoming_.size() + queued_; }
  void issueColumn(const Candidate& c, Cycle t);
  void issueActivate(const Candidate& c, Cycle t);
  void issuePrecharge(const Candidate& c, Cycle t);
  void issuePrefetch(const Candidate& c, Cycle t);
  Cycle dataTransfer(Cycle t, bool write, std::uint32_t burst);
  void account(Cycle t);
  std::uint64_t ps(Cycle t) const { return t * domain().periodPs(); }
  void startService(DramRequest& r, Cycle t);  // its first command: the bank is busy (BLP)
  std::uint32_t burstCycles(std::uint32_t bytes) const;  // data bus cycles to move `bytes`

  GddrParams params_;
  const AddressMap& map_;
  PartitionId partition_;
  PayloadPool& pool_;
  Watchdog& watchdog_;
  std::unique_ptr<IDramScheduler> scheduler_;
  std::unique_ptr<IDramPrefetcher> prefetcher_;
  std::uint32_t linesPerRow_;
  std::vector<Bank> banks_;
  std::vector<std::uint32_t> changed_;  // the banks whose `changed` is set
  Cycle commandAt_ = 0;            // no command before this cycle, while no bank has changed since
  std::uint64_t demandBanks_ = 0;  // bit b: bank b's demand candidate is not Cmd::None
  std::uint64_t allBanks_ = 0;
  bool prefetching_ = false;          // the prefetcher may ever prefetch (fixed for the run)
  TimedQueue<DramRequest> incoming_;  // accepted, visible the next cycle
  std::size_t queued_ = 0;            // visible demands, in the banks' queues
  std::uint64_t nextSeq_ = 0;
  TimedQueue<Completion> done_;  // data transfers in flight, in bus order
  struct Returning {
    Payload* payload = nullptr;
    int port = 0;
    bool demand = true;  // false: a line pushed by the prefetcher (no request of anyone's)
  };
  TimedQueue<Returning> returning_;  // done, in the fixed latency (dram.latency) on their way
  RequestLedger ledger_;             // requests taken and answered
  HeldRequests held_;                // arrived while full; END_REQ withheld
  Cycle actAnyReady_ = 0;            // tRRD after the last ACT
  Cycle colAnyReady_ = 0;            // tCCD after the last column command
  Cycle busFree_ = 0;                // the data bus is taken until then
  // Span accounting (README.md: BLP).
  Cycle spanFrom_ = 0, fullSince_ = ~Cycle{0};  // fullSince_: not full
  std::uint32_t queuedBanks_ = 0, busyBanks_ = 0, outstanding_ = 0;
  Counter reads_, writes_, bytes_, fullCycles_, cycles_;
  Counter activeCycles_, queuedBankCycles_, busyCycles_, busyBankCycles_;
  Counter accesses_, rowHits_, rowMisses_, rowConflicts_, activates_, precharges_, busCycles_;
  Counter prefetches_, prefetchLate_;
  Histogram queueLatency_{8, 64}, readLatency_{16, 64};
  Timeline* timeline_ = nullptr;  // --timeline, else nullptr
  std::vector<Timeline::Track> bankTracks_;
  std::vector<std::uint64_t> rowSincePs_;  // per bank, while its row is open
};

}  // namespace warpsim
