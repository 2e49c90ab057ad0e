#pragma once
// The warp-instruction IR (doc/architecture.md): what every front-end produces and the
// timing model consumes. One record per dynamic warp instruction; no pointers, no allocation.
#include <array>
#include <cstdint>

#include "warpsim/core/Ids.h"

namespace warpsim {

constexpr unsigned kWarpSize = 32;
// Architectural register numbers. SASS names R0-R254; R255 (RZ) reads as zero and is never a
// dependency, so front-ends drop it. kNoReg lies outside every register file.
using Reg = std::uint16_t;
constexpr Reg kNoReg = 0xffff;
constexpr unsigned kMaxRegs = 256;  // registers a scoreboard tracks: R0-R255
constexpr unsigned kMaxSrcRegs = 4;

enum class OpClass : std::uint8_t {
  Alu,      // integer / single-precision arithmetic on the SP pipeline
  Sfu,      // transcendental, on the SFU pipeline
  Dp,       // double precision
  Mem,      // load, store or atomic (see MemSpace / MemOp)
  Branch,   // control flow; reconvergePc is the immediate post-dominator
  Barrier,  // CTA-wide barrier (__syncthreads)
  Exit,     // the active threads retire; the warp ends when this is its last instruction
  Tensor,   // tensor-core matrix op (HMMA, IMMA, ...), on the SM's tensor pipeline
  Fence,    // memory fence (MEMBAR): waits until the warp's memory instructions are done
};

// Generic: a flat address that a front-end resolves to Global, Shared or Local (from the
// kernel's shared and local windows, resolveGeneric) before the timing model sees it.
enum class MemSpace : std::uint8_t { None, Global, Shared, Constant, Texture, Local, Generic };
enum class MemOp : std::uint8_t { None, Load, Store, Atomic };

struct WarpInst {
  std::uint32_t pc = 0;
  OpClass op = OpClass::Alu;
  Reg dst = kNoReg;
  std::array<Reg, kMaxSrcRegs> src{kNoReg, kNoReg, kNoReg, kNoReg};
  std::uint32_t activeMask = 0xffffffffu;
  // Memory instructions only.
  MemSpace space = MemSpace::None;
  MemOp memOp = MemOp::None;
  std::uint8_t accessSize = 4;         // bytes per lane
  std::array<Addr, kWarpSize> addr{};  // per-lane byte addresses; meaningful for active lanes
  // Branches only: where the diverged paths meet again.
  std::uint32_t reconvergePc = 0;
  // The warp's last instruction: an Exit ends the warp only then (a trace's predicated-off or
  // partial EXIT before the end is an ordinary control instruction).
  bool last = false;

  bool isMem() const { return op == OpClass::Mem; }
  bool isLoad() const { return op == OpClass::Mem && memOp == MemOp::Load; }
  unsigned activeLanes() const {  // a full warp without a count (no popcnt in the base ISA)
    return activeMask == ~std::uint32_t{0} ? kWarpSize
                                           : static_cast<unsigned>(__builtin_popcount(activeMask));
  }
};

}  // namespace warpsim
