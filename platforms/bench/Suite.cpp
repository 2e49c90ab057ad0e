#include "Suite.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <deque>
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

// A run's line of the table.
void printRow(const nlohmann::json& r) {
  const nlohmann::json& per = r["host_instructions_per_warp_inst"];
  const nlohmann::json& shape = r["rate_vs_same_shape"];
  std::cout << fmt::format(
      "{:<7} {:<14} {:<9} {:>11} {:>11} {:>8.2f} {:>10.0f} {:>11.0f} {:>10} {:>8.1f} {:>6}  {}\n",
      r["platform"].get<std::string>(), r["name"].get<std::string>(),
      r["source"].get<std::string>(), r["warp_instructions"].get<std::uint64_t>(),
      r["cycles"].get<std::uint64_t>(), r["wall_seconds"].get<double>(),
      r["warp_inst_per_s"].get<double>() / 1e3, r["cycles_per_s"].get<double>() / 1e3,
      per.is_null() ? std::string("n/a") : fmt::format("{:.0f}", per.get<double>()),
      r["peak_rss_kib"].get<double>() / 1024.0,
      shape.is_null() ? std::string("") : fmt::format("{:.2f}", shape.get<double>()),
      r["target_met"].get<bool>() ? "met" : "-");
  std::cout.flush();
}

class Suite {
 public:
  Suite(std::string self, std::string filter)
      : self_(std::move(self)),
        filter_(std::move(filter)),
        scratch_(std::filesystem::temp_directory_path() /
                 fmt::format("warpsim-bench-{}", getpid())) {
    std::filesystem::create_directories(scratch_);
  }
  ~Suite() {
    std::error_code ignored;
    std::filesystem::remove_all(scratch_, ignored);
  }

  // One measured run; `shape`: the run of the same shape whose rate this one is compared with.
  const nlohmann::json* run(const std::string& platform, const std::string& name,
                            const std::string& source, std::vector<std::string> args,
                            const nlohmann::json* shape = nullptr) {
    args.insert(args.begin(), {"--platform", platform, "--sched", "gto"});
    nlohmann::json r = runOne(self_, args, (scratch_ / "run.json").string());
    if (r.is_null() || r.is_discarded()) {
      std::cout << fmt::format("{:<7} {:<14} {:<9} FAILED\n", platform, name, source);
      ++failures_;
      return nullptr;
    }
    r["name"] = name;
    r["source"] = source;
    r["target_met"] = meetsTarget(r);
    r["rate_vs_same_shape"] = nullptr;
    if (shape) r["rate_vs_same_shape"] = rate(r) / rate(*shape);
    printRow(r);
    runs_.push_back(r);
    return &runs_.back();
  }

  // Writes the trace of a workload (`what`: --workload NAME or --launch-record DIR) into the
  // scratch directory, runs it (against `shape`, if any) and removes it; the run, or null.
  const nlohmann::json* runFromTrace(const std::string& platform, const std::string& name,
                                     std::vector<std::string> what,
                                     const nlohmann::json* shape = nullptr) {
    const std::string dir = (scratch_ / ("trace-" + name)).string();
    what.insert(what.begin(), {"--platform", platform, "--sched", "gto"});
    what.insert(what.end(), {"--write-trace", dir, "--max-cycles", "1"});
    if (runOne(self_, what, (scratch_ / "write.json").string()).is_null()) {
      std::cout << fmt::format("{:<7} {:<14} trace    FAILED to write\n", platform, name);
      ++failures_;
      return nullptr;
    }
    const nlohmann::json* r = run(platform, name, "trace", {"--trace", dir}, shape);
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return r;
  }

  bool wanted(const std::string& platform, const std::string& name,
              const std::string& source) const {
    return (platform + " " + name + " " + source).find(filter_) != std::string::npos;
  }
  int failures() const { return failures_; }
  const std::deque<nlohmann::json>& runs() const { return runs_; }

 private:
  // The rate that matters for the comparison: warp instructions per second (the same work).
  static double rate(const nlohmann::json& r) { return r["warp_inst_per_s"].get<double>(); }

  std::string self_, filter_;
  std::filesystem::path scratch_;
  std::deque<nlohmann::json> runs_;  // stable addresses for the shape comparisons
  int failures_ = 0;
};

// The Accel-Sim trace folders `dir` names: itself, if it holds a kernelslist.g, else each of its
// subfolders that does, by name. Each ends in its own name (the run's name), also where `dir`
// was given as "trace/" or ".".
std::vector<std::filesystem::path> traceFolders(const std::filesystem::path& dir) {
  if (std::filesystem::exists(dir / "kernelslist.g")) {
    const std::filesystem::path p = std::filesystem::absolute(dir).lexically_normal();
    return {p.has_filename() ? p : p.parent_path()};
  }
  std::vector<std::filesystem::path> found;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (std::filesystem::exists(e.path() / "kernelslist.g")) found.push_back(e.path());
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

int runSuite(const std::string& self, const std::string& jsonPath, const std::string& filter,
             const std::string& recordsDir, const std::string& tracesDir) {
  std::error_code ec;
  if (!recordsDir.empty() && !std::filesystem::is_directory(recordsDir, ec)) {
    std::cerr << "warpsim-bench: error: --records '" << recordsDir
              << "': not a folder (expected a folder of launch records, e.g. benchmarks/records)\n";
    return 1;
  }
  std::vector<std::filesystem::path> traces;
  if (!tracesDir.empty()) {
    try {
      if (std::filesystem::is_directory(tracesDir, ec)) traces = traceFolders(tracesDir);
    } catch (const std::filesystem::filesystem_error& e) {  // a folder it may not read
      std::cerr << "warpsim-bench: error: --traces '" << tracesDir << "': " << e.code().message()
                << "\n";
      return 1;
    }
    if (traces.empty()) {
      std::cerr << "warpsim-bench: error: --traces '" << tracesDir
                << "': no Accel-Sim trace there (expected a trace folder with a kernelslist.g, "
                   "or a folder of them)\n";
      return 1;
    }
  }
  Suite suite(self, filter);
  std::cout << fmt::format(
      "{:<7} {:<14} {:<9} {:>11} {:>11} {:>8} {:>10} {:>11} {:>10} {:>8} {:>6}  {}\n", "platform",
      "workload", "source", "warp inst", "cycles", "wall s", "K winst/s", "K cycles/s",
      "host/winst", "RSS MiB", "shape", "target");
  // The named workloads at their default sizes under GTO, as the issue measured; on fermi also
  // replayed from the Accel-Sim trace each writes (the same shape: its rate is compared).
  for (const char* platform : kPlatforms)
    for (const char* workload : kWorkloads) {
      const bool synthetic = suite.wanted(platform, workload, "synthetic");
      const bool traced =
          std::string(platform) == "fermi" && suite.wanted(platform, workload, "trace");
      if (!synthetic && !traced) continue;
      const nlohmann::json* base =
          suite.run(platform, workload, "synthetic", {"--workload", workload});
      if (traced && base) suite.runFromTrace(platform, workload, {"--workload", workload}, base);
    }
  // The CUDA benchmarks' launch records, PTX-driven on fermi, against the trace each writes:
  // the same instructions and addresses without the functional execution.
  if (!recordsDir.empty()) {
    std::vector<std::filesystem::path> records;
    for (const auto& e : std::filesystem::directory_iterator(recordsDir))
      if (std::filesystem::exists(e.path() / "launch.json")) records.push_back(e.path());
    std::sort(records.begin(), records.end());
    for (const std::filesystem::path& record : records) {
      const std::string name = record.filename().string();
      if (!suite.wanted("fermi", name, "ptx")) continue;
      const nlohmann::json* traced =
          suite.runFromTrace("fermi", name, {"--launch-record", record.string()});
      if (traced) suite.run("fermi", name, "ptx", {"--launch-record", record.string()}, traced);
    }
  }
  // Real Accel-Sim traces (recorded on GPUs, not written by warpsim) on every platform. They have
  // no synthetic twin, so no shape to compare with: the targets judge them as they do the rest.
  for (const std::filesystem::path& trace : traces)
    for (const char* platform : kPlatforms) {
      const std::string name = trace.filename().string();
      if (suite.wanted(platform, name, "real"))
        suite.run(platform, name, "real", {"--trace", trace});
    }
  if (!jsonPath.empty()) {
    nlohmann::json runs = nlohmann::json::array();
    for (const nlohmann::json& r : suite.runs()) runs.push_back(r);
    std::ofstream out(jsonPath);
    out << nlohmann::json{{"format", "warpsim-bench-suite"}, {"version", 2}, {"runs", runs}}.dump(1)
        << "\n";
    if (!out) {
      std::cerr << "warpsim-bench: error: cannot write " << jsonPath << "\n";
      return 1;
    }
  }
  return suite.failures() ? 1 : 0;
}

}  // namespace warpsim::bench
