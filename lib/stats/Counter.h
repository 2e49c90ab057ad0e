#pragma once
#include <cstdint>

namespace warpsim {

// An event count. Owned by the block that counts; registered by reference with StatsRegistry.
// Incrementing is one add: counters sit on the hot path.
class Counter {
 public:
  void inc(std::uint64_t n = 1) { v_ += n; }
  std::uint64_t value() const { return v_; }

 private:
  std::uint64_t v_ = 0;
};

}  // namespace warpsim
