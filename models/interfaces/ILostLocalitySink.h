#pragma once
// The narrow interface through which an SM's L1D tells its warp scheduling policy about lost
// intra-warp locality (CCWS §3.3.3, signal 14 of Fig. 5; doc/architecture.md). A policy that
// implements it gets a victim tag array attached to its SM's L1D (Sm builds it with the
// geometry the policy asks for) and a call on every VTA hit of one of its warps.
#include <string>

#include "warpsim/core/Ids.h"
#include "warpsim/interfaces/VtaGeometry.h"

namespace warpsim {

class StatsRegistry;

class ILostLocalitySink {
 public:
  virtual ~ILostLocalitySink() = default;
  // Warp `warp` missed in the L1D on a line its VTA partition held, at core cycle `now`.
  virtual void lostLocality(WarpId warp, Cycle now) = 0;
  // The victim tag array this policy wants.
  virtual VtaGeometry vtaGeometry() const = 0;
  // Registers the policy's counters under `prefix` (e.g. gpu.sm0.sched0.ccws).
  virtual void registerStats(StatsRegistry& stats, const std::string& prefix) {
    (void)stats, (void)prefix;
  }
};

}  // namespace warpsim
