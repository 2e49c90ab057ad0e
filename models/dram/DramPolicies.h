#pragma once
// The controller's policy objects, plain C++ (no SystemC): which request of a bank goes next
// (IDramScheduler) and whether the memory-side prefetcher keeps reading the open row
// (IDramPrefetcher). GddrController asks the scheduler when a bank's queue or open row changes,
// the prefetcher once per bank and cycle. Both are chosen by name
// (dram.scheduler, dram.prefetch) from a registry to which users may add their own.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <tlm>

#include "warpsim/config/Registry.h"
#include "warpsim/core/Ids.h"

namespace warpsim {

struct GddrParams;

// How a demand found its bank, decided by the commands issued for it (OWL 4.3 terms).
enum class RowOutcome : std::uint8_t { Hit, Miss /* bank closed */, Conflict /* other row */ };

// A demand waiting in a channel's queue, in arrival order.
struct DramRequest {
  tlm::tlm_generic_payload* payload = nullptr;
  std::uint64_t seq = 0;  // arrival order in the queue (smaller is older)
  std::uint32_t bank = 0;
  std::uint64_t row = 0;
  std::uint32_t line = 0;  // memory line within the row (OWL 4.5 bit index)
  Cycle arrived = 0;
  bool write = false;
  int port = 0;                          // the requester's socket index (GddrController::socket)
  RowOutcome outcome = RowOutcome::Hit;  // Miss after an ACT for it, Conflict after a PRE
  bool started = false;                  // a command (PRE, ACT, RD/WR) was issued for it (BLP)
};

// A bank's open row, as a scheduler sees it.
struct OpenRow {
  bool open = false;
  std::uint64_t row = 0;
};

// What the queue holds for one bank: requests named by their arrival order (DramRequest::seq,
// smaller is older; kNone if none), kept by the controller as the bank's queue and open row
// change.
struct BankQueueView {
  static constexpr std::size_t kNone = ~std::size_t{0};
  std::size_t oldest = kNone;     // the oldest request to the bank
  std::size_t oldestHit = kNone;  // the oldest request to its open row
  bool otherRow = false;          // some request wants another row of the bank
};

class IDramScheduler {
 public:
  static constexpr std::size_t kNone = BankQueueView::kNone;
  virtual ~IDramScheduler() = default;
  // The request (its arrival order, one of the view's) the bank serves next, or kNone if none
  // waits for it.
  virtual std::size_t pick(const BankQueueView& bank) const = 0;
};

// FR-FCFS (Rixner et al.; OWL Table 1): the oldest request to the open row, else the oldest.
class FrFcfsScheduler : public IDramScheduler {
 public:
  std::size_t pick(const BankQueueView& b) const override {
    return b.oldestHit != kNone ? b.oldestHit : b.oldest;
  }
};

// FCFS: the oldest request of the bank, hit or not (banks still work in parallel).
class FcfsScheduler : public IDramScheduler {
 public:
  std::size_t pick(const BankQueueView& b) const override { return b.oldest; }
};

// DRAM schedulers by name (dram.scheduler); a factory gets the controller's parameters.
class DramSchedulerRegistry : public Registry<IDramScheduler, const GddrParams&> {
 public:
  DramSchedulerRegistry() : Registry("dram.scheduler", "DRAM scheduler") {}
  static DramSchedulerRegistry withBuiltins();     // fr-fcfs, fcfs
  static const DramSchedulerRegistry& builtins();  // withBuiltins(), built once
};

class IDramPrefetcher {
 public:
  virtual ~IDramPrefetcher() = default;
  // A demand arrived, leaving `occupancy` demands in the queue.
  virtual void noteArrival(std::size_t occupancy) = 0;
  // Called only when no demand for the bank's open row waits and an unsent line is left:
  // whether to prefetch the next one. `sentThisRow` prefetches were issued since the row was
  // opened; `conflictWaiting`: a demand to another row of the bank waits; `pending`: demands
  // in the queue.
  virtual bool keepGoing(std::uint32_t sentThisRow, bool conflictWaiting,
                         std::size_t pending) const = 0;
  // False when keepGoing never says yes: the controller then skips banks without demands. Asked
  // once, when the controller is built.
  virtual bool mayPrefetch() const { return true; }
};

class NoPrefetcher : public IDramPrefetcher {
 public:
  void noteArrival(std::size_t) override {}
  bool keepGoing(std::uint32_t, bool, std::size_t) const override { return false; }
  bool mayPrefetch() const override { return false; }
};

// The opportunistic prefetcher's options (section [dram]), registered with its entry of the
// DramPrefetcherRegistry: OWL 4.4's lower and higher minimum line counts and the threshold of
// pending demands below which higher applies (0: the running average queue occupancy).
struct OpportunisticParams {
  std::uint32_t lower = 8, higher = 16;
  std::uint32_t threshold = 0;

  // dram.prefetch_lower, dram.prefetch_higher, dram.prefetch_threshold.
  static void declare(ConfigSchema& schema);
  // ConfigError if higher < lower.
  static OpportunisticParams load(const Config& config);
};

// OWL 4.4: prefetch while no other row is wanted; once a demand to another row waits, stop
// unless fewer than C lines were prefetched from this row, C = higher when fewer demands than
// the threshold are pending, else lower. OWL 5.1 calls C the prefetch degree: 0 is no
// prefetching at all, the row's line count the whole row. The threshold 0 means the running
// average queue occupancy (averaged over arrivals, so it does not depend on when the
// controller ticks).
class OpportunisticPrefetcher : public IDramPrefetcher {
 public:
  OpportunisticPrefetcher(std::uint32_t lower, std::uint32_t higher, std::uint32_t threshold)
      : lower_(lower), higher_(higher), threshold_(threshold) {}
  void noteArrival(std::size_t occupancy) override {
    occupancySum_ += occupancy;
    ++arrivals_;
  }
  bool keepGoing(std::uint32_t sentThisRow, bool conflictWaiting,
                 std::size_t pending) const override;
  std::uint32_t minimumLines(std::size_t pending) const;

 private:
  std::uint32_t lower_, higher_, threshold_;
  std::uint64_t occupancySum_ = 0, arrivals_ = 0;
};

// Memory-side prefetchers by name (dram.prefetch); a factory gets the controller's parameters.
class DramPrefetcherRegistry : public Registry<IDramPrefetcher, const GddrParams&> {
 public:
  DramPrefetcherRegistry() : Registry("dram.prefetch", "DRAM prefetcher") {}
  static DramPrefetcherRegistry withBuiltins();     // none, opportunistic
  static const DramPrefetcherRegistry& builtins();  // withBuiltins(), built once
};

}  // namespace warpsim
