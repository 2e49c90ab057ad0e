#include "warpsim/core/Watchdog.h"

#include <sstream>

namespace warpsim {

void IDiagnosable::checkConservation(ConservationCheck& check) const {
  if (!check.drained()) return;
  std::ostringstream os;
  describeWaits(os);
  std::string waits = os.str();
  while (!waits.empty() && waits.back() == '\n') waits.pop_back();
  check.require(waits.empty(), "end of run", "a block still holds work: " + waits);
}

bool Watchdog::check(std::uint64_t nowPs) {
  if (windowPs_ == 0 || fired_) return false;
  if (progress_ != lastSeen_) {  // progress was made at the previous edge
    lastSeen_ = progress_;
    lastChangePs_ = previousPs_;
  }
  previousPs_ = nowPs;
  if (nowPs - lastChangePs_ <= windowPs_) return false;
  fired_ = true;
  return true;
}

std::string Watchdog::report(const std::string& reason) const {
  std::ostringstream os;
  os << "warpsim: no progress: " << reason << "\n";
  os << "--- who waits on what ---\n";
  for (const IDiagnosable* b : blocks_) b->describeWaits(os);
  os << "--- end of dump ---\n";
  return os.str();
}

}  // namespace warpsim
