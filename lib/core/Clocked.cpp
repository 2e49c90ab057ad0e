#include "warpsim/core/Clocked.h"

#include "warpsim/core/ClockDomain.h"

namespace warpsim {

void Clocked::wake() {
  domain_->wake(*this);
}

void Clocked::wakeAt(Cycle cycle) {
  domain_->wakeAt(*this, cycle);
}

Cycle Clocked::now() const {
  return domain_->cycle();
}

}  // namespace warpsim
