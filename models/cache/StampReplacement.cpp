#include "warpsim/cache/StampReplacement.h"

namespace warpsim {

StampReplacement::StampReplacement(std::uint32_t sets, std::uint32_t ways)
    : ways_(ways), stamps_(std::size_t{sets} * ways, 0) {}

std::uint32_t StampReplacement::victim(std::uint32_t set, std::uint64_t candidates) const {
  const std::uint64_t* row = &stamps_[std::size_t{set} * ways_];
  std::uint32_t best = 0;
  std::uint64_t bestStamp = ~std::uint64_t{0};
  for (std::uint64_t bits = candidates; bits; bits &= bits - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(bits));
    const bool older = row[w] < bestStamp;  // selects, not branches: the host cannot guess it
    best = older ? w : best;
    bestStamp = older ? row[w] : bestStamp;
  }
  return best;
}

ReplacementRegistry ReplacementRegistry::withBuiltins() {
  ReplacementRegistry r;
  r.add("lru", "least recently used: the line touched longest ago goes",
        [](std::uint32_t sets, std::uint32_t ways) {
          return std::make_unique<LruReplacement>(sets, ways);
        });
  r.add("fifo", "first in, first out: the line installed first goes, whatever was touched",
        [](std::uint32_t sets, std::uint32_t ways) {
          return std::make_unique<FifoReplacement>(sets, ways);
        });
  return r;
}

const ReplacementRegistry& ReplacementRegistry::builtins() {
  static const ReplacementRegistry r = withBuiltins();
  return r;
}

}  // namespace warpsim
