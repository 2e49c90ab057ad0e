#pragma once
// Kernels run one at a time, in order. CTAs go to SMs round-robin, load-balanced, as OWL
// section 2.1 describes: CTA 0 to SM 0, CTA 1 to SM 1, ..., then more per SM while its
// resources (CTA slots, warps, threads, registers, shared memory) allow; a finished CTA's place
// is refilled with the next CTA. At most one CTA per SM per cycle. With a kernel launch latency
// (CtaParams), each kernel's first CTA waits that many cycles after the previous kernel ended.
#include <cstdint>
#include <functional>
#include <vector>

#include <systemc>

#include "warpsim/core/Clocked.h"
#include "warpsim/core/Watchdog.h"
#include "warpsim/cta/CtaLimits.h"
#include "warpsim/cta/CtaParams.h"
#include "warpsim/cta/ICtaHost.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

// How many CTAs of a kernel fit on one SM at once, and the resource that limits them.
struct CtaFit {
  std::uint32_t ctas = 0;
  const char* resource = "";  // the option naming the limiting resource
  std::uint64_t needed = 0;   // per CTA
  std::uint64_t available = 0;
};
CtaFit ctaFit(const KernelDesc& kernel, const CtaLimits& sm);
// ctaFit(kernel, sm).ctas: 0 when one CTA does not fit at all.
std::uint32_t ctasPerSm(const KernelDesc& kernel, const CtaLimits& sm);

class CtaDispatcher : public sc_core::sc_module,
                      public Clocked,
                      public ICtaListener,
                      public IDiagnosable {
 public:
  struct Hooks {
    std::function<void(const KernelDesc&, Cycle start, Cycle end)> kernelDone;
    std::function<void(Cycle end)> allDone;
  };

  CtaDispatcher(sc_core::sc_module_name name, const CtaLimits& sm, Hooks hooks,
                StatsRegistry& stats, const CtaParams& cta = {});
  // SM i is the i-th host added.
  void addHost(ICtaHost& host) {
    hosts_.push_back(&host);
    running_.push_back(0);
  }

  // Throws ConfigError when a kernel cannot fit on an SM at all. Call before the simulation,
  // or, for a model kept alive between runs, once the previous workload is done: its first
  // kernel then starts at cycle `from`. `workload` must outlive the run.
  void run(const Workload& workload, Cycle from = 0);
  bool done() const { return done_; }
  std::size_t currentKernel() const { return kernel_; }
  // Finished CTAs over all CTAs of the workload: how far the run has come.
  double shareDone() const;

  bool tick() override;
  void ctaFinished(SmId sm) override;
  void describeWaits(std::ostream& os) const override;

 private:
  void startKernel(Cycle start);

  CtaLimits sm_;
  Cycle launchLatency_ = 0;  // gpu.kernel_launch_latency
  std::vector<ICtaHost*> hosts_;
  Hooks hooks_;
  const Workload* workload_ = nullptr;
  std::size_t kernel_ = 0;
  std::uint64_t nextCta_ = 0;
  std::uint64_t finished_ = 0;
  std::uint64_t finishedBefore_ = 0, ctasTotal_ = 0;  // CTAs of earlier kernels; of all kernels
  std::uint32_t limit_ = 0;                           // CTAs per SM for the current kernel
  std::vector<std::uint32_t> running_;                // CTAs per SM
  std::uint32_t rr_ = 0;
  Cycle kernelStart_ = 0;
  Cycle launchFrom_ = 0;  // the current kernel's first CTA goes out no earlier than this cycle
  bool done_ = false;
  Counter ctasLaunched_, kernelsCompleted_;
};

}  // namespace warpsim
