// pchase: one warp with one active lane walks `footprint` bytes at `stride`, `passes` times;
// each load's address depends on the previous load's value, so exactly one load is in flight.
// The mean load latency of a warm pass is the unloaded latency of the level the footprint lives
// in (doc/platforms.md).
#include "config/ConfigSchema.h"
#include "workload/Kernels.h"
#include "workload/ProgramBuilder.h"
#include "workload/SyntheticWarpStream.h"
#include "workload/WorkloadLibrary.h"

namespace warpsim {

Workload makePchase(std::uint32_t passes, std::uint64_t footprint, std::uint64_t stride) {
  if (passes == 0 || stride == 0 || footprint < stride || footprint > kernels::kArrayRegion)
    throw ConfigError("workload 'pchase': passes " + std::to_string(passes) + ", footprint " +
                      std::to_string(footprint) + " B, stride " + std::to_string(stride) +
                      " B; allowed: passes >= 1, 1 B <= stride <= footprint <= 256 MiB");
  const auto steps = static_cast<std::uint32_t>(footprint / stride);
  constexpr Reg rPtr = 1;
  ProgramBuilder b;
  b.loop(passes, [&](ProgramBuilder& pass) {
    pass.loop(steps, [&](ProgramBuilder& body) {
      body.load(MemSpace::Global, rPtr,
                [stride](const LaneCtx& c) { return kernels::arrayBase(0) + c.iter[1] * stride; },
                {rPtr});
    });
  });
  Workload w;
  w.name = "pchase";
  w.kernels.push_back(
      makeSyntheticKernel("pchase", Dim3{1, 1, 1}, Dim3{1, 1, 1}, 16, 0, b.build()));
  return w;
}

namespace kernels {
Workload makePchase(std::uint32_t size) {
  return warpsim::makePchase(size, kPchaseFootprint, kPchaseStride);
}
}  // namespace kernels

}  // namespace warpsim
