#pragma once
// The static code of a synthetic kernel: one program shared by every warp of the kernel, built
// by ProgramBuilder and interpreted per warp by SyntheticWarpStream.
//
// The code is a flat list of nodes. Instruction nodes (ALU, memory, branch, barrier, exit) each
// have a fixed PC, 8 bytes apart in program order. Marker nodes (loop entry, else, end-if) emit
// nothing and carry no PC of their own: they only steer the interpreter.
#include <array>
#include <cstdint>
#include <vector>

#include "warpsim/workload/LaneCtx.h"
#include "warpsim/workload/WarpInst.h"

namespace warpsim {

enum class NodeKind : std::uint8_t {
  Inst,       // a plain instruction: ALU/SFU/DP, memory, barrier
  LoopEnter,  // marker: evaluate trip counts, skip the loop if no lane enters
  BackEdge,   // Branch at the end of a loop body; reconverges at the loop exit
  IfBranch,   // Branch that splits the active lanes on a predicate
  Else,       // marker: end of the taken body, start of the else body
  EndIf,      // marker: both paths done, restore the mask from before the branch
  Exit,       // the last instruction
};

struct ProgramNode {
  NodeKind kind = NodeKind::Inst;
  // For instructions their own PC; for markers the PC of the next instruction.
  std::uint32_t pc = 0;
  OpClass op = OpClass::Alu;
  Reg dst = kNoReg;
  std::array<Reg, kMaxSrcRegs> src{kNoReg, kNoReg, kNoReg, kNoReg};
  MemSpace space = MemSpace::None;
  MemOp memOp = MemOp::None;
  std::uint8_t accessSize = 4;  // memory instructions: bytes per lane
  std::uint8_t loopDepth = 0;   // LoopEnter/BackEdge: index into LaneCtx::iter
  std::uint32_t fn = kNoFn;     // index into addrFns (memory), preds (IfBranch), trips (LoopEnter)
  std::uint32_t trips = 0;      // LoopEnter with fn == kNoFn: the constant trip count
  std::uint32_t target = 0;     // node index: LoopEnter -> after BackEdge, BackEdge -> body start,
                                // IfBranch -> its Else marker, Else -> its EndIf marker
  std::uint32_t reconvergePc = 0;  // BackEdge, IfBranch

  static constexpr std::uint32_t kNoFn = 0xffffffffu;
};

struct SyntheticProgram {
  std::vector<ProgramNode> nodes;  // ends with the Exit node
  std::vector<WarpAddrFn> addrFns;
  std::vector<LanePred> preds;
  std::vector<TripFn> trips;
  std::uint32_t maxNesting = 0;   // deepest nesting of loops and ifs (interpreter stack size)
  std::uint32_t staticInsts = 0;  // instruction nodes, i.e. distinct PCs
};

}  // namespace warpsim
