#pragma once
// The mechanism LRU and FIFO share: every line carries a stamp from a counter, and the victim
// is the candidate with the smallest stamp. Subclasses decide when a line is re-stamped.
// Stamps are unique, so the choice never depends on way order.
#include <cstdint>
#include <vector>

#include "warpsim/cache/IReplacementPolicy.h"

namespace warpsim {

class StampReplacement : public IReplacementPolicy {
 public:
  StampReplacement(std::uint32_t sets, std::uint32_t ways);

  void inserted(std::uint32_t set, std::uint32_t way) override { stamp(set, way); }
  // Older than every line stamped so far, and than those stamped first-out before it.
  void insertedFirstOut(std::uint32_t set, std::uint32_t way) override {
    stamps_[std::size_t{set} * ways_ + way] = --firstOut_;
  }
  std::uint32_t victim(std::uint32_t set, std::uint64_t candidates) const override;

 protected:
  void stamp(std::uint32_t set, std::uint32_t way) {
    stamps_[std::size_t{set} * ways_ + way] = ++clock_;
  }

 private:
  std::uint32_t ways_;
  std::vector<std::uint64_t> stamps_;  // sets x ways, row-major
  // Stamps grow from 2^62 up and first-out stamps from 2^62 down, so both stay unique.
  std::uint64_t clock_ = std::uint64_t{1} << 62, firstOut_ = std::uint64_t{1} << 62;
};

// Least recently used: a line is re-stamped on every touch.
class LruReplacement final : public StampReplacement {
 public:
  using StampReplacement::StampReplacement;
  void touched(std::uint32_t set, std::uint32_t way) override { stamp(set, way); }
};

// First in, first out: the install stamp is the only one; touches change nothing.
class FifoReplacement final : public StampReplacement {
 public:
  using StampReplacement::StampReplacement;
  void touched(std::uint32_t, std::uint32_t) override {}
};

}  // namespace warpsim
