#pragma once
// The one SystemC process that drives every block (doc/architecture.md section 2): it advances
// time to the next edge of any domain with active blocks, ticks those blocks in a fixed order
// (domain order, then registration order), and sleeps on one event when nothing is active.
#include <csignal>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/core/Watchdog.h"

namespace warpsim {

class ClockEngine : public sc_core::sc_module {
 public:
  explicit ClockEngine(sc_core::sc_module_name name);

  // Domains tick in creation order when their edges coincide.
  ClockDomain& addDomain(const std::string& name, double freqMHz);
  ClockDomain& domain(std::size_t i) { return *domains_.at(i); }
  std::size_t domainCount() const { return domains_.size(); }

  // Stops the simulation (sc_stop) before the first edge past `limit` of `domain`.
  void setCycleLimit(const ClockDomain& domain, Cycle limit);
  bool cycleLimitReached() const { return limitReached_; }
  // Rethrows the exception a block threw during the run, if any (the run stopped there).
  void rethrowFailure() const;

  // How far (simulated time) the engine may run ahead of SystemC's time when no other process
  // is due; with sc_start(duration), blocks may tick up to this much past the duration (use
  // setCycleLimit for an exact stop). 0 yields at every edge.
  void setQuantum(const sc_core::sc_time& q) { quantumPs_ = q.value(); }

  // Validation mode: every block of every domain ticks on every edge, whatever tick() returns,
  // as if nothing ever slept. Results must not change; only speed does. Call after every block
  // is registered. The run then ends only by sc_stop(), a cycle limit or the watchdog.
  void setTickAll() {
    for (auto& d : domains_) d->setTickAll();
  }

  // Called by ClockDomain::wake: when work comes from outside the engine (it is waiting), brings
  // every domain's cycle count up to SystemC's time first. Nothing, inside the engine (one
  // branch: wake is on the hot path).
  void catchUp() {
    if (sleeping_) catchUpDomains();
  }

  // Ends the simulation after the current edge (sc_stop()); blocks call this, not sc_stop().
  void stop() {
    stopped_ = true;
    sc_core::sc_stop();
  }
  // Ends the simulation once no block has work left: after the current edge, calls `atEdgeEnd`
  // (e.g. to take the run's statistics), then goes on ticking the blocks that still have work
  // (requests in flight) until none has, and stops there (sc_stop()). While other SystemC
  // processes have activity pending (a foreign memory's thread), it first waits up to the
  // watchdog's window for them to hand a block work. A block that never gets its answer sleeps,
  // so this ends; one that keeps ticking without progress meets the watchdog.
  void stopWhenIdle(std::function<void()> atEdgeEnd) { atEdgeEnd_ = std::move(atEdgeEnd); }
  // Pauses it after the current edge (sc_pause()): sc_start() returns, the engine waits for
  // work, and a later sc_start() goes on from there (a model kept alive between runs).
  void pause() {
    pausing_ = true;
    sc_core::sc_pause();
  }

  // The engine's time in picoseconds (ahead of sc_time_stamp() while it runs ahead).
  std::uint64_t timePs() const { return nowPs_; }
  // The limit set by setCycleLimit, in picoseconds (UINT64_MAX: none).
  std::uint64_t limitPs() const { return limitPs_; }

  Watchdog& watchdog() { return watchdog_; }
  const Watchdog& watchdog() const { return watchdog_; }
  // Engine loop iterations (one per distinct edge time): what idle skipping saves.
  std::uint64_t iterations() const { return iterations_; }
  // Calls `hook` after every `every` loop iterations (e.g. a progress line that reads the wall
  // clock). It must not change the simulation: it is outside the model, like a debugger.
  void setProgressHook(std::function<void()> hook, std::uint64_t every) {
    hook_ = std::move(hook);
    pollEvery_ = pollCountdown_ = every;
  }
  // Ends the run after the current edge, as stop() does, once `*flag` is non-zero (set by a
  // signal handler: SIGINT, SIGTERM). Read every 4096 loop iterations (or the progress hook's
  // period), never on the hot path; an engine waiting for outside traffic does not see it.
  void setInterruptFlag(const volatile std::sig_atomic_t* flag) { interruptFlag_ = flag; }
  bool interrupted() const { return interrupted_; }
  // Whether nothing but `block` can ever run again: no other block active in any domain,
  // nothing scheduled, and no SystemC activity pending that could bring work (a block that
  // keeps itself scheduled, such as a sampler, asks this so as not to hide a deadlock).
  bool idleBesides(const Clocked& block) const;

 private:
  friend class ClockDomain;
  void run();  // the SC_THREAD: loop() with its exceptions kept in failure_
  void loop();
  void notifyWork();
  bool drainWaitsOutside();  // stopWhenIdle's wait for work from outside the engine
  void catchUpDomains();
  bool mustYieldBefore(std::uint64_t timePs) const;
  // Waits until SystemC's time catches up with the engine's; true if a block got work from
  // outside meanwhile (the caller re-plans instead of sleeping).
  bool syncSystemC();
  std::uint64_t nextTimePs(std::uint64_t nowPs) const;

  std::vector<std::unique_ptr<ClockDomain>> domains_;
  std::uint64_t nowPs_ = 0;  // the engine's time: ahead of sc_time_stamp() by < quantumPs_
  std::uint64_t quantumPs_ = 1000000;
  sc_core::sc_event workArrived_;
  bool sleeping_ = false;     // waiting: a wake-up now comes from outside the engine
  bool workPending_ = false;  // such a wake-up happened during the current wait
  std::uint64_t limitPs_ = UINT64_MAX;
  bool limitReached_ = false;
  bool stopped_ = false;
  bool pausing_ = false;
  std::function<void()> atEdgeEnd_;  // stopWhenIdle's
  bool draining_ = false;            // after stopWhenIdle's edge: stop when nothing is active
  std::uint64_t iterations_ = 0;
  bool poll();  // the progress hook and the interrupt flag: true to stop
  std::function<void()> hook_;
  const volatile std::sig_atomic_t* interruptFlag_ = nullptr;
  bool interrupted_ = false;
  std::uint64_t pollEvery_ = 4096, pollCountdown_ = 4096;
  Watchdog watchdog_;
  std::exception_ptr failure_;
};

}  // namespace warpsim
