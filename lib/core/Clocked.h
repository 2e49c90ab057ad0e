#pragma once
#include <cstdint>

#include "warpsim/core/Ids.h"

namespace warpsim {

class ClockDomain;

// A block driven by the ClockEngine (doc/architecture.md section 2). Blocks own no SystemC
// processes: the engine calls tick() on every edge of the block's domain while the block is
// active. A block that returns false leaves the active list and costs nothing until something
// hands it work and calls wake().
class Clocked {
 public:
  virtual ~Clocked() = default;
  Clocked() = default;
  Clocked(const Clocked&) = delete;
  Clocked& operator=(const Clocked&) = delete;

  // One cycle of work. Returns whether the block still has work, now or later (including work
  // whose visible cycle lies in the future); false puts it to sleep until the next wake().
  virtual bool tick() = 0;

  // Puts the block back on its domain's active list (from the domain's next edge). Cheap and
  // idempotent; safe to call from tick() of any block and from foreign SystemC processes.
  void wake() {
    if (!active_ || *engineWaiting_) wakeDomain();  // inline: called for every request
  }
  // Wakes the block at `cycle` of its domain (a scheduled wake-up: nothing runs until then).
  void wakeAt(Cycle cycle) {
    if (cycle < scheduledWake_) scheduleWake(cycle);
  }
  // Work handed over now that the block can act on only `cycles` cycles from now (a request
  // visible the cycle after it arrives): wakes the block for the first edge where it can, not
  // for an edge with nothing to do. Returns now(). From outside the engine, as wake().
  Cycle wakeIn(Cycle cycles) {
    if (*engineWaiting_)
      wakeDomain();
    else if (!active_)
      wakeFor(now() + cycles);
    return now();
  }
  // The current cycle of the block's domain.
  Cycle now() const { return *cycle_; }
  ClockDomain& domain() const { return *domain_; }
  bool isActive() const { return active_; }

 private:
  friend class ClockDomain;
  friend class ClockEngine;
  void wakeDomain();
  void scheduleWake(Cycle cycle);
  void wakeFor(Cycle cycle);

  ClockDomain* domain_ = nullptr;
  const Cycle* cycle_ = nullptr;         // the domain's cycle count
  const bool* engineWaiting_ = nullptr;  // the engine waits: wake() must catch up first
  std::uint32_t index_ = 0;              // registration order: the deterministic tick order
  bool active_ = false;
  Cycle scheduledWake_ = ~Cycle{0};  // the earliest pending wakeAt, if any
};

}  // namespace warpsim
