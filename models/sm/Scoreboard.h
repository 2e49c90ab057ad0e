#pragma once
// Per-warp register scoreboard: RAW and WAW hazards on registers with results in flight, and
// the extra bit Mascar (section III-A) adds, marking results of long-latency loads.
#include <algorithm>
#include <array>
#include <cstdint>

#include "warpsim/workload/WarpInst.h"

namespace warpsim {

class Scoreboard {
 public:
  // Registers outside R0-R255 (kNoReg among them) are never pending.
  void reserve(Reg reg, bool longLatencyLoad) {
    if (reg < kMaxRegs) regs_[reg] = kPending | (longLatencyLoad ? kLongLoad : 0);
  }
  void release(Reg reg) {
    if (reg < kMaxRegs) regs_[reg] = 0;
  }
  struct Deps {
    bool hazard;    // RAW on a source or WAW on the destination
    bool longLoad;  // one of them waits on a pending long-latency load
  };
  // One look at the instruction's registers answers both (a byte per register, the registers
  // outside R0-R255 all read the last, never set).
  Deps deps(const WarpInst& in) const {
    std::uint8_t m = regs_[slot(in.dst)];
    for (Reg r : in.src) m |= regs_[slot(r)];
    return {(m & kPending) != 0, (m & kLongLoad) != 0};
  }

 private:
  static constexpr std::uint8_t kPending = 1, kLongLoad = 2;
  static std::uint32_t slot(Reg r) { return std::min<std::uint32_t>(r, kMaxRegs); }
  std::array<std::uint8_t, kMaxRegs + 1> regs_{};
};

}  // namespace warpsim
