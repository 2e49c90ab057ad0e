#pragma once
// The narrow view a warp scheduler gets of its L1 (doc/architecture.md): Mascar III-A's
// memory-saturation flag and its changes, and nothing else of the cache. Cache implements it.
#include <functional>

#include "warpsim/core/Ids.h"

namespace warpsim {

class IMemorySaturation {
 public:
  // Called when saturated() changes, with its new value and the cycle (Mascar's EP/MP modes).
  using SaturationObserver = std::function<void(bool saturated, Cycle cycle)>;

  virtual ~IMemorySaturation() = default;
  // True while the cache's MSHRs or miss queue are nearly exhausted (saturation_threshold).
  virtual bool saturated() const = 0;
  // One observer; call before the simulation starts.
  virtual void setSaturationObserver(SaturationObserver f) = 0;
};

}  // namespace warpsim
