#pragma once
// A FIFO whose entries become visible at a cycle: what a block's input port holds between the
// transport call that delivered an item and the tick that may act on it. Ring buffer: after
// warm-up, push and pop never allocate. Capacity 0 means unbounded (grows by doubling).
//
// The object is 32 bytes, two to a host cache line, and answers ready() and frontVisibleAt()
// from itself: a block asking whether any of its queues has work reads its own object only
// (doc/performance.md, stop 45).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>

#include "warpsim/core/Ids.h"

namespace warpsim {

template <typename T>
class TimedQueue {
 public:
  explicit TimedQueue(std::size_t capacity = 0) : capacity_(checked(capacity)) {
    std::uint32_t n = 16;
    while (n < capacity) n *= 2;
    allocate(n);
  }
  TimedQueue(const TimedQueue& o) : frontAt_(o.frontAt_), capacity_(o.capacity_) {
    allocate(o.mask_ + 1);
    copyEntries(o);
  }
  TimedQueue& operator=(const TimedQueue& o) {
    if (this != &o) *this = TimedQueue(o);
    return *this;
  }
  // A queue moved from may only be destroyed or assigned to (it has no ring).
  TimedQueue(TimedQueue&&) noexcept = default;
  TimedQueue& operator=(TimedQueue&&) noexcept = default;

  bool full() const { return capacity_ != 0 && size_ >= capacity_; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }

  void push(const T& item, Cycle visibleAt) {
    if (full()) pushedWhenFull();
    if (size_ == mask_ + 1) grow();
    slots_[(head_ + size_) & mask_] = Entry{item, visibleAt};
    if (size_++ == 0) frontAt_ = visibleAt;
  }
  // Whether the oldest entry exists and is visible at `now`: one compare, as an empty queue's
  // front is never visible.
  bool ready(Cycle now) const { return frontAt_ <= now; }
  const T& front() const { return slots_[head_].item; }
  // When the oldest entry becomes visible; the largest Cycle if the queue is empty.
  Cycle frontVisibleAt() const { return frontAt_; }
  T pop() {
    T item = slots_[head_].item;
    head_ = (head_ + 1) & mask_;
    --size_;
    frontAt_ = size_ != 0 ? slots_[head_].visibleAt : kEmpty;
    return item;
  }
  // Entry i from the oldest (for diagnostics and for schedulers that look past the head).
  const T& at(std::size_t i) const { return slots_[(head_ + i) & mask_].item; }

 private:
  struct Entry {
    T item{};
    Cycle visibleAt = 0;
  };
  static constexpr Cycle kEmpty = ~Cycle{0};
  // Out of line, so that push stays small enough to inline into every block's transport call.
  [[noreturn, gnu::cold, gnu::noinline]] static void pushedWhenFull() {
    throw std::logic_error("TimedQueue: push into a full queue");
  }
  static std::uint32_t checked(std::size_t capacity) {
    if (capacity > (std::size_t{1} << 30))
      throw std::invalid_argument("TimedQueue: a capacity above 2^30 entries");
    return static_cast<std::uint32_t>(capacity);
  }
  void allocate(std::uint32_t n) {  // n: a power of two
    slots_.reset(new Entry[n]);
    mask_ = n - 1;
  }
  void copyEntries(const TimedQueue& o) {
    for (std::uint32_t i = 0; i < o.size_; ++i) slots_[i] = o.slots_[(o.head_ + i) & o.mask_];
    size_ = o.size_;
  }
  [[gnu::noinline]] void grow() {  // rare: an unbounded queue past its size so far
    std::unique_ptr<Entry[]> old = std::move(slots_);
    const std::uint32_t oldMask = mask_;
    allocate(2 * (mask_ + 1));
    for (std::uint32_t i = 0; i < size_; ++i) slots_[i] = old[(head_ + i) & oldMask];
    head_ = 0;
  }
  Cycle frontAt_ = kEmpty;          // the oldest entry's visibleAt; kEmpty when there is none
  std::unique_ptr<Entry[]> slots_;  // a power of two: indices wrap with a mask, not a division
  std::uint32_t capacity_;
  std::uint32_t mask_ = 0;
  std::uint32_t head_ = 0;
  std::uint32_t size_ = 0;
};

}  // namespace warpsim
