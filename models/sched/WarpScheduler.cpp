#include "warpsim/sched/WarpScheduler.h"

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

WarpScheduler::WarpScheduler(sc_core::sc_module_name name,
                             std::unique_ptr<IWarpSchedulingPolicy> policy, std::uint32_t maxWarps,
                             StatsRegistry& stats)
    : sc_core::sc_module(name), policy_(std::move(policy)) {
  order_.reserve(maxWarps);
  const std::string p = this->name();
  stats.addCounter(p + ".memory_instructions", memIssued_);
  stats.addCounter(p + ".compute_instructions", computeIssued_);
}

}  // namespace warpsim
