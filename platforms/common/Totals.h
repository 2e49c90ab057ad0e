#pragma once
// The GPU-wide figures of a run, computed once from its statistics JSON; the summary prints
// them and the files carry them as `totals` (doc/stats-reference.md, "totals").
#include <nlohmann/json.hpp>

namespace warpsim {

// From a run's JSON (runStats: cycles, core_mhz, instruction counts, outcome, kernels, gpu,
// blocks): cycles, IPC, the SM cycle breakdown, every L1 kind's and the L2's accesses, hits,
// misses, hit and miss rates and MPKI, DRAM traffic (the channels' and the external memory's
// `external_bytes`), RBL, BLP and bus use, and whether the run is complete. Every ratio is
// over the cycles actually simulated and is 0 when its denominator is.
nlohmann::json computeTotals(const nlohmann::json& run);

}  // namespace warpsim
