#pragma once
#include <cstdint>

namespace warpsim {

class Config;
class ConfigSchema;

struct LsuParams {
  std::uint32_t lineSize = 128;      // coalescing granularity (bytes)
  std::uint32_t maxInFlight = 256;   // memory instructions with accesses outstanding
  std::uint32_t sharedBanks = 32;    // 4-byte banks
  std::uint32_t sharedLatency = 20;  // conflict-free shared memory access
  // Mascar III-C: re-execution queue entries (line requests); 0: none, refusals stall the LSU.
  // Default when not set: 32 with sched.policy = mascar, else 0.
  std::uint32_t reexecEntries = 0;

  static void declare(ConfigSchema& schema);
  static LsuParams load(const Config& config);
};

}  // namespace warpsim
