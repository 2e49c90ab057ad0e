#pragma once
// SIGINT and SIGTERM during a run (doc/reliability.md): while an InterruptGuard lives, either
// signal asks the clock engine to stop after its current edge, so that the statistics reached so
// far are written, marked "interrupted", and the program exits 128 + the signal (130, 143). A
// second signal ends the process at once, as without the guard; it leaves no statistics file
// behind that looks complete (files are written atomically).
#include <csignal>

namespace warpsim {

class ClockEngine;

class InterruptGuard {
 public:
  // Installs the handlers and hands `engine` the flag they set.
  explicit InterruptGuard(ClockEngine& engine);
  // Restores the handlers that were there before.
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The signal that arrived (SIGINT or SIGTERM), or 0.
  int signal() const;

 private:
  struct sigaction previousInt_, previousTerm_;
};

}  // namespace warpsim
