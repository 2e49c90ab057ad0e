#pragma once
// How a set chooses which valid line to replace. A policy keeps its own per-line state; the tag
// array tells it about installs and hits and asks it for a victim among the lines it may evict
// (never an invalid way, which the tag array prefers itself, nor a way reserved for a pending
// fill). Policies are plain C++ and chosen by name (`lru`, `fifo`).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace warpsim {

class IReplacementPolicy {
 public:
  virtual ~IReplacementPolicy() = default;
  // A new line was placed in (set, way): reserved for a fill, or filled directly.
  virtual void inserted(std::uint32_t set, std::uint32_t way) = 0;
  // A new line was placed in (set, way) at the position that is replaced first (a prefetched
  // line inserted at LRU); policies without such a position treat it as inserted().
  virtual void insertedFirstOut(std::uint32_t set, std::uint32_t way) { inserted(set, way); }
  // The line in (set, way) was accessed again (a hit, or a miss merged into its pending fill).
  virtual void touched(std::uint32_t set, std::uint32_t way) = 0;
  // The way to replace among `candidates` (bit w set: way w may go; never 0).
  virtual std::uint32_t victim(std::uint32_t set, std::uint64_t candidates) const = 0;
};

// The known policy names, in the order `--help-config` lists them.
const std::vector<std::string>& replacementPolicyNames();
// A policy for `sets` x `ways` lines; throws std::invalid_argument naming the known policies
// when `name` is not one of them.
std::unique_ptr<IReplacementPolicy> makeReplacementPolicy(const std::string& name,
                                                          std::uint32_t sets, std::uint32_t ways);

}  // namespace warpsim
