#pragma once
// Progress watchdog: blocks report progress (an instruction retired, a request moved); when
// none is reported for a window of simulated time, the run stops with a dump of what every
// registered block is waiting on, instead of hanging silently.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "warpsim/core/Conservation.h"

namespace warpsim {

// Implemented by blocks that can say what they wait on (warps, queues, outstanding requests).
class IDiagnosable {
 public:
  virtual ~IDiagnosable() = default;
  // Appends a human-readable account of the block's waits; empty when the block holds nothing.
  virtual void describeWaits(std::ostream& os) const = 0;
  // Conservation at the end of the run (core/Conservation.h): adds each invariant of the block
  // that does not hold to `check`. This one requires, of a finished run, that describeWaits has
  // nothing to say; blocks add their own counters' rules and call it.
  virtual void checkConservation(ConservationCheck& check) const;
};

class Watchdog {
 public:
  // Hot path: one increment.
  void progress() { ++progress_; }
  void add(const IDiagnosable& block) { blocks_.push_back(&block); }

  // Window in picoseconds of simulated time; 0 disables the watchdog.
  void setWindow(std::uint64_t windowPs, std::string windowText) {
    windowPs_ = windowPs;
    windowText_ = std::move(windowText);
  }
  // Called by the engine before each edge it is about to tick (so that a jump over a long idle
  // stretch counts); true when more than the window has passed since the last progress.
  bool check(std::uint64_t nowPs);
  bool fired() const { return fired_; }
  // The dump of every registered block's waits, with a header saying why.
  std::string report(const std::string& reason) const;
  // Every registered block's checkConservation.
  void checkConservation(ConservationCheck& check) const {
    for (const IDiagnosable* b : blocks_) b->checkConservation(check);
  }
  const std::string& windowText() const { return windowText_; }
  std::uint64_t windowPs() const { return windowPs_; }  // 0: never fires

 private:
  std::vector<const IDiagnosable*> blocks_;
  std::uint64_t progress_ = 0;
  std::uint64_t lastSeen_ = 0;
  std::uint64_t lastChangePs_ = 0;
  std::uint64_t previousPs_ = 0;
  std::uint64_t windowPs_ = 0;
  std::string windowText_;
  bool fired_ = false;
};

}  // namespace warpsim
