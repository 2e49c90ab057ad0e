#include "warpsim/common/AccelsimStats.h"

#include <map>
#include <string>

#include <fmt/format.h>

namespace warpsim {
namespace {

using nlohmann::json;
using Counts = std::map<std::string, double>;

bool isSm(const std::string& name) {
  return name.size() > 2 && name.compare(0, 2, "sm") == 0 &&
         name.find_first_not_of("0123456789", 2) == std::string::npos;
}

double number(const json& node, const char* key) {
  const auto it = node.find(key);
  return it != node.end() && it->is_number() ? it->get<double>() : 0.0;
}

// Adds a cache's GPGPU-Sim totals (cache_sub_stats: accesses = hits + misses + pending hits)
// under `prefix` (L1D, L2, ...).
void addCache(Counts& c, const std::string& prefix, const json& cache) {
  c[prefix + "accesses"] += number(cache, "accesses");
  c[prefix + "misses"] += number(cache, "misses");
  c[prefix + "pending_hits"] +=
      cache.contains("mshr_merges") ? number(cache, "mshr_merges") : number(cache, "pending_hits");
  c[prefix + "reservation_fails"] += number(cache, "reservation_fail_line") +
                                     number(cache, "reservation_fail_mshr") +
                                     number(cache, "reservation_fail_miss_queue");
}

// The raw counts behind the cache and CTA names, from a `gpu` tree (a kernel's or the run's).
Counts counts(const json& gpu) {
  Counts c;
  if (!gpu.is_object()) return c;
  for (const auto& [name, node] : gpu.items()) {
    if (!node.is_object()) continue;
    if (isSm(name)) {
      for (const auto& [block, prefix] :
           {std::pair{"l1d", "L1D"}, {"l1t", "L1T"}, {"l1c", "L1C"}, {"il1", "L1I"}})
        if (node.contains(block)) addCache(c, std::string(prefix) + "_total_cache_", node[block]);
    } else if (name.rfind("l2_", 0) == 0) {
      addCache(c, "L2_total_cache_", node);
    } else if (name == "dispatcher") {
      c["ctas"] += number(node, "ctas_launched");
    }
  }
  return c;
}

struct Block {
  std::string name;
  std::size_t uid = 0;
  double cycles = 0, insn = 0;  // this kernel's
  double totCycles = 0, totInsn = 0, totWarpInsn = 0;
  Counts tot;  // cache and CTA counts up to the block's end
};

void print(std::string& out, const Block& b) {
  auto line = [&](const std::string& name, double v) {
    out += fmt::format("{} = {:.0f}\n", name, v);
  };
  auto real = [&](const std::string& name, double v) {
    out += fmt::format("{} = {:.4f}\n", name, v);
  };
  auto get = [&](const std::string& k) {
    const auto it = b.tot.find(k);
    return it == b.tot.end() ? 0.0 : it->second;
  };
  out += fmt::format("kernel_name = {}\nkernel_launch_uid = {}\n", b.name, b.uid);
  line("gpu_sim_cycle", b.cycles);
  line("gpu_sim_insn", b.insn);
  real("gpu_ipc", b.cycles ? b.insn / b.cycles : 0.0);
  line("gpu_tot_sim_cycle", b.totCycles);
  line("gpu_tot_sim_insn", b.totInsn);
  real("gpu_tot_ipc", b.totCycles ? b.totInsn / b.totCycles : 0.0);
  line("gpu_tot_issued_cta", get("ctas"));
  line("gpgpu_n_tot_w_icount", b.totWarpInsn);
  for (const char* cache : {"L1I", "L1D", "L1T", "L1C", "L2"}) {
    const std::string p = std::string(cache) + "_total_cache_";
    if (!b.tot.count(p + "accesses")) continue;  // no such cache (L1I without sm.il1_sets)
    const double accesses = get(p + "accesses"), misses = get(p + "misses");
    line(p + "accesses", accesses);
    line(p + "misses", misses);
    real(p + "miss_rate", accesses ? misses / accesses : 0.0);
    line(p + "pending_hits", get(p + "pending_hits"));
    line(p + "reservation_fails", get(p + "reservation_fails"));
  }
  out += "\n";
}

}  // namespace

std::string accelsimStats(const json& run) {
  std::string out = fmt::format(
      "# warpsim {}: workload {}, policy {}: {}; GPGPU-Sim/Accel-Sim names, meanings in "
      "doc/user-guide.md section 4\n\n",
      run.value("platform", ""), run.value("workload", ""), run.value("policy", ""),
      run.value("outcome", ""));
  Block b;
  Counts tot;
  double warpInsn = 0;
  for (const json& k : run.value("kernels", json::array())) {
    for (const auto& [key, v] : counts(k.value("stats", json::object()).value("gpu", json())))
      tot[key] += v;
    warpInsn += number(k, "warp_instructions");
    b.name = k.value("name", "");
    ++b.uid;
    b.cycles = number(k, "cycles");
    b.insn = number(k, "thread_instructions");
    b.totCycles = number(k, "start_cycle") + b.cycles;  // the kernel's end
    b.totInsn += b.insn;
    b.totWarpInsn = warpInsn;
    b.tot = tot;
    print(out, b);
  }
  if (run.value("outcome", "") != "finished") {  // the unfinished rest, up to the cycle limit
    const double end = number(run, "cycles");
    b.name = "(unfinished: " + run.value("outcome", std::string()) + ")";
    ++b.uid;
    b.cycles = end - b.totCycles;
    b.insn = number(run, "thread_instructions") - b.totInsn;
    b.totCycles = end;
    b.totInsn = number(run, "thread_instructions");
    b.totWarpInsn = number(run, "warp_instructions");
    b.tot = counts(run.value("gpu", json()));
    print(out, b);
  }
  return out;
}

}  // namespace warpsim
