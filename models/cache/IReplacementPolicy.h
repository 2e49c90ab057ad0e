#pragma once
// How a set chooses which valid line to replace. A policy keeps its own per-line state; the tag
// array tells it about installs and hits and asks it for a victim among the lines it may evict
// (never an invalid way, which the tag array prefers itself, nor a way reserved for a pending
// fill). Policies are plain C++ and chosen by name (`<cache>.replacement`) from a
// ReplacementRegistry; users add their own (examples/custom_replacement).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "warpsim/config/Registry.h"

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

// Replacement policies by name; a factory gets the cache's sets and ways.
class ReplacementRegistry : public Registry<IReplacementPolicy, std::uint32_t, std::uint32_t> {
 public:
  ReplacementRegistry() : Registry("<cache>.replacement", "cache replacement policy") {}
  // lru, fifo (models/cache/StampReplacement.h).
  static ReplacementRegistry withBuiltins();
  // withBuiltins(), built once: what a cache uses when it is given no registry.
  static const ReplacementRegistry& builtins();
};

}  // namespace warpsim
