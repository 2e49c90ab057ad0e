// The statistics JSON a platform writes with --stats: its shape and the sums that must hold.
#include <catch2/catch.hpp>

#include <set>

#include "PlatformTestSupport.h"

using namespace warpsim::test;
using nlohmann::json;

namespace {

json statsOf(const std::string& workload) {
  ScratchDir dir;
  const ToolRun r = runFermi("--workload " + workload + " --stats " + dir.file("s.json"));
  REQUIRE(r.exitCode == 0);
  return readJson(dir.file("s.json"));
}

// Sums `key` over gpu.sm0, gpu.sm1, ...
std::uint64_t sumOverSms(const json& s, const std::string& key) {
  std::uint64_t total = 0;
  for (const auto& [name, sm] : s["gpu"].items())
    if (name.rfind("sm", 0) == 0 && name != "sm_total") total += sm[key].get<std::uint64_t>();
  return total;
}

}  // namespace

TEST_CASE("stats json: the top-level keys and what they hold") {
  const json s = statsOf("stream");
  std::set<std::string> keys;
  for (const auto& [k, v] : s.items()) keys.insert(k);
  CHECK(keys == std::set<std::string>{"blocks", "core_mhz", "cycles", "gpu", "ipc", "kernels",
                                      "outcome", "platform", "policy", "thread_instructions",
                                      "totals", "warp_instructions", "workload"});
  CHECK(s["blocks"] == json::object());  // nothing outside the Gpu on a platform
  CHECK(s["platform"] == "fermi");
  CHECK(s["core_mhz"] == 700.0);  // fermi.ini: clock.core
  CHECK(s["workload"] == "stream (size 1)");
  CHECK(s["policy"] == "lrr");
  CHECK(s["outcome"] == "finished");
  CHECK(s["warp_instructions"] == 1664);
  CHECK(s["thread_instructions"] == 1664 * 32);  // stream never diverges
  CHECK(s["cycles"].get<std::uint64_t>() > 0);
  REQUIRE(s["kernels"].is_array());
  CHECK(s["kernels"].size() == 1);
}

TEST_CASE("stats json: ipc is thread instructions per cycle") {
  const json s = statsOf("graph");
  const double expected = s["thread_instructions"].get<double>() / s["cycles"].get<double>();
  CHECK(s["ipc"].get<double>() == Approx(expected).epsilon(1e-12));
}

TEST_CASE("stats json: the gpu tree holds the dispatcher, every SM, the crossbar and partitions") {
  const json s = statsOf("stream");
  std::set<std::string> blocks;
  for (const auto& [k, v] : s["gpu"].items()) blocks.insert(k);
  CHECK(blocks == std::set<std::string>{"dispatcher", "icnt", "l2_0", "l2_1", "l2_2", "l2_3",
                                        "l2_4", "l2_5", "part0", "part1", "part2", "part3", "part4",
                                        "part5", "sm0", "sm1", "sm_total"});
  CHECK(s["gpu"]["dispatcher"]["ctas_launched"] == 8);
  CHECK(s["gpu"]["dispatcher"]["kernels_completed"] == 1);
  CHECK(s["gpu"]["sm0"].contains("lsu"));
  CHECK(s["gpu"]["sm0"]["lsu"]["load_latency"].contains("buckets"));
}

TEST_CASE("stats json: per-SM instructions add up to the totals") {
  const json s = statsOf("graph");
  CHECK(sumOverSms(s, "warp_instructions") == s["warp_instructions"].get<std::uint64_t>());
  CHECK(sumOverSms(s, "thread_instructions") == s["thread_instructions"].get<std::uint64_t>());
  CHECK(sumOverSms(s, "ctas_completed") == 4);
  // gpu.sm_total holds the same sums; its cycles are SM cycles and its IPC the mean per SM.
  for (const char* key : {"warp_instructions", "thread_instructions", "ctas_completed",
                          "memory_block_cycles", "pipeline_stall_cycles"})
    CHECK(s["gpu"]["sm_total"][key].get<std::uint64_t>() == sumOverSms(s, key));
  const json& t = s["gpu"]["sm_total"];
  CHECK(t["sm_cycles"].get<std::uint64_t>() == sumOverSms(s, "cycles"));
  CHECK(t["ipc_per_sm"].get<double>() == Approx(s["ipc"].get<double>() / 2).epsilon(1e-12));
  CHECK_FALSE(t.contains("cycles"));
  CHECK_FALSE(t.contains("ipc"));
}

TEST_CASE("stats json: each SM accounts every cycle of the run in exactly one category") {
  const json s = statsOf("stencil");
  const std::uint64_t cycles = s["cycles"];
  for (const char* sm : {"sm0", "sm1"}) {
    INFO(sm);
    const json& m = s["gpu"][sm];
    CHECK(m["cycles"] == cycles);
    CHECK(m["issued_cycles"].get<std::uint64_t>() + m["memory_block_cycles"].get<std::uint64_t>() +
              m["no_warp_cycles"].get<std::uint64_t>() +
              m["scheduler_hold_cycles"].get<std::uint64_t>() +
              m["pipeline_stall_cycles"].get<std::uint64_t>() +
              m["dependency_stall_cycles"].get<std::uint64_t>() ==
          cycles);
  }
}

TEST_CASE("stats json: per-kernel warp instructions add up to the totals (stencil, 4 kernels)") {
  const json s = statsOf("stencil");
  REQUIRE(s["kernels"].size() == 4);
  std::uint64_t warp = 0, thread = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK(s["kernels"][k]["name"] == "stencil.t" + std::to_string(k));
    warp += s["kernels"][k]["warp_instructions"].get<std::uint64_t>();
    thread += s["kernels"][k]["thread_instructions"].get<std::uint64_t>();
  }
  CHECK(warp == s["warp_instructions"].get<std::uint64_t>());
  CHECK(thread == s["thread_instructions"].get<std::uint64_t>());
}

TEST_CASE("stats json: per-kernel cycles tile the run: back to back, adding up to the total") {
  const json s = statsOf("stencil");
  const json& k = s["kernels"];
  REQUIRE(k.size() == 4);
  CHECK(k[0]["start_cycle"] == 0);
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < k.size(); ++i) {
    INFO("kernel " << i);
    if (i > 0)
      CHECK(k[i]["start_cycle"].get<std::uint64_t>() ==
            k[i - 1]["start_cycle"].get<std::uint64_t>() + k[i - 1]["cycles"].get<std::uint64_t>());
    sum += k[i]["cycles"].get<std::uint64_t>();
  }
  CHECK(sum == s["cycles"].get<std::uint64_t>());
}

TEST_CASE("stats json: a kernel's own stats tree holds its share of each SM's counters") {
  const json s = statsOf("stencil");
  for (const char* sm : {"sm0", "sm1"}) {
    INFO(sm);
    std::uint64_t warp = 0;
    for (const json& k : s["kernels"])
      warp += k["stats"]["gpu"][sm]["warp_instructions"].get<std::uint64_t>();
    CHECK(warp == s["gpu"][sm]["warp_instructions"].get<std::uint64_t>());
  }
}
