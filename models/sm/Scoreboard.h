#pragma once
// Per-warp register scoreboard: RAW and WAW hazards on registers with results in flight, and
// the extra bit Mascar (section III-A) adds, marking results of long-latency loads.
#include <bitset>

#include "warpsim/workload/WarpInst.h"

namespace warpsim {

class Scoreboard {
 public:
  void reserve(Reg reg, bool longLatencyLoad) {
    pending_.set(reg);
    longLoad_.set(reg, longLatencyLoad);
  }
  void release(Reg reg) {
    pending_.reset(reg);
    longLoad_.reset(reg);
  }
  // RAW on any source, WAW on the destination.
  bool hazard(const WarpInst& in) const { return any(in, pending_); }
  // The instruction depends on a pending long-latency load.
  bool waitsOnLongLoad(const WarpInst& in) const { return any(in, longLoad_); }
  bool empty() const { return pending_.none(); }

 private:
  // Registers outside R0-R255 (kNoReg among them) are never pending.
  static bool any(const WarpInst& in, const std::bitset<kMaxRegs>& bits) {
    for (Reg r : in.src)
      if (r < kMaxRegs && bits[r]) return true;
    return in.dst < kMaxRegs && bits[in.dst];
  }
  std::bitset<kMaxRegs> pending_;
  std::bitset<kMaxRegs> longLoad_;
};

}  // namespace warpsim
