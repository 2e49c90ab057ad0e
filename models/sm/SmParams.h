#pragma once
#include <cstdint>

#include "warpsim/cta/CtaLimits.h"

namespace warpsim {

class Config;
class ConfigSchema;

// One functional unit pipeline: cycles until the result is written back, and its SIMT width.
// A warp instruction occupies the unit for ceil(32 / (lanes x clock ratio)) issue cycles: 4 on
// 8 lanes (OWL, CCWS), 1 on Fermi's 16 lanes at twice the issue clock.
struct PipeParams {
  std::uint32_t latency = 1;
  std::uint32_t lanes = 32;
  std::uint32_t interval = 1;  // derived: issue cycles per warp instruction
};

// CtaLimits: the resources that bound how many CTAs fit on an SM (what models/cta reads).
struct SmParams : CtaLimits {
  // Front end and issue.
  std::uint32_t schedulers = 2;  // issue slots; slot s owns warps w with w % schedulers == s
  std::uint32_t fetchWidth = 2;  // warps whose I-buffer is refilled per cycle
  std::uint32_t ibufferEntries = 2;
  std::uint32_t pipeClockRatio = 1;  // SIMT pipeline clock / issue clock (Fermi's hot clock: 2)
  PipeParams sp{10, 32, 1}, sfu{20, 4, 8}, dp{20, 8, 4};
  // Trace front-ends only (no paper platform has them): tensor-core ops, after Accel-Sim's
  // RTX 3070 trace config (32 cycles, one warp op per 32 cycles), and memory fences, which
  // issue once the warp's memory instructions are done and then take fence latency.
  PipeParams tensor{32, 1, 32}, fence{1, 32, 1};
  // The L1 instruction cache (InstCache.h); 0 sets: an ideal one, every fetch a hit.
  std::uint32_t il1Sets = 0, il1Ways = 4, il1LineSize = 128, il1MissLatency = 200;

  static void declare(ConfigSchema& schema);
  static SmParams load(const Config& config);
};

}  // namespace warpsim
