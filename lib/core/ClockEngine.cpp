#include "warpsim/core/ClockEngine.h"

#include <limits>
#include <stdexcept>

namespace warpsim {
namespace {
constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
}

ClockEngine::ClockEngine(sc_core::sc_module_name name) : sc_core::sc_module(name) {
  if (sc_core::sc_get_time_resolution() != sc_core::sc_time(1, sc_core::SC_PS))
    throw std::logic_error(std::string(this->name()) + ": needs SystemC's 1 ps time resolution");
  SC_HAS_PROCESS(ClockEngine);
  SC_THREAD(run);
}

ClockDomain& ClockEngine::addDomain(const std::string& name, double freqMHz) {
  domains_.push_back(std::make_unique<ClockDomain>(*this, name, freqMHz,
                                                   static_cast<std::uint32_t>(domains_.size())));
  return *domains_.back();
}

void ClockEngine::setCycleLimit(const ClockDomain& domain, Cycle limit) {
  limitPs_ = limit == 0 ? kNever : domain.cyclesToPs(limit);
}

void ClockEngine::catchUpDomains() {
  // Work from outside the engine (a foreign initiator's thread, a bridge) while it waits: the
  // domains' cycle counts stopped at the engine's last edge; bring them up to SystemC's time so
  // that the block stamps the work with the cycle it arrives in, asleep or not.
  const std::uint64_t now = sc_core::sc_time_stamp().value();
  for (auto& d : domains_) d->advanceTo(now);
}

void ClockEngine::notifyWork() {
  if (!sleeping_) return;
  workPending_ = true;
  workArrived_.notify(sc_core::SC_ZERO_TIME);
}

std::uint64_t ClockEngine::nextTimePs(std::uint64_t now) const {
  std::uint64_t t = kNever;
  // A domain's next edge with work: the next one if a block is active (a wake-up cannot be
  // earlier), else the first at or after its next wake-up.
  for (const auto& d : domains_) {
    if (d->hasWork())
      t = std::min(t, d->nextEdgePs(now));
    else if (d->nextWakePs() != kNever)
      t = std::min(t, d->nextWakeEdgePs(now));
  }
  return t;
}

bool ClockEngine::idleBesides(const Clocked& block) const {
  std::size_t active = 0;
  bool scheduled = false;
  for (const auto& d : domains_) {
    active += d->activeCount();
    scheduled = scheduled || d->hasScheduled();
  }
  if (block.isActive()) --active;
  return active == 0 && !scheduled && !sc_core::sc_pending_activity();
}

// Yielding to SystemC costs a timed wait (100-160 ns) per edge. When no other SystemC process
// has anything to do before time t, nothing outside the engine can observe or change the
// blocks before t, so the engine moves its own time to t without yielding (it runs ahead of
// sc_time_stamp() by at most one quantum) and yields only when another process is due.
bool ClockEngine::mustYieldBefore(std::uint64_t t) const {
  const std::uint64_t sc = sc_core::sc_time_stamp().value();
  if (t - sc > quantumPs_) return true;
  // Zero when activity is pending now (SystemC 2.3.4 asks that first): one call answers both.
  const std::uint64_t toNext = sc_core::sc_time_to_pending_activity().value();
  return toNext <= t - sc;
}

bool ClockEngine::syncSystemC() {
  const std::uint64_t sc = sc_core::sc_time_stamp().value();
  workPending_ = false;
  if (nowPs_ > sc) {
    sleeping_ = true;  // outside processes run meanwhile and may hand a block work
    sc_core::wait(sc_core::sc_time(static_cast<double>(nowPs_ - sc), sc_core::SC_PS));
    sleeping_ = false;
  }
  return workPending_;
}

// Draining with no block active: a process outside the engine (a foreign memory answering in
// its own SystemC thread) may still hand a block work. Waits for that as long as SystemC has
// anything pending, up to the watchdog's window; true if work came.
bool ClockEngine::drainWaitsOutside() {
  if (!sc_core::sc_pending_activity()) return false;  // nothing outside can ever come
  workPending_ = false;
  sleeping_ = true;
  const std::uint64_t window = watchdog_.windowPs();
  if (window == 0)
    sc_core::wait(workArrived_);
  else
    sc_core::wait(sc_core::sc_time(static_cast<double>(window), sc_core::SC_PS), workArrived_);
  sleeping_ = false;
  nowPs_ = sc_core::sc_time_stamp().value();
  return workPending_;
}

void ClockEngine::run() {
  // An error inside a block (a workload that fails mid-run, e.g. a PTX access outside memory)
  // must not escape into SystemC, which would report it as its own: keep it, stop, and let
  // the program rethrow it after sc_start (rethrowFailure).
  try {
    loop();
  } catch (...) {
    failure_ = std::current_exception();
    sc_core::sc_stop();
  }
}

bool ClockEngine::poll() {
  pollCountdown_ = pollEvery_;
  if (hook_) hook_();
  if (!interruptFlag_ || *interruptFlag_ == 0) return false;
  interrupted_ = true;
  sc_core::sc_stop();
  return true;
}

void ClockEngine::rethrowFailure() const {
  if (failure_) std::rethrow_exception(failure_);
}

void ClockEngine::loop() {
  for (;;) {
    const std::uint64_t t = nextTimePs(nowPs_);
    if (t == kNever) {  // nothing active anywhere: one wait until outside traffic arrives
      if (syncSystemC()) continue;  // it arrived while SystemC caught up
      if (draining_) {
        if (drainWaitsOutside()) continue;  // outside work arrived
        stopped_ = true;
        sc_core::sc_stop();
        return;
      }
      sleeping_ = true;
      sc_core::wait(workArrived_);
      sleeping_ = false;
      nowPs_ = sc_core::sc_time_stamp().value();
      continue;
    }
    if (t >= limitPs_ && !draining_) {  // a finished run's drain is not part of the run
      limitReached_ = true;
      syncSystemC();
      sc_core::sc_stop();
      return;
    }
    if (t > nowPs_) {
      if (mustYieldBefore(t)) {
        if (syncSystemC()) continue;  // outside traffic arrived meanwhile: re-plan
        sleeping_ = true;
        sc_core::wait(sc_core::sc_time(static_cast<double>(t - nowPs_), sc_core::SC_PS),
                      workArrived_);
        sleeping_ = false;
        nowPs_ = sc_core::sc_time_stamp().value();
        if (nowPs_ != t) continue;  // woken early by outside traffic: re-plan
      } else {
        nowPs_ = t;
      }
    }
    if (watchdog_.check(t)) {
      nowPs_ = t;  // the time it fired at
      syncSystemC();
      sc_core::sc_stop();
      return;
    }
    for (auto& d : domains_) d->releaseWakes(t);
    for (auto& d : domains_) d->advanceTo(t);
    // Every domain with an edge at t has its turn, in order; one with nothing to do lets its
    // turn pass, so a block woken later in this step waits for its domain's next edge, just as
    // it would had its domain ticked (sleeping must never change results).
    for (auto& d : domains_) {
      if (!d->edgeAt(t)) continue;
      if (d->hasWork())
        d->tickEdge(t);
      else
        d->passEdge();
    }
    ++iterations_;
    if (--pollCountdown_ == 0 && poll()) stopped_ = true;
    if (atEdgeEnd_) {
      const std::function<void()> f = std::move(atEdgeEnd_);
      atEdgeEnd_ = nullptr;
      f();
      draining_ = true;
    }
    if (stopped_) {
      syncSystemC();
      return;
    }
    if (pausing_) {  // SystemC's time catches up; sc_start() returns at the engine's next wait
      pausing_ = false;
      syncSystemC();
    }
  }
}

}  // namespace warpsim
