#include "warpsim/common/Totals.h"

#include <cstdint>
#include <string>

namespace warpsim {
namespace {

using nlohmann::json;

double ratio(double num, double den) {
  return den != 0 ? num / den : 0.0;
}

// A sum of counters, as the integer it is (exact below 2^53).
json count(double v) {
  return static_cast<std::uint64_t>(v < 0 ? 0 : v + 0.5);
}

// gpu.smN (N digits only, so not gpu.sm_total).
bool isSm(const std::string& name) {
  if (name.size() < 3 || name.compare(0, 2, "sm") != 0) return false;
  return name.find_first_not_of("0123456789", 2) == std::string::npos;
}

// `key` of `node`, or 0 when absent or not a number.
double number(const json& node, const std::string& key) {
  if (!node.is_object()) return 0;
  const auto it = node.find(key);
  return it != node.end() && it->is_number() ? it->get<double>() : 0.0;
}

// Sums `key` of the children of `gpu` that `pick` accepts, or of their block `block`.
template <typename Pick>
double sumOver(const json& gpu, Pick pick, const std::string& block, const std::string& key) {
  double total = 0;
  for (const auto& [name, child] : gpu.items()) {
    if (!pick(name) || !child.is_object()) continue;
    if (block.empty()) {
      total += number(child, key);
    } else if (child.contains(block)) {
      total += number(child[block], key);
    }
  }
  return total;
}

double sumSms(const json& gpu, const std::string& key, const std::string& block = "") {
  return sumOver(gpu, isSm, block, key);
}

double sumPrefixed(const json& gpu, const std::string& prefix, const std::string& key) {
  return sumOver(
      gpu, [&](const std::string& n) { return n.rfind(prefix, 0) == 0; }, "", key);
}

// Every `external_bytes` in the tree: blocks that move data to memory outside warpsim
// (BlockingBridge, doc/stats-reference.md "Blocks of a co-simulation").
double externalBytes(const json& node) {
  double total = 0;
  if (!node.is_object()) return 0;
  for (const auto& [name, child] : node.items()) {
    if (name == "external_bytes" && child.is_number()) total += child.get<double>();
    if (child.is_object()) total += externalBytes(child);
  }
  return total;
}

json cache(double accesses, double hits, double misses, double mergers, double threads) {
  return json{{"accesses", count(accesses)},
              {"hits", count(hits)},
              {"misses", count(misses)},
              {"mshr_merges", count(mergers)},
              {"hit_rate", ratio(hits, accesses)},
              {"miss_rate", ratio(misses, accesses)},
              {"mpki", ratio(1000.0 * misses, threads)}};
}

json smCycles(const json& gpu) {
  const double cycles = sumSms(gpu, "cycles");
  json shares = json::object();
  for (const char* c : {"issued", "memory_block", "no_warp", "scheduler_hold", "pipeline_stall",
                        "dependency_stall"})
    shares[c] = ratio(sumSms(gpu, std::string(c) + "_cycles"), cycles);
  return json{{"sm_cycles", count(cycles)}, {"shares", shares}};
}

json dram(const json& run, const json& gpu, double cycles) {
  const double channelBytes = sumPrefixed(gpu, "part", "bytes");
  const double external = externalBytes(gpu) + externalBytes(run.value("blocks", json()));
  const double bytes = channelBytes + external;
  const double coreMHz = number(run, "core_mhz");
  const double columnCommands = sumPrefixed(gpu, "part", "accesses");
  return json{{"bytes", count(bytes)},
              {"channel_bytes", count(channelBytes)},
              {"external_bytes", count(external)},
              {"bytes_per_cycle", ratio(bytes, cycles)},
              {"gb_per_s", ratio(bytes, cycles) * coreMHz / 1e3},
              {"column_commands", count(columnCommands)},
              {"rbl", ratio(sumPrefixed(gpu, "part", "row_hits"), columnCommands)},
              {"blp", ratio(sumPrefixed(gpu, "part", "busy_bank_cycles"),
                            sumPrefixed(gpu, "part", "busy_cycles"))},
              {"data_bus_utilisation", ratio(sumPrefixed(gpu, "part", "data_bus_cycles"),
                                             sumPrefixed(gpu, "part", "cycles"))},
              {"prefetches", count(sumPrefixed(gpu, "part", "prefetches"))}};
}

}  // namespace

json computeTotals(const json& run) {
  const json& gpu = run.contains("gpu") ? run["gpu"] : json::object();
  const double cycles = number(run, "cycles");
  const double threads = number(run, "thread_instructions");
  const double warps = number(run, "warp_instructions");
  json t;
  t["complete"] = run.value("outcome", "") == "finished";
  t["kernels_finished"] = run.contains("kernels") ? run["kernels"].size() : 0;
  t["cycles"] = count(cycles);
  t["warp_instructions"] = count(warps);
  t["thread_instructions"] = count(threads);
  t["ipc"] = ratio(threads, cycles);
  t["warp_ipc"] = ratio(warps, cycles);
  double sms = 0;
  for (const auto& item : gpu.items()) sms += isSm(item.key()) ? 1 : 0;
  t["sms"] = count(sms);
  t["sm_cycles"] = smCycles(gpu);
  double loadCount = 0, latencySum = 0;
  for (const auto& [name, sm] : gpu.items())
    if (isSm(name) && sm.contains("lsu") && sm["lsu"].contains("load_latency")) {
      loadCount += number(sm["lsu"]["load_latency"], "count");
      latencySum += number(sm["lsu"]["load_latency"], "sum");
    }
  t["memory_requests"] = count(sumSms(gpu, "requests", "lsu"));
  t["mean_load_latency"] = ratio(latencySum, loadCount);
  for (const char* l1 : {"l1d", "l1t", "l1c"})
    t[l1] = cache(sumSms(gpu, "accesses", l1), sumSms(gpu, "hits", l1), sumSms(gpu, "misses", l1),
                  sumSms(gpu, "mshr_merges", l1), threads);
  t["l2"] =
      cache(sumPrefixed(gpu, "l2_", "accesses"), sumPrefixed(gpu, "l2_", "hits"),
            sumPrefixed(gpu, "l2_", "misses"), sumPrefixed(gpu, "l2_", "mshr_merges"), threads);
  t["dram"] = dram(run, gpu, cycles);
  return t;
}

}  // namespace warpsim
