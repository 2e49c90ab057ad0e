// The core side of the mapping: clocks, SM count and resources, scheduler, functional-unit
// latencies and widths, kernel launch latency, cycle limit.
#include <algorithm>
#include <string>

#include "warpsim/config/ValueText.h"
#include "warpsim/config/gpgpusim/Importer.h"
#include "warpsim/config/gpgpusim/Units.h"
#include "warpsim/config/gpgpusim/Values.h"

namespace warpsim::gpgpusim {
namespace {

constexpr std::uint32_t kWarpSize = 32;
constexpr std::uint32_t kMaxWarps = 64;  // warpsim's and GPGPU-Sim's (MAX_WARP_PER_SHADER) limit

void mapClocks(Importer& imp) {
  const OptionEntry* e = imp.get("-gpgpu_clock_domains");
  if (e == nullptr) return;
  const std::array<double, 4> mhz = clockDomains(*e);
  const char* keys[] = {"clock.core", "clock.icnt", "clock.l2", "clock.dram"};
  for (std::size_t i = 0; i < 4; ++i) imp.set(keys[i], config::formatDouble(mhz[i]), *e);
}

void mapSms(Importer& imp) {
  const OptionEntry* clusters = imp.get("-gpgpu_n_clusters");
  const OptionEntry* cores = imp.get("-gpgpu_n_cores_per_cluster");
  if (clusters == nullptr && cores == nullptr) return;
  // GPGPU-Sim's defaults for the one not given: 10 clusters of 3 cores.
  const std::uint64_t c = clusters ? uintValue(*clusters, 1) : 10;
  const std::uint64_t k = cores ? uintValue(*cores, 1) : 3;
  const OptionEntry& from = clusters ? *clusters : *cores;
  if (!clusters || !cores)
    imp.note(from, std::string("the other of -gpgpu_n_clusters / -gpgpu_n_cores_per_cluster is "
                               "not given: GPGPU-Sim's default ") +
                       (clusters ? "3 cores per cluster" : "10 clusters"));
  imp.set("gpu.sms", std::to_string(c * k), from);
}

void mapPipeline(Importer& imp) {
  const OptionEntry* e = imp.get("-gpgpu_shader_core_pipeline");
  if (e == nullptr) return;
  const char* allowed =
      "<threads per SM>:32, threads a multiple of 32 and at most 2048 (64 warps, warpsim's and "
      "GPGPU-Sim's limit), e.g. 1536:32";
  if (!e->hasValue) badValue(*e, "no value after the option", allowed);
  const auto colon = e->value.find(':');
  std::uint64_t threads = 0, warp = 0;
  if (colon == std::string::npos || !config::parseUInt(e->value.substr(0, colon), threads))
    badValue(*e, "not <threads>:<warp size>", allowed);
  std::string rest = e->value.substr(colon + 1);
  const auto second = rest.find(':');
  if (second != std::string::npos) {  // GPGPU-Sim 3.0's third field: the SIMD width
    imp.notModelled(*e, "the third field (SIMD width): warpsim's widths come from sm.*_lanes");
    rest = rest.substr(0, second);
  }
  if (!config::parseUInt(rest, warp)) badValue(*e, "not <threads>:<warp size>", allowed);
  if (warp != kWarpSize)
    badValue(*e, "warp size " + std::to_string(warp) + " (warpsim's is 32)", allowed);
  if (threads == 0 || threads % kWarpSize != 0)
    badValue(*e, std::to_string(threads) + " threads is not a multiple of 32", allowed);
  if (threads / kWarpSize > kMaxWarps)
    badValue(*e, std::to_string(threads / kWarpSize) + " warps per SM, above 64", allowed);
  imp.set("sm.max_threads", std::to_string(threads), *e);
  imp.set("sm.max_warps", std::to_string(threads / kWarpSize), *e);
}

// Options that set one warpsim value, unchanged.
void mapDirect(Importer& imp) {
  struct Direct {
    const char* option;
    const char* key;
  };
  for (const Direct& d : {Direct{"-gpgpu_shader_cta", "sm.max_ctas"},
                          Direct{"-gpgpu_shader_registers", "sm.registers"},
                          Direct{"-gpgpu_shmem_size", "sm.shared_mem"},
                          Direct{"-gpgpu_num_sched_per_core", "sm.schedulers"},
                          Direct{"-gpgpu_shmem_num_banks", "lsu.shared_banks"},
                          Direct{"-smem_latency", "lsu.shared_latency"},
                          Direct{"-gpgpu_smem_latency", "lsu.shared_latency"},  // wins
                          Direct{"-gpgpu_l1_latency", "l1d.hit_latency"},
                          Direct{"-gpgpu_kernel_launch_latency", "gpu.kernel_launch_latency"},
                          Direct{"-gpgpu_max_cycle", "sim.max_cycles"}}) {
    if (const OptionEntry* e = imp.get(d.option)) imp.set(d.key, std::to_string(uintValue(*e)), *e);
  }
}

// two_level_active and warp_limiting prioritisations: 0 LRR, 1 SRR, 2 GTO (GPGPU-Sim's enum).
std::string order(const OptionEntry& e, const std::string& field, const char* allowed) {
  if (field == "0" || field == "1") return "rr";
  if (field == "2") return "gto";
  badValue(e, "prioritisation '" + field + "' is not 0 (LRR), 1 (SRR) or 2 (GTO)", allowed);
}

void mapScheduler(Importer& imp) {
  const OptionEntry* e = imp.get("-gpgpu_scheduler");
  if (e == nullptr) return;
  const char* allowed =
      "lrr, gto, two_level_active:<active warps>:<inner 0|1|2>:<outer 0|1|2>, "
      "warp_limiting:2:<warps per scheduler> (GPGPU-Sim's rrr and old are not modelled)";
  if (!e->hasValue) badValue(*e, "no value after the option", allowed);
  std::vector<std::string> f;
  for (std::size_t start = 0;;) {
    const auto colon = e->value.find(':', start);
    f.push_back(config::trim(e->value.substr(start, colon - start)));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  auto number = [&](const std::string& text, std::uint64_t max) {
    std::uint64_t v = 0;
    if (!config::parseUInt(text, v) || v == 0 || v > max)
      badValue(*e, "'" + text + "' is not a warp count from 1 to " + std::to_string(max), allowed);
    return v;
  };
  const std::string& kind = f[0];
  if ((kind == "lrr" || kind == "gto") && f.size() == 1) {
    imp.set("sched.policy", kind, *e);
  } else if (kind == "two_level_active" && f.size() == 4) {
    imp.set("sched.policy", "2lvl", *e);
    imp.set("sched.group_size", std::to_string(number(f[1], kMaxWarps)), *e);
    imp.set("sched.inner", order(*e, f[2], allowed), *e);
    imp.set("sched.outer", order(*e, f[3], allowed), *e);
    imp.note(*e, "GPGPU-Sim's active pool of " + f[1] +
                     " warps (demoted while waiting on a long-latency operand) is approximated by "
                     "warpsim's 2lvl fetch groups of that many warps");
  } else if (kind == "warp_limiting" && f.size() == 3) {
    if (f[1] != "2") badValue(*e, "prioritisation '" + f[1] + "': only 2 (GTO) exists", allowed);
    // GPGPU-Sim limits each scheduler's warps; warpsim's limit is per SM.
    const std::uint64_t perScheduler = number(f[2], kMaxWarps);
    const std::uint64_t limit =
        std::min<std::uint64_t>(perScheduler * imp.uintOf("sm.schedulers"), kMaxWarps);
    imp.set("sched.policy", "swl", *e);
    imp.set("sched.swl_limit", std::to_string(limit), *e);
  } else if ((kind == "rrr" || kind == "old") && f.size() == 1) {
    imp.notModelled(*e, "the '" + kind +
                            "' scheduler: warpsim's policies are listed by --list-policies; "
                            "sched.policy is left as it was");
  } else {
    badValue(*e, "not a scheduler warpsim knows", allowed);
  }
}

// A unit's latency and initiation interval, and the options they came from.
struct UnitTiming {
  const OptionEntry* latencyFrom = nullptr;
  const OptionEntry* intervalFrom = nullptr;
  std::uint32_t latency = 0, interval = 0;
};

// Entry `index` of a PTX "ADD,MAX,MUL,MAD,DIV" list.
bool ptxEntry(const Importer& imp, const char* option, std::size_t index, const OptionEntry*& from,
              std::uint32_t& value) {
  const OptionEntry* e = imp.get(option);
  if (e == nullptr) return false;
  value = uintList(*e, 5, "ADD,MAX,MUL,MAD,DIV", true)[index];
  from = e;
  return true;
}

bool single(const Importer& imp, const char* option, const OptionEntry*& from,
            std::uint32_t& value) {
  const OptionEntry* e = imp.get(option);
  if (e == nullptr) return false;
  value = static_cast<std::uint32_t>(uintValue(*e));
  from = e;
  return true;
}

// Accel-Sim's trace mode takes "<latency>,<initiation>" and ignores the PTX lists.
bool trace(const Importer& imp, const char* option, UnitTiming& t) {
  const OptionEntry* e = imp.get(option);
  if (e == nullptr) return false;
  const std::vector<std::uint32_t> v = uintList(*e, 2, "latency,initiation");
  t = UnitTiming{e, e, v[0], v[1]};
  return true;
}

void mapUnits(Importer& imp) {
  constexpr std::size_t kMad = 3, kDiv = 4;
  UnitTiming sp, sfu, dp, tensor;
  if (!trace(imp, "-trace_opcode_latency_initiation_sp", sp)) {
    ptxEntry(imp, "-ptx_opcode_latency_fp", kMad, sp.latencyFrom, sp.latency);
    ptxEntry(imp, "-ptx_opcode_initiation_fp", kMad, sp.intervalFrom, sp.interval);
  }
  if (!trace(imp, "-trace_opcode_latency_initiation_sfu", sfu)) {
    // PTX: the SFU's own latency, else the FP divide's (GPGPU-Sim runs it on the SFU).
    if (!single(imp, "-ptx_opcode_latency_sfu", sfu.latencyFrom, sfu.latency))
      ptxEntry(imp, "-ptx_opcode_latency_fp", kDiv, sfu.latencyFrom, sfu.latency);
    if (!single(imp, "-ptx_opcode_initiation_sfu", sfu.intervalFrom, sfu.interval))
      ptxEntry(imp, "-ptx_opcode_initiation_fp", kDiv, sfu.intervalFrom, sfu.interval);
  }
  if (!trace(imp, "-trace_opcode_latency_initiation_dp", dp)) {
    ptxEntry(imp, "-ptx_opcode_latency_dp", kMad, dp.latencyFrom, dp.latency);
    ptxEntry(imp, "-ptx_opcode_initiation_dp", kMad, dp.intervalFrom, dp.interval);
  }
  if (!trace(imp, "-trace_opcode_latency_initiation_tensor", tensor)) {
    single(imp, "-ptx_opcode_latency_tesnor", tensor.latencyFrom, tensor.latency);
    single(imp, "-ptx_opcode_initiation_tensor", tensor.intervalFrom, tensor.interval);
  }
  struct Unit {
    const char* name;
    const UnitTiming& t;
  };
  const Unit units[] = {{"sp", sp}, {"sfu", sfu}, {"dp", dp}, {"tensor", tensor}};
  // GPGPU-Sim's intervals are in core cycles, with no SIMT clock of a different speed.
  std::uint32_t ratio = static_cast<std::uint32_t>(imp.uintOf("sm.pipe_clock_ratio"));
  for (const Unit& u : units) {
    if (u.t.intervalFrom != nullptr && ratio != 1) {
      imp.set("sm.pipe_clock_ratio", "1", *u.t.intervalFrom);
      ratio = 1;
    }
  }
  for (const Unit& u : units) {
    const std::string prefix = std::string("sm.") + u.name;
    if (u.t.latencyFrom != nullptr)
      imp.set(prefix + "_latency", std::to_string(u.t.latency), *u.t.latencyFrom);
    if (u.t.intervalFrom == nullptr) continue;
    const OptionEntry& e = *u.t.intervalFrom;
    if (u.t.interval == 0)
      badValue(e, "an initiation interval of 0", "intervals of at least 1 issue cycle");
    const UnitWidth w = lanesForInterval(u.t.interval, ratio);
    imp.set(prefix + "_lanes", std::to_string(w.lanes), e);
    if (w.interval != u.t.interval)
      imp.notModelled(e, "a " + std::string(u.name) + " initiation interval of " +
                             std::to_string(u.t.interval) +
                             " cycles: warpsim's units take ceil(32 / lanes) issue cycles per "
                             "warp instruction, here " +
                             std::to_string(w.interval) + " (" + prefix +
                             "_lanes = " + std::to_string(w.lanes) + ")");
  }
}

}  // namespace

void mapCore(Importer& imp) {
  mapClocks(imp);  // first: later conversions use the imported clocks
  mapSms(imp);
  mapPipeline(imp);
  mapDirect(imp);
  mapScheduler(imp);
  mapUnits(imp);
}

}  // namespace warpsim::gpgpusim
