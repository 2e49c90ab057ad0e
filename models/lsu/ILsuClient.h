#pragma once
#include <cstdint>

#include "warpsim/core/Ids.h"

namespace warpsim {

// What the LSU tells the SM it serves.
class ILsuClient {
 public:
  virtual ~ILsuClient() = default;
  // Every access of a memory instruction of warp `w` completed; `dst` is the load's destination
  // register (kNoReg for stores).
  virtual void memInstDone(WarpId w, Reg dst) = 0;
  // The LSU can take a new memory instruction again.
  virtual void lsuFreed() = 0;
};

}  // namespace warpsim
