#include "warpsim/core/Clocked.h"

#include "warpsim/core/ClockDomain.h"

namespace warpsim {

void Clocked::wakeDomain() {
  domain_->wake(*this);
}

void Clocked::scheduleWake(Cycle cycle) {
  domain_->wakeAt(*this, cycle);
}

void Clocked::wakeFor(Cycle cycle) {
  domain_->wakeFor(*this, cycle);
}

}  // namespace warpsim
