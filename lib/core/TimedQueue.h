#pragma once
// A FIFO whose entries become visible at a cycle: what a block's input port holds between the
// transport call that delivered an item and the tick that may act on it. Ring buffer: after
// warm-up, push and pop never allocate. Capacity 0 means unbounded (grows by doubling).
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "warpsim/core/Ids.h"

namespace warpsim {

template <typename T>
class TimedQueue {
 public:
  explicit TimedQueue(std::size_t capacity = 0) : capacity_(capacity) {
    std::size_t n = 16;
    while (n < capacity) n *= 2;
    slots_.resize(n);
    mask_ = n - 1;
  }

  bool full() const { return capacity_ != 0 && size_ >= capacity_; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }

  void push(const T& item, Cycle visibleAt) {
    if (full()) throw std::logic_error("TimedQueue: push into a full queue");
    if (size_ == slots_.size()) grow();
    slots_[(head_ + size_) & mask_] = Entry{item, visibleAt};
    ++size_;
  }
  // Whether the oldest entry exists and is visible at `now`.
  bool ready(Cycle now) const { return size_ != 0 && slots_[head_].visibleAt <= now; }
  const T& front() const { return slots_[head_].item; }
  Cycle frontVisibleAt() const { return slots_[head_].visibleAt; }
  T pop() {
    T item = slots_[head_].item;
    head_ = (head_ + 1) & mask_;
    --size_;
    return item;
  }
  // Entry i from the oldest (for diagnostics and for schedulers that look past the head).
  const T& at(std::size_t i) const { return slots_[(head_ + i) & mask_].item; }

 private:
  struct Entry {
    T item{};
    Cycle visibleAt = 0;
  };
  void grow() {
    std::vector<Entry> bigger(slots_.size() * 2);
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = slots_[(head_ + i) & mask_];
    slots_.swap(bigger);
    mask_ = slots_.size() - 1;
    head_ = 0;
  }
  std::size_t capacity_;
  std::vector<Entry> slots_;  // a power of two: indices wrap with a mask, not a division
  std::size_t mask_ = 0;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace warpsim
