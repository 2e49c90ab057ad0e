#include "warpsim/dram/GddrParams.h"

#include "warpsim/config/Config.h"

namespace warpsim {
namespace {

struct TimingOption {
  const char* key;
  std::uint32_t GddrTiming::*field;
  const char* help;
};

// Defaults: GPGPU-Sim's GTX480 GDDR5 (Hynix H5GQ1H24AFR); platforms set their own.
constexpr TimingOption kTiming[] = {
    {"dram.tCL", &GddrTiming::tCL, "CAS latency: RD command to first data"},
    {"dram.tRP", &GddrTiming::tRP, "PRE to the next ACT of the bank"},
    {"dram.tRC", &GddrTiming::tRC, "ACT to the next ACT of the same bank"},
    {"dram.tRAS", &GddrTiming::tRAS, "ACT to PRE of the same bank"},
    {"dram.tRCD", &GddrTiming::tRCD, "ACT to RD/WR of the same bank"},
    {"dram.tRRD", &GddrTiming::tRRD, "ACT to ACT of different banks"},
    {"dram.tCDLR", &GddrTiming::tCDLR, "last write data to a RD of the same bank"},
    {"dram.tWR", &GddrTiming::tWR, "last write data to PRE of the same bank (write recovery)"},
    {"dram.tCCD", &GddrTiming::tCCD, "column command to column command"},
    {"dram.tWL", &GddrTiming::tWL, "write latency: WR command to first data"},
};

}  // namespace

void GddrParams::declare(ConfigSchema& s, const DramSchedulerRegistry& schedulers,
                         const DramPrefetcherRegistry& prefetchers) {
  s.addEnum("dram.model", "gddr", {"gddr", "fixed", "external"},
            "memory channel: gddr (banks, timing, FR-FCFS), fixed (fixed latency), or external "
            "(none: the platform binds Gpu::memorySocket(p) to its own TLM target)");
  const GddrTiming d;
  for (const TimingOption& o : kTiming)
    s.addUInt(o.key, d.*o.field, std::string("gddr model, DRAM cycles: ") + o.help, 0, 1000);
  s.addSize("dram.bus_bytes", "32B",
            "gddr model: data-bus bytes per DRAM cycle (a line takes line size / bus_bytes "
            "cycles of the bus)",
            1, 1024);
  s.addEnum("dram.scheduler", "fr-fcfs", schedulers.names(),
            "gddr model: request scheduling (fr-fcfs: row hits first, then oldest; fcfs: oldest "
            "request of each bank)");
  s.addEnum("dram.prefetch", "none", prefetchers.names(),
            "gddr model: memory-side prefetcher (OWL 4.4 opportunistic: the open row's unsent "
            "lines into the L2 slice); sched.policy=owl makes opportunistic the default");
  // The prefetchers' own options (dram.prefetch_lower, ...) come with their registry entries.
}

GddrParams GddrParams::load(const Config& c) {
  GddrParams p;
  const std::string model = c.getString("dram.model");
  p.model = model == "fixed"      ? DramModel::Fixed
            : model == "external" ? DramModel::External
                                  : DramModel::Gddr;
  for (const TimingOption& o : kTiming) p.t.*o.field = static_cast<std::uint32_t>(c.getUInt(o.key));
  p.busBytes = static_cast<std::uint32_t>(c.getSize("dram.bus_bytes"));
  p.queue = static_cast<std::uint32_t>(c.getUInt("dram.queue"));
  p.latency = static_cast<std::uint32_t>(c.getUInt("dram.latency"));
  p.scheduler = c.getString("dram.scheduler");
  p.prefetch = c.getString("dram.prefetch");
  for (const auto& [key, v] : {std::pair<const char*, std::uint32_t>{"dram.tCL", p.t.tCL},
                               {"dram.tRCD", p.t.tRCD},
                               {"dram.tCCD", p.t.tCCD}})
    if (v == 0) throw ConfigError(std::string(key) + " = 0: must be at least 1 DRAM cycle");
  return p;
}

}  // namespace warpsim
