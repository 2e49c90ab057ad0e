#pragma once
// What a kernel launch tells the hardware: its grid, its resources, and how to obtain the
// instruction stream of each warp.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "warpsim/workload/IWarpStream.h"

namespace warpsim {

struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
  std::uint64_t count() const { return std::uint64_t{x} * y * z; }
};

struct KernelDesc {
  std::string name;
  Dim3 grid;
  Dim3 block;
  std::uint32_t regsPerThread = 16;
  std::uint32_t smemPerCta = 0;  // bytes
  // Creates the stream of warp `warpInCta` of CTA `cta` (linear index, x fastest).
  // Called when the CTA is launched on an SM, never per instruction.
  std::function<std::unique_ptr<IWarpStream>(CtaId cta, std::uint32_t warpInCta)> makeWarp;

  std::uint32_t threadsPerCta() const { return static_cast<std::uint32_t>(block.count()); }
  std::uint32_t warpsPerCta() const { return (threadsPerCta() + kWarpSize - 1) / kWarpSize; }
  std::uint64_t ctaCount() const { return grid.count(); }
  Dim3 ctaCoord(CtaId cta) const {
    const std::uint64_t i = cta.value();
    return Dim3{static_cast<std::uint32_t>(i % grid.x),
                static_cast<std::uint32_t>((i / grid.x) % grid.y),
                static_cast<std::uint32_t>(i / (std::uint64_t{grid.x} * grid.y))};
  }
};

// A workload is a sequence of kernels that run one at a time, in order.
struct Workload {
  std::string name;
  std::vector<KernelDesc> kernels;
  // A check of the results after the run (a launch record's expected outputs): "" when they
  // are right, else what differs. Empty: nothing to check.
  std::function<std::string()> check;
};

}  // namespace warpsim
