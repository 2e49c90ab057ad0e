#include "sm/SmParams.h"

#include "config/Config.h"

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
  s.addUInt("sm.sp_latency", 10, "SP pipeline latency (cycles to writeback)", 1, 1000);
  s.addUInt("sm.sp_interval", 1, "SP initiation interval (cycles per warp instruction)", 1, 64);
  s.addUInt("sm.sfu_latency", 20, "SFU pipeline latency", 1, 1000);
  s.addUInt("sm.sfu_interval", 8, "SFU initiation interval", 1, 64);
  s.addUInt("sm.dp_latency", 20, "double-precision pipeline latency", 1, 1000);
  s.addUInt("sm.dp_interval", 4, "double-precision initiation interval", 1, 64);
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
  p.sp = {u32("sm.sp_latency"), u32("sm.sp_interval")};
  p.sfu = {u32("sm.sfu_latency"), u32("sm.sfu_interval")};
  p.dp = {u32("sm.dp_latency"), u32("sm.dp_interval")};
  return p;
}

}  // namespace warpsim
