#pragma once
// The resources of one SM that bound how many CTAs of a kernel it holds at once (ctaFit). The
// SM's parameters extend it (SmParams); the dispatcher needs nothing else of the SM.
#include <cstdint>

namespace warpsim {

struct CtaLimits {
  std::uint32_t maxWarps = 48;
  std::uint32_t maxCtas = 8;
  std::uint32_t maxThreads = 1536;
  std::uint32_t registers = 32768;
  std::uint64_t sharedMemBytes = 48 * 1024;
};

}  // namespace warpsim
