#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/core/Clocked.h"

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
  std::size_t activeCount() const { return active_.size() + pending_.size(); }
  std::uint64_t ticksExecuted() const { return ticks_; }
  std::uint64_t edgesExecuted() const { return edges_; }

 private:
  friend class Clocked;
  friend class ClockEngine;
  void wake(Clocked& block);
  void wakeAt(Clocked& block, Cycle cycle);
  // Engine side.
  bool hasWork() const { return tickAll_ || !active_.empty() || !pending_.empty(); }
  void setTickAll();
  std::uint64_t nextEdgePs(std::uint64_t nowPs) const;
  // Sets cycle() to the newest edge at or before `timePs` (time only moves forward).
  void advanceTo(std::uint64_t timePs);
  void tickEdge(std::uint64_t timePs);
  // After advanceTo(t): whether t is an edge of this domain that has not had its turn yet.
  bool edgeAt(std::uint64_t timePs) const {
    return nextCyclePs_ - periodPs_ == timePs && nextUnticked_ <= cycle_;
  }
  void passEdge() { nextUnticked_ = cycle_ + 1; }
  void admitPending();

  ClockEngine& engine_;
  std::string name_;
  double freqMHz_;
  std::uint64_t periodPs_;
  std::uint32_t order_;
  Cycle cycle_ = 0;
  std::uint64_t nextCyclePs_ = 0;  // time of edge cycle_ + 1 (edge 0 at time 0)
  Cycle nextUnticked_ = 0;         // the first edge not yet ticked: an edge never ticks twice
  std::vector<Clocked*> blocks_;
  std::vector<Clocked*> active_;   // sorted by registration index
  std::vector<Clocked*> pending_;  // woken since the last edge; merged in before the next
  std::vector<Clocked*> scratch_;
  std::uint64_t ticks_ = 0, edges_ = 0;
  bool tickAll_ = false;      // validation mode: every block ticks every edge
  bool inEdge_ = false;       // inside tickEdge()
  std::size_t position_ = 0;  // position in active_ of the block ticking now
  std::uint32_t cursor_ = 0;  // its registration index
};

}  // namespace warpsim
