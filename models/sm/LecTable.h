#pragma once
// The load execution count (LEC) of one warp: how many times it executed each load PC before
// (Tripathy et al. §III-C, after Oh et al.'s WASP), so that the instances of an iterated load
// are told apart. A small fixed table keyed by PC, LRU-replaced, reset when the warp slot gets
// a new warp; it never allocates.
#include <array>
#include <cstdint>

namespace warpsim {

class LecTable {
 public:
  static constexpr std::size_t kEntries = 16;  // distinct load PCs a warp tracks at once

  void reset() {
    used_ = 0;
    clock_ = 0;
  }
  // Returns the executions of `pc` before this one and counts this one. A PC evicted from the
  // table (more than kEntries load PCs in rotation) starts again from 0.
  std::uint32_t next(std::uint32_t pc) {
    std::size_t victim = 0;
    for (std::size_t i = 0; i < used_; ++i) {
      if (slots_[i].pc == pc) {
        slots_[i].lastUse = ++clock_;
        return slots_[i].count++;
      }
      if (slots_[i].lastUse < slots_[victim].lastUse) victim = i;
    }
    if (used_ < kEntries) victim = used_++;
    slots_[victim] = Slot{pc, 1, ++clock_};
    return 0;
  }

 private:
  struct Slot {
    std::uint32_t pc = 0;
    std::uint32_t count = 0;
    std::uint64_t lastUse = 0;
  };
  std::array<Slot, kEntries> slots_{};
  std::size_t used_ = 0;
  std::uint64_t clock_ = 0;
};

}  // namespace warpsim
