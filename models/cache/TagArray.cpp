#include "warpsim/cache/TagArray.h"

#include <stdexcept>
#include <string>

namespace warpsim {
namespace {
bool isPowerOfTwo(std::uint32_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}
}  // namespace

TagArray::TagArray(const Geometry& g, std::unique_ptr<IReplacementPolicy> policy)
    : ways_(g.ways),
      lineSize_(g.lineSize),
      lineShift_(g.lineSize ? static_cast<std::uint32_t>(__builtin_ctz(g.lineSize)) : 0),
      setMask_(g.sets - 1),
      lines_(std::size_t{g.sets} * g.ways),
      tags_(std::size_t{g.sets} * g.ways, kNoLine),
      policy_(std::move(policy)) {
  if (!isPowerOfTwo(g.sets) || !isPowerOfTwo(g.lineSize) || g.lineSize < 2 || g.ways == 0 ||
      g.ways > 64)
    throw std::invalid_argument("TagArray: sets (" + std::to_string(g.sets) + ") and line size (" +
                                std::to_string(g.lineSize) +
                                ", at least 2) must be powers of two and ways (" +
                                std::to_string(g.ways) + ") in 1..64");
  if (!policy_) throw std::invalid_argument("TagArray: no replacement policy");
  const std::uint64_t all = g.ways == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << g.ways) - 1;
  masks_.assign(g.sets, Masks{all, 0});
}

void TagArray::setState(std::uint32_t set, std::uint32_t way, LineState state) {
  CacheLine& l = at(set, way);
  l.state = state;
  tags_[std::size_t{set} * ways_ + way] = state == LineState::Invalid ? kNoLine : l.lineAddr;
  Masks& m = masks_[set];
  const std::uint64_t bit = std::uint64_t{1} << way;
  m.invalid = state == LineState::Invalid ? m.invalid | bit : m.invalid & ~bit;
  m.valid = state == LineState::Valid ? m.valid | bit : m.valid & ~bit;
}

std::uint32_t TagArray::find(std::uint32_t set, Addr lineAddr) const {
  const Addr* row = &tags_[std::size_t{set} * ways_];
  for (std::uint32_t w = 0; w < ways_; ++w)
    if (row[w] == lineAddr) return w;
  return kNoWay;
}

std::uint32_t TagArray::victim(std::uint32_t set) const {
  const Masks& m = masks_[set];
  if (m.invalid) return static_cast<std::uint32_t>(__builtin_ctzll(m.invalid));  // the lowest
  return m.valid ? policy_->victim(set, m.valid) : kNoWay;
}

void TagArray::install(std::uint32_t set, std::uint32_t way, Addr lineAddr, LineState state,
                       OwnerWarp owner, bool firstOut) {
  at(set, way) = CacheLine{lineAddr, state, false, owner, false};
  setState(set, way, state);
  if (firstOut)
    policy_->insertedFirstOut(set, way);
  else
    policy_->inserted(set, way);
}

}  // namespace warpsim
