#pragma once
// What the LSU asks a warp scheduler that controls access beyond the L1 (Mascar III-A, III-D:
// the owner warp). An LSU without a gate sends every request unflagged.
#include <cstdint>

#include "warpsim/core/Ids.h"

namespace warpsim {

class ILsuGate {
 public:
  virtual ~ILsuGate() = default;
  // The GpuRequest flags (mascar::kOwner, mascar::kHitOnly or none; interfaces/MascarFlags.h) for a
  // request of warp `w` that the LSU sends to its L1 now, new or re-executed (`fromQueue`). May
  // change the gate's state: in Mascar's MP mode with no owner, the next warp to access memory
  // becomes the owner.
  virtual std::uint8_t requestFlags(WarpId w, bool fromQueue) = 0;
  // Closes open statistics spans at core cycle `cycle` (Lsu::settleStats calls it).
  virtual void settleStats(Cycle cycle) = 0;
};

}  // namespace warpsim
