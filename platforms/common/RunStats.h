#pragma once
// The statistics files of a run, public so that a custom sc_main writes what the platforms
// write (doc/user-guide.md section 4, doc/stats-reference.md): the JSON of --stats with its
// GPU-wide `totals`, the CSV of --csv, and the GPGPU-Sim/Accel-Sim-named text of
// --stats-format accelsim. Every file is written atomically (writeFileAtomically).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace warpsim {

class Gpu;
class StatsRegistry;

// What ran, for the JSON's first keys.
struct RunInfo {
  std::string platform;  // e.g. "fermi", or your own platform's name
  std::string workload;  // e.g. "stream (size 8)"
  std::string policy;    // sched.policy
};

// The statistics JSON of a finished or stopped run (after gpu.finalize()): platform, workload,
// policy, outcome, cycles, core_mhz, instruction counts, ipc, kernels, gpu (the registry's
// `gpu` tree), blocks (every other root of the registry: blocks a platform added outside the
// Gpu), totals (computeTotals) and, for a run stopped by the cycle limit, `stopped_early`.
nlohmann::json runStats(const RunInfo& info, const Gpu& gpu, const StatsRegistry& stats);

enum class StatsFormat { Json, Accelsim };
// "json" or "accelsim"; throws ConfigError naming --stats-format and the allowed values.
StatsFormat parseStatsFormat(const std::string& text);

// Where a run's statistics go; an empty path writes nothing.
struct StatsFiles {
  std::string statsPath;                   // --stats
  std::string csvPath;                     // --csv
  StatsFormat format = StatsFormat::Json;  // of statsPath (--stats-format)
};

// For an sc_main of your own: takes `--stats FILE`, `--csv FILE` and `--stats-format FORMAT`
// (each also as --option=value) out of `args` and returns them; the other arguments stay, in
// order. Throws ConfigError on a missing value or an unknown format.
StatsFiles takeStatsOptions(std::vector<std::string>& args);

// The CSV: every registered statistic and every `totals` figure, one `path,value` line each, in
// natural order.
std::string statsCsv(const nlohmann::json& run, const StatsRegistry& stats);
// Writes the files `files` names from `run` (runStats) and `stats`. Throws std::runtime_error
// naming a file that cannot be written; a file either is complete or is not there.
void writeStatsFiles(const StatsFiles& files, const nlohmann::json& run,
                     const StatsRegistry& stats);

}  // namespace warpsim
