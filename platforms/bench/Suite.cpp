#include "Suite.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

extern char** environ;

namespace warpsim::bench {
namespace {

const char* const kPlatforms[] = {"fermi", "owl28", "ccws30"};
const char* const kWorkloads[] = {"cp",         "ctareuse", "edgewalk", "graph",  "pchase",
                                  "scalarprod", "stencil",  "stream",   "thrash", "tile"};

// The targets (doc/performance.md): 2 M warp instructions/s, or 1 M simulated cycles/s
// on fermi and 0.5 M on owl28 and ccws30.
bool meetsTarget(const nlohmann::json& r) {
  const double cyclesTarget = r["platform"] == "fermi" ? 1e6 : 5e5;
  return r["warp_inst_per_s"].get<double>() >= 2e6 ||
         r["cycles_per_s"].get<double>() >= cyclesTarget;
}

// One run of `self` with `args` writing its figures to `json`; the figures, or null.
nlohmann::json runOne(const std::string& self, std::vector<std::string> args,
                      const std::string& json) {
  args.insert(args.begin(), self);
  args.insert(args.end(), {"--json", json, "--quiet"});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // The run's own line goes nowhere: the suite prints its table.
  posix_spawn_file_actions_t quiet;
  posix_spawn_file_actions_init(&quiet);
  posix_spawn_file_actions_addopen(&quiet, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, self.c_str(), &quiet, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&quiet);
  if (spawned != 0) return nullptr;
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return nullptr;
  std::ifstream in(json);
  return nlohmann::json::parse(in, nullptr, false);
}

}  // namespace

int runSuite(const std::string& self, const std::string& jsonPath, const std::string& filter) {
  const std::string scratch =
      (std::filesystem::temp_directory_path() / fmt::format("warpsim-bench-{}.json", getpid()))
          .string();
  nlohmann::json runs = nlohmann::json::array();
  int failures = 0;
  std::cout << fmt::format("{:<7} {:<11} {:>11} {:>11} {:>8} {:>12} {:>11} {:>10} {:>9}  {}\n",
                           "platform", "workload", "warp inst", "cycles", "wall s", "K winst/s",
                           "K cycles/s", "host/winst", "RSS MiB", "target");
  for (const char* platform : kPlatforms)
    for (const char* workload : kWorkloads) {
      const std::string name = std::string(platform) + " " + workload;
      if (name.find(filter) == std::string::npos) continue;
      // GTO and the workload's default size, as the issue measured.
      nlohmann::json r =
          runOne(self, {"--platform", platform, "--workload", workload, "--sched", "gto"}, scratch);
      if (r.is_null() || r.is_discarded()) {
        std::cout << fmt::format("{:<7} {:<11} FAILED\n", platform, workload);
        ++failures;
        continue;
      }
      const nlohmann::json& per = r["host_instructions_per_warp_inst"];
      std::cout << fmt::format(
          "{:<7} {:<11} {:>11} {:>11} {:>8.2f} {:>12.0f} {:>11.0f} {:>10} {:>9.1f}  {}\n", platform,
          workload, r["warp_instructions"].get<std::uint64_t>(), r["cycles"].get<std::uint64_t>(),
          r["wall_seconds"].get<double>(), r["warp_inst_per_s"].get<double>() / 1e3,
          r["cycles_per_s"].get<double>() / 1e3,
          per.is_null() ? std::string("n/a") : fmt::format("{:.0f}", per.get<double>()),
          r["peak_rss_kib"].get<double>() / 1024.0, meetsTarget(r) ? "met" : "-");
      std::cout.flush();
      r["target_met"] = meetsTarget(r);
      runs.push_back(r);
    }
  std::remove(scratch.c_str());
  if (!jsonPath.empty()) {
    std::ofstream out(jsonPath);
    out << nlohmann::json{{"format", "warpsim-bench-suite"}, {"version", 1}, {"runs", runs}}.dump(1)
        << "\n";
    if (!out) {
      std::cerr << "warpsim-bench: error: cannot write " << jsonPath << "\n";
      return 1;
    }
  }
  return failures ? 1 : 0;
}

}  // namespace warpsim::bench
