#pragma once
// Unit conversions between GPGPU-Sim's and warpsim's parameters.
#include <cstdint>

namespace warpsim::gpgpusim {

// GPGPU-Sim counts -gpgpu_l2_rop_latency and -dram_latency in core cycles; warpsim counts each
// block's latency in its own clock: cycles x domain MHz / core MHz, rounded to the nearest.
std::uint64_t coreToDomainCycles(std::uint64_t coreCycles, double coreMHz, double domainMHz);

// warpsim's units take ceil(32 / (lanes x sm.pipe_clock_ratio)) issue cycles per warp
// instruction: the fewest lanes (1 .. 32) whose interval is nearest to `interval` (exact when
// possible; on a tie the longer interval), and the interval they give.
struct UnitWidth {
  std::uint32_t lanes = 32;
  std::uint32_t interval = 1;
};
UnitWidth lanesForInterval(std::uint32_t interval, std::uint32_t pipeClockRatio);

}  // namespace warpsim::gpgpusim
