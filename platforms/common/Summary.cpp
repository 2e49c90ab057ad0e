#include "warpsim/common/Summary.h"

#include <ostream>

#include <fmt/format.h>

#include "warpsim/common/Totals.h"

namespace warpsim {
namespace {

std::string rate(double perSecond) {
  if (perSecond >= 1e6) return fmt::format("{:.2f} M", perSecond / 1e6);
  if (perSecond >= 1e3) return fmt::format("{:.1f} K", perSecond / 1e3);
  return fmt::format("{:.0f} ", perSecond);
}

double get(const nlohmann::json& node, const char* key) {
  return node[key].get<double>();
}

}  // namespace

// Every figure comes from the run's `totals` (computeTotals), so the summary and the files
// agree (doc/stats-reference.md, "totals").
void printSummary(std::ostream& os, const nlohmann::json& s, double wallSeconds) {
  const nlohmann::json t = s.contains("totals") ? s["totals"] : computeTotals(s);
  const double cycles = get(t, "cycles");
  const double warpInsts = get(t, "warp_instructions");
  os << fmt::format("warpsim {}: workload {}, policy {}: {}\n", s["platform"].get<std::string>(),
                    s["workload"].get<std::string>(), s["policy"].get<std::string>(),
                    s["outcome"].get<std::string>());
  if (s.contains("stopped_early"))
    os << "  WARNING: " << s["stopped_early"].get<std::string>() << "\n";
  os << fmt::format("  core cycles          {:>14.0f}\n", cycles);
  os << fmt::format("  warp instructions    {:>14.0f}\n", warpInsts);
  os << fmt::format("  thread instructions  {:>14.0f}\n", get(t, "thread_instructions"));
  os << fmt::format("  IPC (thread inst/cycle) {:>11.2f}\n", get(t, "ipc"));

  const nlohmann::json& sm = t["sm_cycles"];
  if (get(sm, "sm_cycles") > 0) {
    const nlohmann::json& f = sm["shares"];
    auto pct = [&](const char* key) { return 100.0 * get(f, key); };
    os << fmt::format(
        "  SM cycles            issued {:.1f}%, memory-block {:.1f}%, no-warp {:.1f}%, "
        "scheduler hold {:.1f}%, pipeline stall {:.1f}%, dependency stall {:.1f}%\n",
        pct("issued"), pct("memory_block"), pct("no_warp"), pct("scheduler_hold"),
        pct("pipeline_stall"), pct("dependency_stall"));
  }
  os << fmt::format("  memory requests      {:>14.0f}  (mean load latency {:.0f} core cycles)\n",
                    get(t, "memory_requests"), get(t, "mean_load_latency"));
  // Caches: a cache nothing accessed is left out.
  for (const auto& [cache, label] :
       {std::pair{"l1d", "L1D"}, {"l1t", "L1T"}, {"l1c", "L1C"}, {"l2", "L2"}}) {
    const nlohmann::json& c = t[cache];
    if (get(c, "accesses") > 0)
      os << fmt::format("  {:<20} hit rate {:.1f}%, {:.2f} misses per 1000 thread inst\n", label,
                        100.0 * get(c, "hit_rate"), get(c, "mpki"));
  }
  const nlohmann::json& d = t["dram"];
  const double coreMHz = s.value("core_mhz", 0.0);  // absent from older statistics files
  if (cycles > 0)
    os << fmt::format("  DRAM traffic         {:>14.0f} B  ({:.1f} B per core cycle{}{})\n",
                      get(d, "bytes"), get(d, "bytes_per_cycle"),
                      coreMHz > 0 ? fmt::format(", {:.1f} GB/s", get(d, "gb_per_s")) : "",
                      get(d, "external_bytes") > 0
                          ? fmt::format("; {:.0f} B to external memory", get(d, "external_bytes"))
                          : "");
  // The GDDR channels (dram.model=gddr): OWL 2.2's RBL and BLP over all channels, bus busy.
  if (get(d, "column_commands") > 0)
    os << fmt::format(
        "  DRAM                 RBL {:.1f}%, BLP {:.2f} banks, data bus busy {:.1f}%, "
        "{:.0f} prefetches\n",
        100.0 * get(d, "rbl"), get(d, "blp"), 100.0 * get(d, "data_bus_utilisation"),
        get(d, "prefetches"));
  if (wallSeconds > 0)
    os << fmt::format("  simulation rate      {}warp inst/s, {}cycles/s ({:.2f} s)\n",
                      rate(warpInsts / wallSeconds), rate(cycles / wallSeconds), wallSeconds);
}

}  // namespace warpsim
