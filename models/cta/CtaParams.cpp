#include "warpsim/cta/CtaParams.h"

#include "warpsim/config/Config.h"

namespace warpsim {

void CtaParams::declare(ConfigSchema& s) {
  s.addUInt("gpu.kernel_launch_latency", 0,
            "core cycles from the end of the previous kernel (the start of the run, for the "
            "first) to the launch of a kernel's first CTA, counted in the kernel's cycles "
            "(GPGPU-Sim's -gpgpu_kernel_launch_latency)",
            0, 100000000);
}

CtaParams CtaParams::load(const Config& c) {
  CtaParams p;
  p.kernelLaunchLatency = c.getUInt("gpu.kernel_launch_latency");
  return p;
}

}  // namespace warpsim
