#include "cache/StampReplacement.h"

#include <stdexcept>

namespace warpsim {

StampReplacement::StampReplacement(std::uint32_t sets, std::uint32_t ways)
    : ways_(ways), stamps_(std::size_t{sets} * ways, 0) {}

std::uint32_t StampReplacement::victim(std::uint32_t set, std::uint64_t candidates) const {
  const std::uint64_t* row = &stamps_[std::size_t{set} * ways_];
  std::uint32_t best = 0;
  std::uint64_t bestStamp = ~std::uint64_t{0};
  for (std::uint64_t bits = candidates; bits; bits &= bits - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(bits));
    if (row[w] < bestStamp) {
      bestStamp = row[w];
      best = w;
    }
  }
  return best;
}

const std::vector<std::string>& replacementPolicyNames() {
  static const std::vector<std::string> names{"lru", "fifo"};
  return names;
}

std::unique_ptr<IReplacementPolicy> makeReplacementPolicy(const std::string& name,
                                                          std::uint32_t sets, std::uint32_t ways) {
  if (name == "lru") return std::make_unique<LruReplacement>(sets, ways);
  if (name == "fifo") return std::make_unique<FifoReplacement>(sets, ways);
  std::string known;
  for (const std::string& n : replacementPolicyNames()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown cache replacement policy '" + name + "' (known: " + known +
                              ")");
}

}  // namespace warpsim
