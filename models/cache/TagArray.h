#pragma once
// The tags of a set-associative cache: sets x ways lines, each with its line address, state
// (invalid, reserved for a pending fill, valid), dirty bit and owner warp, plus a replacement
// policy. Plain C++: no SystemC, no timing.
//
// Set index = (line address / line size) mod sets, taken from the address after the optional
// fold (an L2 slice folds out the partition-interleaving bits, AddressMap::localAddr, so that
// every set is used). Sets and line size are powers of two, so this is a shift and a mask.
// Lines are matched on their whole line address (tag and index together).
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "warpsim/cache/IReplacementPolicy.h"
#include "warpsim/core/Ids.h"

namespace warpsim {

// The warp a line belongs to: the one whose miss reserved it (or, without a reservation, whose
// request filled it). CCWS 3.3.3 writes this WID with the tag; hits are intra-warp when the
// same warp (same SM, same slot) comes back.
struct OwnerWarp {
  SmId sm;
  WarpId warp;
  bool operator==(const OwnerWarp& o) const { return sm == o.sm && warp == o.warp; }
  bool operator!=(const OwnerWarp& o) const { return !(*this == o); }
};

enum class LineState : std::uint8_t { Invalid, Reserved, Valid };

struct CacheLine {
  Addr lineAddr = 0;
  LineState state = LineState::Invalid;
  bool dirty = false;
  OwnerWarp owner;
  bool prefetched = false;  // filled by a memory-side prefetch, not yet hit by a demand
};

class TagArray {
 public:
  static constexpr std::uint32_t kNoWay = ~std::uint32_t{0};
  struct Geometry {
    std::uint32_t sets = 1;
    std::uint32_t ways = 1;        // at most 64
    std::uint32_t lineSize = 128;  // bytes
  };
  using AddressFold = std::function<Addr(Addr)>;

  // Throws std::invalid_argument on a geometry that is not powers of two or has 0 or > 64 ways.
  TagArray(const Geometry& g, std::unique_ptr<IReplacementPolicy> policy);

  // The address the set index is computed from; set before the first access.
  void setFold(AddressFold fold) { fold_ = std::move(fold); }

  Addr lineOf(Addr a) const { return a & ~Addr{lineSize_ - 1}; }
  std::uint32_t setOf(Addr lineAddr) const {
    const Addr a = fold_ ? fold_(lineAddr) : lineAddr;
    return static_cast<std::uint32_t>((a >> lineShift_) & setMask_);
  }
  // The way holding `lineAddr` (reserved or valid), or kNoWay.
  std::uint32_t find(std::uint32_t set, Addr lineAddr) const;
  // The way a new line would take: the lowest invalid way, else the policy's choice among the
  // valid lines; never a reserved line. kNoWay when every way is reserved.
  std::uint32_t victim(std::uint32_t set) const;
  // Whether victim(set) finds a line: some way is not reserved.
  bool hasVictim(std::uint32_t set) const { return (masks_[set].invalid | masks_[set].valid) != 0; }

  // Places `lineAddr` in (set, way), Reserved or Valid and clean, whatever the way held (the
  // caller has dealt with the line it displaces).
  // `firstOut`: at the position the policy replaces first (LRU for lru).
  void install(std::uint32_t set, std::uint32_t way, Addr lineAddr, LineState state,
               OwnerWarp owner, bool firstOut = false);
  void fill(std::uint32_t set, std::uint32_t way) { setState(set, way, LineState::Valid); }
  void touch(std::uint32_t set, std::uint32_t way) { policy_->touched(set, way); }
  void setDirty(std::uint32_t set, std::uint32_t way) { at(set, way).dirty = true; }
  void setPrefetched(std::uint32_t set, std::uint32_t way, bool p) { at(set, way).prefetched = p; }
  void invalidate(std::uint32_t set, std::uint32_t way) {
    at(set, way) = CacheLine{};
    setState(set, way, LineState::Invalid);
  }

  const CacheLine& line(std::uint32_t set, std::uint32_t way) const {
    return lines_[std::size_t{set} * ways_ + way];
  }
  std::uint32_t sets() const { return setMask_ + 1; }
  std::uint32_t ways() const { return ways_; }
  std::uint32_t lineSize() const { return lineSize_; }

 private:
  CacheLine& at(std::uint32_t set, std::uint32_t way) {
    return lines_[std::size_t{set} * ways_ + way];
  }
  void setState(std::uint32_t set, std::uint32_t way, LineState state);
  // Each set's ways by state, kept with the lines: victim() reads these.
  struct Masks {
    std::uint64_t invalid = 0, valid = 0;
  };
  std::uint32_t ways_;
  std::uint32_t lineSize_;
  std::uint32_t lineShift_;
  std::uint32_t setMask_;
  std::vector<CacheLine> lines_;  // sets x ways, row-major
  // Each line's address packed beside its neighbours for find(): an invalid line holds kNoLine,
  // odd, so no line address equals it (they are multiples of the line size).
  static constexpr Addr kNoLine = ~Addr{0};
  std::vector<Addr> tags_;    // sets x ways, row-major
  std::vector<Masks> masks_;  // per set
  std::unique_ptr<IReplacementPolicy> policy_;
  AddressFold fold_;
};

}  // namespace warpsim
