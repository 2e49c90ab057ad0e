#include "warpsim/common/Interrupt.h"

#include "warpsim/core/ClockEngine.h"

namespace warpsim {

namespace {

// The one thing a signal handler may touch: the number of the signal that arrived. A global
// because a handler has no other way in (the project's rule of no globals bends here only).
volatile std::sig_atomic_t arrived = 0;

extern "C" void onSignal(int sig) {
  arrived = sig;
}

}  // namespace

InterruptGuard::InterruptGuard(ClockEngine& engine) {
  arrived = 0;
  struct sigaction a {};
  a.sa_handler = onSignal;
  sigemptyset(&a.sa_mask);
  a.sa_flags = SA_RESETHAND;  // a second signal takes the default action: the process ends
  sigaction(SIGINT, &a, &previousInt_);
  sigaction(SIGTERM, &a, &previousTerm_);
  engine.setInterruptFlag(&arrived);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previousInt_, nullptr);
  sigaction(SIGTERM, &previousTerm_, nullptr);
}

int InterruptGuard::signal() const {
  return arrived;
}

}  // namespace warpsim
