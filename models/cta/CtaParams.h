#pragma once
// The CTA dispatcher's own option: the kernel launch latency.
#include <cstdint>

#include "warpsim/core/Ids.h"

namespace warpsim {

class Config;
class ConfigSchema;

struct CtaParams {
  // gpu.kernel_launch_latency: core cycles from the end of the previous kernel (for the first
  // kernel, from the start of the run) until the kernel's first CTA is launched. The wait is
  // part of the kernel's cycles. 0 (the default): the next cycle, as without it.
  Cycle kernelLaunchLatency = 0;

  static void declare(ConfigSchema& schema);
  static CtaParams load(const Config& config);
};

}  // namespace warpsim
