#pragma once
// The warp-instruction IR (ARCHITECTURE.md section 5): what every front-end produces and the
// timing model consumes. One record per dynamic warp instruction; no pointers, no allocation.
#include <array>
#include <cstdint>

#include "core/Ids.h"

namespace warpsim {

constexpr unsigned kWarpSize = 32;
constexpr std::uint8_t kNoReg = 0xff;
constexpr unsigned kMaxSrcRegs = 3;

enum class OpClass : std::uint8_t {
  Alu,      // integer / single-precision arithmetic on the SP pipeline
  Sfu,      // transcendental, on the SFU pipeline
  Dp,       // double precision
  Mem,      // load, store or atomic (see MemSpace / MemOp)
  Branch,   // control flow; reconvergePc is the immediate post-dominator
  Barrier,  // CTA-wide barrier (__syncthreads)
  Exit,     // the active threads retire
};

enum class MemSpace : std::uint8_t { None, Global, Shared, Constant, Texture, Local };
enum class MemOp : std::uint8_t { None, Load, Store, Atomic };

struct WarpInst {
  std::uint32_t pc = 0;
  OpClass op = OpClass::Alu;
  std::uint8_t dst = kNoReg;
  std::array<std::uint8_t, kMaxSrcRegs> src{kNoReg, kNoReg, kNoReg};
  std::uint32_t activeMask = 0xffffffffu;
  // Memory instructions only.
  MemSpace space = MemSpace::None;
  MemOp memOp = MemOp::None;
  std::uint8_t accessSize = 4;         // bytes per lane
  std::array<Addr, kWarpSize> addr{};  // per-lane byte addresses; meaningful for active lanes
  // Branches only: where the diverged paths meet again.
  std::uint32_t reconvergePc = 0;

  bool isMem() const { return op == OpClass::Mem; }
  bool isLoad() const { return op == OpClass::Mem && memOp == MemOp::Load; }
  unsigned activeLanes() const { return static_cast<unsigned>(__builtin_popcount(activeMask)); }
};

}  // namespace warpsim
