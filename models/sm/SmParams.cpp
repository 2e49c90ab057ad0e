#include "warpsim/sm/SmParams.h"

#include "warpsim/config/Config.h"
#include "warpsim/workload/WarpInst.h"

namespace warpsim {

void SmParams::declare(ConfigSchema& s) {
  s.addUInt("sm.max_warps", 48, "warp slots per SM", 1, 64);
  s.addUInt("sm.max_ctas", 8, "resident CTAs per SM", 1, 64);
  s.addUInt("sm.max_threads", 1536, "resident threads per SM", 32, 4096);
  s.addUInt("sm.registers", 32768, "32-bit registers per SM", 1024, 1u << 20);
  s.addSize("sm.shared_mem", "48KiB", "shared memory per SM", 0, 1u << 30);
  s.addUInt("sm.schedulers", 2, "issue slots (warp schedulers) per SM", 1, 8);
  s.addUInt("sm.fetch_width", 2, "warps whose instruction buffer is refilled per cycle", 1, 64);
  s.addUInt("sm.ibuffer_entries", 2, "instruction buffer entries per warp", 1, 8);
  s.addUInt("sm.sp_latency", 10, "SP pipeline latency (issue to writeback, core cycles)", 1, 1000);
  s.addUInt("sm.sp_lanes", 32, "SIMT width of each SP unit (one unit per issue slot)", 1, 32);
  s.addUInt("sm.sfu_latency", 20, "SFU pipeline latency", 1, 1000);
  s.addUInt("sm.sfu_lanes", 4, "SIMT width of the SM's SFU", 1, 32);
  s.addUInt("sm.dp_latency", 20, "double-precision pipeline latency", 1, 1000);
  s.addUInt("sm.dp_lanes", 8, "SIMT width of the SM's double-precision unit", 1, 32);
  s.addUInt("sm.tensor_latency", 32,
            "tensor-core pipeline latency (trace workloads; default after Accel-Sim's RTX 3070)", 1,
            1000);
  s.addUInt("sm.tensor_lanes", 1,
            "SIMT width of the SM's tensor unit (1: a warp op occupies it 32 issue cycles)", 1, 32);
  s.addUInt("sm.fence_latency", 1,
            "memory fence latency, counted once the warp's memory instructions are done", 1, 1000);
  s.addUInt("sm.fence_lanes", 32, "SIMT width of the SM's fence unit", 1, 32);
  s.addUInt("sm.il1_sets", 0,
            "L1 instruction cache sets (sets x ways at most 2^20 lines); 0: an ideal instruction "
            "cache (every fetch hits)",
            0, 1u << 16);
  s.addUInt("sm.il1_ways", 4, "L1 instruction cache ways", 1, 64);
  s.addSize("sm.il1_line_size", "128B", "L1 instruction cache line size (a power of two)", 8, 4096);
  s.addUInt("sm.il1_miss_latency", 200,
            "core cycles until a missing instruction line arrives (fixed: the miss does not "
            "travel through the memory system)",
            1, 100000);
  s.addUInt("sm.pipe_clock_ratio", 1,
            "SIMT pipeline clock / issue clock (2 for Fermi's hot clock: a warp on 16 lanes then "
            "takes one issue cycle)",
            1, 4);
}

SmParams SmParams::load(const Config& c) {
  SmParams p;
  auto u32 = [&](const char* key) { return static_cast<std::uint32_t>(c.getUInt(key)); };
  p.maxWarps = u32("sm.max_warps");
  p.maxCtas = u32("sm.max_ctas");
  p.maxThreads = u32("sm.max_threads");
  p.registers = u32("sm.registers");
  p.sharedMemBytes = c.getSize("sm.shared_mem");
  p.schedulers = u32("sm.schedulers");
  p.fetchWidth = u32("sm.fetch_width");
  p.ibufferEntries = u32("sm.ibuffer_entries");
  p.pipeClockRatio = u32("sm.pipe_clock_ratio");
  p.il1Sets = u32("sm.il1_sets");
  p.il1Ways = u32("sm.il1_ways");
  p.il1LineSize = static_cast<std::uint32_t>(c.getSize("sm.il1_line_size"));
  p.il1MissLatency = u32("sm.il1_miss_latency");
  // As for the data caches (CacheParams::kMaxLines): more would take gigabytes per SM.
  constexpr std::uint64_t kMaxIl1Lines = std::uint64_t{1} << 20;
  if (std::uint64_t{p.il1Sets} * p.il1Ways > kMaxIl1Lines)
    throw ConfigError("sm.il1_sets x sm.il1_ways = " + std::to_string(p.il1Sets) + " x " +
                      std::to_string(p.il1Ways) + ": more lines than the " +
                      std::to_string(kMaxIl1Lines) + " a cache may hold; lower one of them");
  if (p.il1LineSize & (p.il1LineSize - 1))
    throw ConfigError("sm.il1_line_size = " + std::to_string(p.il1LineSize) +
                      " B: must be a power of two");
  // Issue cycles a warp instruction occupies a unit: 32 threads over lanes x clock ratio.
  auto pipe = [&](const char* latency, const char* lanes) {
    const std::uint32_t perCycle = u32(lanes) * p.pipeClockRatio;
    return PipeParams{u32(latency), u32(lanes), (kWarpSize + perCycle - 1) / perCycle};
  };
  p.sp = pipe("sm.sp_latency", "sm.sp_lanes");
  p.sfu = pipe("sm.sfu_latency", "sm.sfu_lanes");
  p.dp = pipe("sm.dp_latency", "sm.dp_lanes");
  p.tensor = pipe("sm.tensor_latency", "sm.tensor_lanes");
  p.fence = pipe("sm.fence_latency", "sm.fence_lanes");
  if (p.maxThreads > p.maxWarps * kWarpSize)
    throw ConfigError("sm.max_threads = " + std::to_string(p.maxThreads) +
                      ": more threads than sm.max_warps x 32 = " +
                      std::to_string(p.maxWarps * kWarpSize) + " can hold");
  return p;
}

}  // namespace warpsim
