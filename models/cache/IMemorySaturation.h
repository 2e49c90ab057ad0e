#pragma once
// The narrow view a warp scheduler gets of its L1 (doc/architecture.md): Mascar III-A's
// memory-saturation flag, and nothing else of the cache.
namespace warpsim {

class IMemorySaturation {
 public:
  virtual ~IMemorySaturation() = default;
  // True while the cache's MSHRs or miss queue are nearly exhausted (saturation_threshold).
  virtual bool saturated() const = 0;
};

}  // namespace warpsim
