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
  // No edge before `upcoming` is still to come: with nothing due before it, the wheel may start
  // there. A cycle already passed (the current one, from a tick; or one passed while the engine
  // waited) wakes the block at its next edge, as a wake() now would.
  const Cycle upcoming = std::max(nextUnticked_, cycle_);
  if (released_ < upcoming && nextWake_ >= upcoming) released_ = upcoming;
  const Cycle at = std::max(cycle, released_);
  if (at - released_ < kWheel) {
    const std::uint32_t slot = static_cast<std::uint32_t>(at % kWheel);
    wheel_[slot].push_back(Wake{&block, cycle});
    wheelUsed_.insert(slot);
  } else {
    far_.push(FarWake{at, Wake{&block, cycle}});
  }
  ++scheduled_;
  if (at < nextWake_) {
    nextWake_ = at;
    nextWakePs_ = cyclesToPs(at);
  }
  engine_.notifyWork();
}

// The next edge to tick is the earliest a wake() can reach: work due there or before wakes the
// block now, as wake() would; later work schedules its wake-up.
void ClockDomain::wakeFor(Clocked& block, Cycle cycle) {
  if (cycle <= nextUnticked_)
    wake(block);
  else
    wakeAt(block, cycle);
}

// Wakes every block scheduled for nextWake_ (the engine has reached its edge), then finds the
// next cycle with a wake-up.
void ClockDomain::releaseNextWakes() {
  const Cycle c = nextWake_;
  auto release = [&](const Wake& w) {
    if (w.block->scheduledWake_ == w.cycle) w.block->scheduledWake_ = ~Cycle{0};
    --scheduled_;
    w.block->wake();
  };
  // The slot holds only cycle c: nothing earlier is pending, and the wheel spans kWheel cycles.
  // wake() never schedules, so the slot does not change under the loop.
  const std::uint32_t slot = static_cast<std::uint32_t>(c % kWheel);
  for (const Wake& w : wheel_[slot]) release(w);
  wheel_[slot].clear();
  wheelUsed_.erase(slot);
  while (!far_.empty() && far_.top().at <= c) {
    const Wake w = far_.top().wake;
    far_.pop();
    release(w);
  }
  released_ = c + 1;
  findNextWake();
}

// The first non-empty slot from released_ on (the wheel holds cycles released_ to
// released_ + kWheel - 1), or the heap's first, whichever is earlier.
void ClockDomain::findNextWake() {
  nextWake_ = far_.empty() ? kNoWake : far_.top().at;
  const std::uint32_t start = static_cast<std::uint32_t>(released_ % kWheel);
  const std::uint32_t slot = wheelUsed_.firstFrom(start);
  if (slot != kWheel) nextWake_ = std::min(nextWake_, released_ + (slot + kWheel - start) % kWheel);
  nextWakePs_ = nextWake_ == kNoWake ? UINT64_MAX : cyclesToPs(nextWake_);
}

std::uint64_t ClockDomain::nextEdgePs(std::uint64_t nowPs) const {
  const std::uint64_t untickedPs = nextUnticked_ * periodPs_;
  if (untickedPs >= nowPs) return untickedPs;  // the common case: no division
  return (nowPs + periodPs_ - 1) / periodPs_ * periodPs_;
}

// A wake-up is an edge's time: one still ahead is its own next edge, found without the division
// nextEdgePs needs for a domain that slept past its last edge (every engine step asks this of
// every sleeping domain).
std::uint64_t ClockDomain::nextWakeEdgePs(std::uint64_t nowPs) const {
  if (nextWakePs_ >= nowPs && nextWakePs_ >= nextUnticked_ * periodPs_) return nextWakePs_;
  return nextEdgePs(std::max(nextWakePs_, nowPs));
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
