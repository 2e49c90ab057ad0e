#pragma once
// Splits a warp's memory access into the line requests the memory system sees, and counts
// shared memory bank conflicts. Plain functions: no state, no allocation.
#include <array>
#include <cstdint>

#include "warpsim/workload/WarpInst.h"

namespace warpsim {

struct LineAccess {
  Addr lineAddr = 0;
  std::uint32_t sectorMask = 0;  // 32-byte sectors touched
};

struct CoalescedAccess {
  std::array<LineAccess, kWarpSize * 2> lines;  // a lane may straddle two lines
  std::uint32_t count = 0;
};

// The distinct lines the active lanes touch, in order of first touch by lane.
void coalesce(const WarpInst& in, std::uint32_t lineSize, CoalescedAccess& out);

// The number of serialised passes a shared memory access needs: the largest number of distinct
// 4-byte words any one bank is asked for (lanes reading the same word share a broadcast).
// `banks` is at most kMaxSharedBanks (lsu.shared_banks' range).
constexpr std::uint32_t kMaxSharedBanks = 64;
std::uint32_t sharedConflictDegree(const WarpInst& in, std::uint32_t banks);

}  // namespace warpsim
