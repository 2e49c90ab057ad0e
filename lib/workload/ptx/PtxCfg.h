#pragma once
// The control-flow graph of a PTX function and the reconvergence point of each branch: the
// immediate post-dominator of the branch's block (lib/workload/ptx/README.md, "Divergence").
// nvcc's PTX is unstructured, so the points come from the graph, not from the source's shape.
#include <cstdint>
#include <vector>

#include "warpsim/workload/ptx/PtxIr.h"

namespace warpsim::ptx {

struct Cfg {
  // The instruction index each block starts at, in order; blockOf[i] is instruction i's block.
  std::vector<std::uint32_t> blockStart, blockOf;
  std::vector<std::vector<std::uint32_t>> succ;  // block successors; kExit is the function's end
  // Per instruction: for a branch (bra) and for a guarded ret or exit, the instruction index
  // where the paths that part there meet again; kExit when they meet only at the end of the
  // function (or never: a path that loops forever). Other instructions: kExit.
  std::vector<std::uint32_t> reconverge;
  static constexpr std::uint32_t kExit = 0xffffffffu;
};

// Builds the graph of `f`'s body. A bra's guard makes it conditional (taken or not); an
// unguarded bra, ret or exit ends its block with one successor (the target, or the end);
// a guarded ret or exit may end the path or fall through.
Cfg buildCfg(const Function& f);

}  // namespace warpsim::ptx
