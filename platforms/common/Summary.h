#pragma once
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

namespace warpsim {

// The results summary printed at the end of a run, read off the statistics JSON's `totals`
// (computed from the JSON when absent): cycles, IPC, the SM cycle breakdown, memory traffic,
// and the simulation rate; a warning first when the cycle limit stopped the run.
void printSummary(std::ostream& os, const nlohmann::json& stats, double wallSeconds);

}  // namespace warpsim
