#include "warpsim/common/RunStats.h"

#include <sstream>

#include "warpsim/common/AccelsimStats.h"
#include "warpsim/common/Totals.h"
#include "warpsim/config/Config.h"
#include "warpsim/gpu/Gpu.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

namespace {

// The summary's and the files' mark of a run the cycle limit stopped (doc/user-guide.md
// section 4): its figures describe only the cycles simulated.
std::string stoppedEarlyWarning(const Gpu& gpu, std::size_t kernelsFinished) {
  const std::string limit = std::to_string(gpu.params().maxCycles);
  if (kernelsFinished == 0)
    return "stopped by the cycle limit (sim.max_cycles = " + limit +
           ") before any kernel finished: every figure covers only the first " + limit +
           " cycles and is not the workload's performance";
  return "stopped by the cycle limit (sim.max_cycles = " + limit + ") after " +
         std::to_string(kernelsFinished) +
         " finished kernel(s): the figures cover only the cycles simulated";
}

}  // namespace

nlohmann::json runStats(const RunInfo& info, const Gpu& gpu, const StatsRegistry& stats) {
  nlohmann::json tree = stats.tree();
  nlohmann::json j;
  j["platform"] = info.platform;
  j["workload"] = info.workload;
  j["policy"] = info.policy;
  j["outcome"] = toString(gpu.outcome());
  j["cycles"] = gpu.cycles();
  j["core_mhz"] = gpu.params().clock.coreMHz;
  j["warp_instructions"] = gpu.warpInstructions();
  j["thread_instructions"] = gpu.threadInstructions();
  j["ipc"] = gpu.cycles() ? double(gpu.threadInstructions()) / gpu.cycles() : 0.0;
  j["kernels"] = stats.kernels();
  j["gpu"] = tree.contains("gpu") ? tree["gpu"] : nlohmann::json::object();
  tree.erase("gpu");
  j["blocks"] = tree;  // blocks outside the Gpu (e.g. a co-simulation's bridges)
  if (gpu.outcome() == Gpu::Outcome::CycleLimit)
    j["stopped_early"] = stoppedEarlyWarning(gpu, stats.kernels().size());
  if (gpu.outcome() == Gpu::Outcome::Interrupted)
    j["stopped_early"] = "interrupted (SIGINT or SIGTERM) at core cycle " +
                         std::to_string(gpu.cycles()) + " after " +
                         std::to_string(stats.kernels().size()) +
                         " finished kernel(s): the figures cover only the cycles simulated";
  j["totals"] = computeTotals(j);
  return j;
}

StatsFormat parseStatsFormat(const std::string& text) {
  if (text == "json") return StatsFormat::Json;
  if (text == "accelsim") return StatsFormat::Accelsim;
  throw ConfigError("command line: --stats-format = '" + text +
                    "': not a statistics format; allowed: json, accelsim");
}

StatsFiles takeStatsOptions(std::vector<std::string>& args) {
  StatsFiles files;
  std::string format = "json";
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto eq = a.find('=');
    const std::string name = a.substr(0, eq);
    std::string* target = name == "--stats"          ? &files.statsPath
                          : name == "--csv"          ? &files.csvPath
                          : name == "--stats-format" ? &format
                                                     : nullptr;
    if (!target) {
      rest.push_back(a);
      continue;
    }
    if (eq != std::string::npos) {
      *target = a.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      *target = args[++i];
    }
    if (target->empty())
      throw ConfigError("command line: " + name + " needs a value (" +
                        (name == "--stats-format" ? "json or accelsim" : "a file name") + ")");
  }
  files.format = parseStatsFormat(format);
  args = std::move(rest);
  return files;
}

std::string statsCsv(const nlohmann::json& run, const StatsRegistry& stats) {
  std::ostringstream csv;
  stats.writeCsv(csv, nlohmann::json{{"outcome", run.value("outcome", "")},
                                     {"totals", run.value("totals", nlohmann::json::object())}});
  return csv.str();
}

void writeStatsFiles(const StatsFiles& files, const nlohmann::json& run,
                     const StatsRegistry& stats) {
  if (!files.statsPath.empty())
    writeFileAtomically(files.statsPath, files.format == StatsFormat::Accelsim
                                             ? accelsimStats(run)
                                             : run.dump(1) + "\n");
  if (!files.csvPath.empty()) writeFileAtomically(files.csvPath, statsCsv(run, stats));
}

}  // namespace warpsim
