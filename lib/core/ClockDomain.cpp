#include "warpsim/core/ClockDomain.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "warpsim/core/ClockEngine.h"

namespace warpsim {
ClockDomain::ClockDomain(ClockEngine& engine, std::string name, double freqMHz, std::uint32_t order)
    : engine_(engine), name_(std::move(name)), freqMHz_(freqMHz), order_(order) {
  if (!(freqMHz > 0.0 && freqMHz <= 1.0e6))
    throw std::invalid_argument("clock domain '" + name_ + "': frequency must be in (0, 1e6] MHz");
  // Time resolution is 1 ps; a period that is not a whole number of picoseconds is rounded
  // (700 MHz -> 1429 ps: 0.03% slow), which every block in the domain sees alike.
  periodPs_ = static_cast<std::uint64_t>(std::llround(1.0e6 / freqMHz));
  nextCyclePs_ = periodPs_;
}

void ClockDomain::add(Clocked& block) {
  if (block.domain_ != nullptr)
    throw std::logic_error("a block is registered with clock domain '" + name_ + "' twice");
  block.domain_ = this;
  block.index_ = static_cast<std::uint32_t>(blocks_.size());
  blocks_.push_back(&block);
}

void ClockDomain::setTickAll() {
  tickAll_ = true;
  for (Clocked* b : blocks_) b->active_ = true;  // so that wake() is a no-op
  pending_.clear();
}

void ClockDomain::wake(Clocked& block) {
  engine_.catchUp();  // work from outside: stamped with the cycle it arrives in
  if (block.active_) return;
  block.active_ = true;
  if (inEdge_ && block.index_ > cursor_) {
    // Woken during this edge before its turn: it ticks in this edge, exactly as if it had been
    // active all along (sleeping must never change results).
    const auto byIndex = [](const Clocked* a, const Clocked* b) { return a->index_ < b->index_; };
    active_.insert(std::upper_bound(active_.begin() + static_cast<std::ptrdiff_t>(position_ + 1),
                                    active_.end(), &block, byIndex),
                   &block);
    return;
  }
  pending_.push_back(&block);
  engine_.notifyWork();
}

void ClockDomain::wakeAt(Clocked& block, Cycle cycle) {
  if (block.scheduledWake_ <= cycle) return;  // an earlier wake-up is already on its way
  block.scheduledWake_ = cycle;
  engine_.schedule(block, cycle * periodPs_);
}

std::uint64_t ClockDomain::nextEdgePs(std::uint64_t nowPs) const {
  const std::uint64_t untickedPs = nextUnticked_ * periodPs_;
  if (untickedPs >= nowPs) return untickedPs;  // the common case: no division
  return (nowPs + periodPs_ - 1) / periodPs_ * periodPs_;
}

void ClockDomain::advanceTo(std::uint64_t timePs) {
  if (timePs < nextCyclePs_) return;
  if (timePs - nextCyclePs_ < periodPs_) {  // one edge on: no division
    ++cycle_;
    nextCyclePs_ += periodPs_;
    return;
  }
  cycle_ = timePs / periodPs_;
  nextCyclePs_ = (cycle_ + 1) * periodPs_;
}

void ClockDomain::admitPending() {
  if (pending_.empty()) return;
  const auto byIndex = [](const Clocked* a, const Clocked* b) { return a->index_ < b->index_; };
  std::sort(pending_.begin(), pending_.end(), byIndex);
  scratch_.clear();
  std::merge(active_.begin(), active_.end(), pending_.begin(), pending_.end(),
             std::back_inserter(scratch_), byIndex);
  active_.swap(scratch_);
  pending_.clear();
}

void ClockDomain::tickEdge(std::uint64_t timePs) {
  advanceTo(timePs);
  nextUnticked_ = cycle_ + 1;
  ++edges_;
  if (tickAll_) {
    for (Clocked* b : blocks_) b->tick();
    ticks_ += blocks_.size();
    return;
  }
  admitPending();
  // Blocks tick in index order. A block woken by one ticked earlier in this edge joins this
  // edge (see wake()); one woken after its turn ticks from the next edge.
  inEdge_ = true;
  std::size_t keep = 0;
  for (position_ = 0; position_ < active_.size(); ++position_) {
    Clocked* b = active_[position_];
    cursor_ = b->index_;
    ++ticks_;
    if (b->tick())
      active_[keep++] = b;
    else
      b->active_ = false;
  }
  active_.resize(keep);
  inEdge_ = false;
}

}  // namespace warpsim
