#include "Session.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "warpsim/common/Platform.h"
#include "warpsim/common/RunStats.h"
#include "warpsim/common/RunWorkload.h"
#include "warpsim/sched/PolicyRegistry.h"

namespace warpsim::cudart {
namespace {

std::string env(const char* name, const std::string& otherwise = "") {
  const char* v = std::getenv(name);
  return v && *v ? v : otherwise;
}

const Registries& registries() {
  static const Registries r{PolicyRegistry::withBuiltins()};
  return r;
}

const PlatformInfo& platformNamed(const std::string& name) {
  const PlatformInfo* p = findPlatform(name);
  if (p) return *p;
  std::string known;
  for (const PlatformInfo& i : platforms()) known += (known.empty() ? "" : ", ") + i.name;
  throw ConfigError("WARPSIM_PLATFORM = '" + name + "': allowed: " + known);
}

}  // namespace

Session::Session()
    : platform_(env("WARPSIM_PLATFORM", "fermi")),
      schema_(runSchema(registries())),
      config_(schema_) {
  const PlatformInfo& platform = platformNamed(platform_);
  config_.loadIniText(platform.iniText, platform.iniName);
  const std::string file = env("WARPSIM_CONFIG");
  if (!file.empty()) config_.loadIniFile(file);
  // WARPSIM_SET: key=value settings, separated by spaces or ';'.
  std::string sets = env("WARPSIM_SET");
  for (char& c : sets)
    if (c == ';') c = ' ';
  std::istringstream words(sets);
  for (std::string kv; words >> kv;) config_.setAssignment(kv, "WARPSIM_SET");
  quiet_ = env("WARPSIM_QUIET", "0") != "0";
  const std::string log = env("WARPSIM_PTXAS_LOG");
  if (!log.empty()) {
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) throw ConfigError("WARPSIM_PTXAS_LOG = '" + log + "': cannot read the file");
    ptxas_ = ptx::parsePtxasLog(text.str(), log);
  }
  const Registries configured = registries().configured(config_);
  quietSystemC();
  gpu_ = std::make_unique<Gpu>("gpu", GpuParams::load(config_, configured), configured, &config_,
                               stats_);
  gpu_->setResumable(true);
}

const ptx::PtxasFigures* Session::ptxas(const std::string& name) const {
  const auto f = ptxas_.find(name);
  return f == ptxas_.end() ? nullptr : &f->second;
}

LaunchOutcome Session::launch(KernelDesc kernel, const std::string& occupancySource) {
  LaunchOutcome out;
  if (!failure_.empty()) {
    out.error = failure_;
    out.fault = fault_;
    return out;
  }
  auto next = std::make_unique<Workload>();
  next->name = kernel.name;
  next->kernels.push_back(std::move(kernel));
  gpu_->run(*next);  // throws ConfigError when a CTA cannot fit: nothing ran
  current_ = std::move(next);
  const std::uint64_t warpsBefore = gpu_->warpInstructions();
  const Cycle start = gpu_->cycles();
  sc_core::sc_start();
  try {
    gpu_->engine().rethrowFailure();  // a fault inside the kernel (an access outside memory)
  } catch (const std::exception& e) {
    failure_ = e.what();
    fault_ = true;
  }
  if (failure_.empty() && gpu_->outcome() != Gpu::Outcome::Finished)
    failure_ = std::string(toString(gpu_->outcome())) + ": " + gpu_->diagnosis();
  if (!failure_.empty()) {
    out.error = failure_;
    out.fault = fault_;
    return out;
  }
  ++kernels_;
  out.finished = true;
  out.cycles = gpu_->cycles() - start;
  out.warpInstructions = gpu_->warpInstructions() - warpsBefore;
  if (!quiet_)
    std::cerr << "warpsim: kernel " << kernels_ << " " << current_->name << " <<<("
              << current_->kernels[0].grid.x << "," << current_->kernels[0].grid.y << ","
              << current_->kernels[0].grid.z << "),(" << current_->kernels[0].block.x << ","
              << current_->kernels[0].block.y << "," << current_->kernels[0].block.z << ")>>> on "
              << platform_ << ": " << out.cycles << " cycles, " << out.warpInstructions
              << " warp instructions, " << current_->kernels[0].regsPerThread
              << " registers/thread (" << occupancySource << ")\n";
  return out;
}

double Session::elapsedMs() const {
  return double(gpu_->cycles()) * double(gpu_->coreClock().periodPs()) * 1e-9;
}

void Session::finish() {
  if (finished_) return;
  finished_ = true;
  if (!failure_.empty()) return;  // a failed run writes no statistics
  const StatsFiles files{env("WARPSIM_STATS"), env("WARPSIM_CSV"), StatsFormat::Json};
  if (files.statsPath.empty() && files.csvPath.empty()) return;
  if (kernels_ == 0) {  // the GPU was only asked about (cudaGetDeviceProperties)
    std::cerr << "warpsim: no kernel ran; no statistics written\n";
    return;
  }
  gpu_->finalize();
  const nlohmann::json run =
      runStats({platform_, "CUDA program (" + std::to_string(kernels_) + " kernels)",
                config_.getString("sched.policy")},
               *gpu_, stats_);
  writeStatsFiles(files, run, stats_);
}

}  // namespace warpsim::cudart
