#pragma once
#include "warpsim/workload/WarpInst.h"

namespace warpsim {

// The dynamic instruction stream of one warp of one CTA.
class IWarpStream {
 public:
  virtual ~IWarpStream() = default;
  // Fills `out` with the warp's next instruction in program order and returns true, or returns
  // false once the warp has executed its last instruction (after its Exit). Must not allocate.
  virtual bool next(WarpInst& out) = 0;
};

}  // namespace warpsim
