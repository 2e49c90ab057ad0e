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
  block.cycle_ = &cycle_;
  block.engineWaiting_ = &engine_.sleeping_;
  block.index_ = static_cast<std::uint32_t>(blocks_.size());
  blocks_.push_back(&block);
  activeBits_.resize((blocks_.size() + 63) / 64, 0);
}

void ClockDomain::setTickAll() {
  tickAll_ = true;
  for (Clocked* b : blocks_) b->active_ = true;  // so that wake() is a no-op
}

void ClockDomain::wake(Clocked& block) {
  engine_.catchUp();  // work from outside: stamped with the cycle it arrives in
  if (block.active_) return;
  block.active_ = true;
  // During an edge, a block ahead of the one ticking ticks in this edge, exactly as if it had
  // been active all along (sleeping must never change results); any other from the next.
  activeBits_[block.index_ / 64] |= std::uint64_t{1} << (block.index_ % 64);
  ++activeBlocks_;
  engine_.notifyWork();
}

std::uint32_t ClockDomain::nextActive(std::uint32_t i) const {
  std::size_t w = i / 64;
  if (w >= activeBits_.size()) return kNoBlock;
  std::uint64_t bits = activeBits_[w] & (~std::uint64_t{0} << (i % 64));
  while (bits == 0) {
    if (++w == activeBits_.size()) return kNoBlock;
    bits = activeBits_[w];
  }
  return static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
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

void ClockDomain::tickEdge(std::uint64_t timePs) {
  advanceTo(timePs);
  nextUnticked_ = cycle_ + 1;
  ++edges_;
  if (tickAll_) {
    for (Clocked* b : blocks_) b->tick();
    ticks_ += blocks_.size();
    return;
  }
  // Blocks tick in index order; the bitmap is read as the edge goes (see activeBits_).
  for (std::uint32_t i = nextActive(0); i != kNoBlock; i = nextActive(i + 1)) {
    Clocked* b = blocks_[i];
    ++ticks_;
    if (!b->tick()) {
      b->active_ = false;
      activeBits_[i / 64] &= ~(std::uint64_t{1} << (i % 64));
      --activeBlocks_;
    }
  }
}

}  // namespace warpsim
