#include "common/Summary.h"

#include <ostream>

#include <fmt/format.h>

namespace warpsim {
namespace {

// Sums `key` over the children of `parent` whose names start with `prefix` (sm0, sm1, ...).
double sumOver(const nlohmann::json& parent, const std::string& prefix, const std::string& key) {
  double total = 0;
  for (const auto& [name, child] : parent.items())
    if (name.rfind(prefix, 0) == 0 && child.is_object() && child.contains(key))
      total += child[key].get<double>();
  return total;
}

// Sums `key` (or `key`.`field`) of the SMs' block `block` (gpu.smN.l1d, gpu.smN.lsu, ...).
double sumOverSms(const nlohmann::json& gpu, const std::string& block, const std::string& key,
                  const std::string& field = "") {
  double total = 0;
  for (const auto& [name, sm] : gpu.items())
    if (sm.is_object() && sm.contains(block)) {
      const nlohmann::json& v = sm[block][key];
      total += (field.empty() ? v : v[field]).get<double>();
    }
  return total;
}

std::string rate(double perSecond) {
  if (perSecond >= 1e6) return fmt::format("{:.2f} M", perSecond / 1e6);
  if (perSecond >= 1e3) return fmt::format("{:.1f} K", perSecond / 1e3);
  return fmt::format("{:.0f} ", perSecond);
}

}  // namespace

void printSummary(std::ostream& os, const nlohmann::json& s, double wallSeconds) {
  const nlohmann::json& gpu = s["gpu"];
  const double cycles = s["cycles"].get<double>();
  const double warpInsts = s["warp_instructions"].get<double>();
  os << fmt::format("warpsim {}: workload {}, policy {}: {}\n", s["platform"].get<std::string>(),
                    s["workload"].get<std::string>(), s["policy"].get<std::string>(),
                    s["outcome"].get<std::string>());
  os << fmt::format("  core cycles          {:>14.0f}\n", cycles);
  os << fmt::format("  warp instructions    {:>14.0f}\n", warpInsts);
  os << fmt::format("  thread instructions  {:>14.0f}\n", s["thread_instructions"].get<double>());
  os << fmt::format("  IPC (thread inst/cycle) {:>11.2f}\n", s["ipc"].get<double>());

  const nlohmann::json& total = gpu["sm_total"];
  const double smCycles = total["cycles"].get<double>();
  if (smCycles > 0) {
    auto pct = [&](const char* key) { return 100.0 * total[key].get<double>() / smCycles; };
    os << fmt::format(
        "  SM cycles            issued {:.1f}%, memory-block {:.1f}%, no-warp {:.1f}%, "
        "scheduler hold {:.1f}%, pipeline stall {:.1f}%, dependency stall {:.1f}%\n",
        pct("issued_cycles"), pct("memory_block_cycles"), pct("no_warp_cycles"),
        pct("scheduler_hold_cycles"), pct("pipeline_stall_cycles"), pct("dependency_stall_cycles"));
  }
  const double loads = sumOverSms(gpu, "lsu", "load_latency", "count");
  const double latencySum = sumOverSms(gpu, "lsu", "load_latency", "sum");
  const double requests = sumOverSms(gpu, "lsu", "requests");
  os << fmt::format("  memory requests      {:>14.0f}  (mean load latency {:.0f} core cycles)\n",
                    requests, loads ? latencySum / loads : 0.0);
  // Caches: hits and misses summed over the SMs' L1s (gpu.smN.l1d, ...) and the L2 slices
  // (gpu.l2_P); a cache nothing accessed is left out.
  const double threads = s["thread_instructions"].get<double>();
  auto cacheLine = [&](const char* label, double hits, double misses, double accesses) {
    if (accesses > 0)
      os << fmt::format("  {:<20} hit rate {:.1f}%, {:.2f} misses per 1000 thread inst\n", label,
                        100.0 * hits / accesses, threads ? 1000.0 * misses / threads : 0.0);
  };
  for (const auto& [cache, label] : {std::pair{"l1d", "L1D"}, {"l1t", "L1T"}, {"l1c", "L1C"}})
    cacheLine(label, sumOverSms(gpu, cache, "hits"), sumOverSms(gpu, cache, "misses"),
              sumOverSms(gpu, cache, "accesses"));
  cacheLine("L2", sumOver(gpu, "l2_", "hits"), sumOver(gpu, "l2_", "misses"),
            sumOver(gpu, "l2_", "accesses"));
  const double bytes = sumOver(gpu, "part", "bytes");
  const double coreMHz = s.value("core_mhz", 0.0);  // absent from older statistics files
  if (cycles > 0)
    os << fmt::format(
        "  DRAM traffic         {:>14.0f} B  ({:.1f} B per core cycle{})\n", bytes, bytes / cycles,
        coreMHz > 0 ? fmt::format(", {:.1f} GB/s", bytes / cycles * coreMHz / 1e3) : "");
  // The GDDR channels (dram.model=gddr): OWL 2.2's RBL and BLP over all channels, bus busy.
  const double columnCommands = sumOver(gpu, "part", "accesses");
  const double activeCycles = sumOver(gpu, "part", "active_cycles");
  const double dramCycles = sumOver(gpu, "part", "cycles");
  if (columnCommands > 0 && activeCycles > 0 && dramCycles > 0)
    os << fmt::format(
        "  DRAM                 RBL {:.1f}%, BLP {:.2f} banks, data bus busy {:.1f}%, "
        "{:.0f} prefetches\n",
        100.0 * sumOver(gpu, "part", "row_hits") / columnCommands,
        sumOver(gpu, "part", "busy_bank_cycles") / activeCycles,
        100.0 * sumOver(gpu, "part", "data_bus_cycles") / dramCycles,
        sumOver(gpu, "part", "prefetches"));
  if (wallSeconds > 0)
    os << fmt::format("  simulation rate      {}warp inst/s, {}cycles/s ({:.2f} s)\n",
                      rate(warpInsts / wallSeconds), rate(cycles / wallSeconds), wallSeconds);
}

}  // namespace warpsim
