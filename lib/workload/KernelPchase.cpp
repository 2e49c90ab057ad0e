// pchase: one warp with one active lane walks `footprint` bytes at `stride`, `passes` times;
// each load's address depends on the previous load's value, so exactly one load is in flight.
// The mean load latency of a warm pass is the unloaded latency of the level the footprint lives
// in (doc/platforms.md).
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"
#include "warpsim/workload/WorkloadLibrary.h"

namespace warpsim {

Workload makePchase(std::uint32_t passes, std::uint64_t footprint, std::uint64_t stride) {
  if (passes == 0 || passes > 4096 || stride == 0 || footprint < stride ||
      footprint > kernels::kArrayRegion)
    throw ConfigError("workload 'pchase': passes " + std::to_string(passes) + ", footprint " +
                      std::to_string(footprint) + " B, stride " + std::to_string(stride) +
                      " B; allowed: 1 <= passes <= 4096, 1 B <= stride <= footprint <= 256 MiB");
  const auto steps = static_cast<std::uint32_t>(footprint / stride);
  // One load in flight at a time, hundreds of cycles each: 2^24 loads already take minutes of
  // simulation; a 256 MiB footprint at a 1 B stride (2^30 loads a pass) would take days.
  constexpr std::uint64_t kMaxLoads = std::uint64_t{1} << 24;
  if (std::uint64_t{passes} * steps > kMaxLoads)
    throw ConfigError("workload 'pchase': " + std::to_string(passes) + " passes x footprint " +
                      std::to_string(footprint) + " B / stride " + std::to_string(stride) +
                      " B = " + std::to_string(std::uint64_t{passes} * steps) +
                      " dependent loads; allowed: at most " + std::to_string(kMaxLoads) +
                      " (fewer passes, workload.size, or a larger workload.pchase_stride)");
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
