#include "warpsim/cta/CtaDispatcher.h"

#include <algorithm>
#include <ostream>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

CtaFit ctaFit(const KernelDesc& k, const CtaLimits& sm) {
  const std::uint64_t warps = k.warpsPerCta();
  // Registers are allocated per warp, 32 lanes each, as hardware does.
  const std::uint64_t regs = std::uint64_t{k.regsPerThread} * warps * kWarpSize;
  const CtaFit limits[] = {
      {sm.maxCtas, "sm.max_ctas", 1, sm.maxCtas},
      {0, "sm.max_threads", k.threadsPerCta(), sm.maxThreads},
      {0, "sm.max_warps", warps, sm.maxWarps},
      {0, "sm.registers", regs, sm.registers},
      {0, "sm.shared_mem", k.smemPerCta, sm.sharedMemBytes},
  };
  CtaFit best = limits[0];
  for (CtaFit f : limits) {
    if (f.needed == 0) continue;
    f.ctas = static_cast<std::uint32_t>(std::min<std::uint64_t>(f.available / f.needed, 1u << 30));
    if (f.ctas < best.ctas) best = f;
  }
  return best;
}

std::uint32_t ctasPerSm(const KernelDesc& k, const CtaLimits& sm) {
  return ctaFit(k, sm).ctas;
}

CtaDispatcher::CtaDispatcher(sc_core::sc_module_name name, const CtaLimits& sm, Hooks hooks,
                             StatsRegistry& stats, const CtaParams& cta)
    : sc_core::sc_module(name),
      sm_(sm),
      launchLatency_(cta.kernelLaunchLatency),
      hooks_(std::move(hooks)) {
  stats.addCounter(std::string(this->name()) + ".ctas_launched", ctasLaunched_);
  stats.addCounter(std::string(this->name()) + ".kernels_completed", kernelsCompleted_);
}

void CtaDispatcher::run(const Workload& workload, Cycle from) {
  for (const KernelDesc& k : workload.kernels) {
    if (k.ctaCount() == 0 || k.threadsPerCta() == 0)
      throw ConfigError("workload '" + workload.name + "', kernel '" + k.name +
                        "': empty grid or block");
    const CtaFit fit = ctaFit(k, sm_);
    if (fit.ctas == 0)
      throw ConfigError("workload '" + workload.name + "', kernel '" + k.name +
                        "': one CTA does not fit on an SM: it needs " + std::to_string(fit.needed) +
                        " of " + fit.resource + " = " + std::to_string(fit.available));
  }
  workload_ = &workload;
  kernel_ = 0;
  finishedBefore_ = ctasTotal_ = 0;
  for (const KernelDesc& k : workload.kernels) ctasTotal_ += k.ctaCount();
  done_ = workload.kernels.empty();
  if (!done_) startKernel(from);
}

double CtaDispatcher::shareDone() const {
  if (ctasTotal_ == 0) return done_ ? 1.0 : 0.0;
  const std::uint64_t current = done_ ? 0 : finished_;
  return double(finishedBefore_ + current) / double(ctasTotal_);
}

void CtaDispatcher::startKernel(Cycle start) {
  nextCta_ = finished_ = 0;
  rr_ = 0;
  limit_ = ctasPerSm(workload_->kernels[kernel_], sm_);
  kernelStart_ = start;
  launchFrom_ = start + launchLatency_;
  if (launchLatency_ == 0)
    wake();
  else
    wakeAt(launchFrom_);  // the kernel launch latency: nothing to do until then
}

bool CtaDispatcher::tick() {
  if (done_ || !workload_) return false;
  if (now() < launchFrom_) return false;  // still launching the kernel; wakeAt is on its way
  const KernelDesc& k = workload_->kernels[kernel_];
  const auto n = static_cast<std::uint32_t>(hosts_.size());
  bool launched = false;
  std::uint32_t last = 0;
  for (std::uint32_t i = 0; i < n && nextCta_ < k.ctaCount(); ++i) {
    const std::uint32_t s = (rr_ + i) % n;
    if (running_[s] >= limit_) continue;
    ++running_[s];
    ctasLaunched_.inc();
    hosts_[s]->launchCta(k, CtaId{static_cast<std::uint32_t>(nextCta_++)});
    launched = true;
    last = s;
  }
  if (launched) rr_ = (last + 1) % n;  // the next CTA goes to the SM after the last one served
  // With CTAs left and a free place somewhere, keep going; otherwise a finishing CTA wakes us.
  return launched && nextCta_ < k.ctaCount();
}

void CtaDispatcher::ctaFinished(SmId sm) {
  --running_[sm.value()];
  const KernelDesc& k = workload_->kernels[kernel_];
  if (++finished_ < k.ctaCount()) {
    wake();
    return;
  }
  kernelsCompleted_.inc();
  finishedBefore_ += finished_;
  if (hooks_.kernelDone) hooks_.kernelDone(k, kernelStart_, now() + 1);
  if (++kernel_ < workload_->kernels.size()) {
    startKernel(now() + 1);  // its first CTAs go out next cycle
    return;
  }
  done_ = true;
  if (hooks_.allDone) hooks_.allDone(now() + 1);
}

void CtaDispatcher::describeWaits(std::ostream& os) const {
  if (done_ || !workload_) return;
  const KernelDesc& k = workload_->kernels[kernel_];
  os << name() << ": kernel " << kernel_ << " '" << k.name << "': ";
  if (nextCta_ == 0 && launchFrom_ > kernelStart_)
    os << "launch latency until cycle " << launchFrom_ << "; ";
  os << nextCta_ << "/" << k.ctaCount() << " CTAs launched, " << finished_
     << " finished; CTAs per SM:";
  for (std::uint32_t r : running_) os << " " << r;
  os << " (limit " << limit_ << ")\n";
}

}  // namespace warpsim
