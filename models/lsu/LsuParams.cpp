#include "warpsim/lsu/LsuParams.h"

#include "warpsim/config/Config.h"
#include "warpsim/lsu/Coalescer.h"

namespace warpsim {

void LsuParams::declare(ConfigSchema& s) {
  s.addSize("lsu.line_size", "128B", "coalescing granularity: one request per line touched", 32,
            256);
  s.addUInt("lsu.max_inflight", 256, "memory instructions with accesses outstanding per SM", 1,
            4096);
  s.addUInt("lsu.shared_banks", 32, "shared memory banks (4 bytes wide)", 1, kMaxSharedBanks);
  s.addUInt("lsu.shared_latency", 20, "shared memory access latency without bank conflicts", 1,
            1000);
  s.addUInt("lsu.reexec_entries", 0,
            "Mascar re-execution queue entries (line requests); 0 disables it. Not set: 32 with "
            "sched.policy=mascar (Mascar III-C, IV-C), else 0",
            0, 1024);
}

LsuParams LsuParams::load(const Config& c) {
  LsuParams p;
  p.lineSize = static_cast<std::uint32_t>(c.getSize("lsu.line_size"));
  p.maxInFlight = static_cast<std::uint32_t>(c.getUInt("lsu.max_inflight"));
  p.sharedBanks = static_cast<std::uint32_t>(c.getUInt("lsu.shared_banks"));
  p.sharedLatency = static_cast<std::uint32_t>(c.getUInt("lsu.shared_latency"));
  // Mascar IV-C: 32 entries "satisfies the memory demands"; other policies keep the baseline LSU.
  p.reexecEntries = c.isSet("lsu.reexec_entries")
                        ? static_cast<std::uint32_t>(c.getUInt("lsu.reexec_entries"))
                        : (c.getString("sched.policy") == "mascar" ? 32 : 0);
  if (p.lineSize & (p.lineSize - 1))
    throw ConfigError("lsu.line_size = " + std::to_string(p.lineSize) +
                      ": must be a power of two (32, 64, 128 or 256)");
  return p;
}

}  // namespace warpsim
