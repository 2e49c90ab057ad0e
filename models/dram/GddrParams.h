#pragma once
// The parameters of the GDDR channel controller (GddrController): timing in DRAM command cycles
// (OWL Table 1 names), the data bus, the request queue, the scheduling and prefetch policies.
#include <cstdint>
#include <string>

#include "warpsim/dram/DramPolicies.h"

namespace warpsim {

class Config;
class ConfigSchema;

enum class DramModel : std::uint8_t { Gddr, Fixed, External };

struct GddrTiming {
  std::uint32_t tCL = 12, tRP = 12, tRC = 40, tRAS = 28, tRCD = 12, tRRD = 6;
  std::uint32_t tCDLR = 5, tWR = 12, tCCD = 2, tWL = 4;
};

struct GddrParams {
  DramModel model = DramModel::Gddr;
  GddrTiming t;
  std::uint32_t busBytes = 32;        // data-bus bytes per DRAM command cycle
  std::uint32_t queue = 32;           // requests waiting for their column command
  std::string scheduler = "fr-fcfs";  // a name of the DramSchedulerRegistry
  std::string prefetch = "none";      // a name of the DramPrefetcherRegistry
  std::uint32_t lineSize = 128;       // the memory line: the L2 line (set by GpuParams)
  // dram.latency: DRAM cycles every response spends after its data transfer (GPGPU-Sim's
  // -dram_latency, the fixed part of a DRAM access); shared with the fixed model.
  std::uint32_t latency = 0;

  // dram.scheduler and dram.prefetch allow the names of `schedulers` and `prefetchers`.
  static void declare(
      ConfigSchema& schema,
      const DramSchedulerRegistry& schedulers = DramSchedulerRegistry::builtins(),
      const DramPrefetcherRegistry& prefetchers = DramPrefetcherRegistry::builtins());
  // dram.queue is declared by FixedDramParams and shared by both models.
  static GddrParams load(const Config& config);
};

}  // namespace warpsim
