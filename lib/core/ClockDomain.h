#pragma once
#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <vector>

#include "warpsim/core/Clocked.h"
#include "warpsim/core/PortSet.h"

namespace warpsim {

class ClockEngine;

// A set of blocks sharing one clock (core, interconnect, L2, DRAM). Edges fall at multiples of
// the period; the domain's cycle number is the count of its edges since time zero, so cycles
// advance during idle stretches exactly as they would with a free-running clock.
class ClockDomain {
 public:
  ClockDomain(ClockEngine& engine, std::string name, double freqMHz, std::uint32_t order);

  // Registers a block; blocks tick in registration order. A new block starts asleep.
  void add(Clocked& block);

  const std::string& name() const { return name_; }
  double freqMHz() const { return freqMHz_; }
  std::uint64_t periodPs() const { return periodPs_; }
  // The time of edge `cycles` in picoseconds, UINT64_MAX (never) past what 64 bits hold.
  std::uint64_t cyclesToPs(Cycle cycles) const {
    return cycles > UINT64_MAX / periodPs_ ? UINT64_MAX : cycles * periodPs_;
  }
  // The current cycle: the newest edge at or before the engine's time.
  Cycle cycle() const { return cycle_; }
  std::size_t activeCount() const { return activeBlocks_; }
  std::uint64_t ticksExecuted() const { return ticks_; }
  std::uint64_t edgesExecuted() const { return edges_; }

 private:
  friend class Clocked;
  friend class ClockEngine;
  void wake(Clocked& block);
  void wakeAt(Clocked& block, Cycle cycle);
  void wakeFor(Clocked& block, Cycle cycle);
  // Engine side.
  bool hasWork() const { return tickAll_ || activeBlocks_ != 0; }
  // The time of the earliest scheduled wake-up, UINT64_MAX if none; releaseWakes(t) wakes the
  // blocks whose wake-up is due at or before t.
  std::uint64_t nextWakePs() const { return nextWakePs_; }
  void releaseWakes(std::uint64_t timePs) {
    if (nextWakePs_ <= timePs) releaseNextWakes();
  }
  bool hasScheduled() const { return scheduled_ != 0; }
  void setTickAll();
  std::uint64_t nextEdgePs(std::uint64_t nowPs) const;
  // nextEdgePs(max(nextWakePs(), nowPs)): a sleeping domain's next edge with work.
  std::uint64_t nextWakeEdgePs(std::uint64_t nowPs) const;
  // Sets cycle() to the newest edge at or before `timePs` (time only moves forward).
  void advanceTo(std::uint64_t timePs);
  void tickEdge(std::uint64_t timePs);
  // After advanceTo(t): whether t is an edge of this domain that has not had its turn yet.
  bool edgeAt(std::uint64_t timePs) const {
    return nextCyclePs_ - periodPs_ == timePs && nextUnticked_ <= cycle_;
  }
  void passEdge() { nextUnticked_ = cycle_ + 1; }
  // The first active block at or after registration index `i`, or kNoBlock.
  std::uint32_t nextActive(std::uint32_t i) const;
  static constexpr std::uint32_t kNoBlock = ~0u;
  void releaseNextWakes();
  void findNextWake();

  ClockEngine& engine_;
  std::string name_;
  double freqMHz_;
  std::uint64_t periodPs_;
  std::uint32_t order_;
  Cycle cycle_ = 0;
  std::uint64_t nextCyclePs_ = 0;  // time of edge cycle_ + 1 (edge 0 at time 0)
  Cycle nextUnticked_ = 0;         // the first edge not yet ticked: an edge never ticks twice
  std::vector<Clocked*> blocks_;
  // The active blocks, one bit per registration index. An edge visits the set bits in index
  // order, reading the bitmap as it goes: a block woken during the edge ticks in it when its
  // index lies ahead of the one ticking, and from the next edge otherwise, as the design asks
  // (doc/architecture.md section 2); no list is sorted or merged.
  std::vector<std::uint64_t> activeBits_;
  std::size_t activeBlocks_ = 0;
  std::uint64_t ticks_ = 0, edges_ = 0;
  bool tickAll_ = false;  // validation mode: every block ticks every edge

  // Scheduled wake-ups (wakeAt), by cycle: a wheel of kWheel slots for the cycles from
  // released_ on (a slot per cycle; a bit per non-empty slot), and a heap for those further
  // ahead. Which of a cycle's blocks wakes first changes nothing (wake() only marks it active),
  // so a slot is a plain list. Slots keep their capacity: scheduling does not allocate.
  struct Wake {
    Clocked* block;
    Cycle cycle;  // as asked (a cycle already released is kept in the next one's slot)
  };
  struct FarWake {
    Cycle at;
    Wake wake;
    bool operator>(const FarWake& o) const { return at > o.at; }
  };
  static constexpr std::uint32_t kWheel = 1024;
  std::vector<std::vector<Wake>> wheel_ = std::vector<std::vector<Wake>>(kWheel);
  PortSet wheelUsed_{kWheel};  // the non-empty slots
  std::priority_queue<FarWake, std::vector<FarWake>, std::greater<>> far_;
  Cycle released_ = 0;  // every wake-up before this cycle has been released
  static constexpr Cycle kNoWake = ~Cycle{0};
  Cycle nextWake_ = kNoWake;  // the earliest cycle with a wake-up, and its time
  std::uint64_t nextWakePs_ = UINT64_MAX;
  std::size_t scheduled_ = 0;  // wake-ups pending
};

}  // namespace warpsim
