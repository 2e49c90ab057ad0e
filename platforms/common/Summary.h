#pragma once
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

namespace warpsim {

// The results summary printed at the end of a run, read off the statistics JSON: cycles, IPC,
// the SM cycle breakdown, memory traffic, and the simulation rate.
void printSummary(std::ostream& os, const nlohmann::json& stats, double wallSeconds);

}  // namespace warpsim
