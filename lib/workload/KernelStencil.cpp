// stencil: 5-point Jacobi step on a W x H row-major float grid (W = H = 32 * size), one thread
// per point in 16x16-thread CTAs, one kernel per time step alternating two buffers. A warp
// covers two 16-float row segments; a CTA's north/south/west/east neighbours overlap the
// neighbouring CTAs' points (the halo), and CTAs consecutive in x cover consecutive columns of
// the same rows, hence the same DRAM rows. Borders are clamped.
#include <algorithm>
#include <string>

#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kTile = 16;
constexpr std::uint32_t kSidePerSize = 32;
constexpr std::uint32_t kTimeSteps = 4;

// Registers: r0 index, r1 centre, r2-r5 neighbours (N, S, W, E), r6-r7 sums, r8 result.
constexpr std::uint8_t rIdx = 0, rC = 1, rN = 2, rS = 3, rW = 4, rE = 5, rSum = 6, rSum2 = 7,
                       rOut = 8;

std::shared_ptr<const SyntheticProgram> stepProgram(std::uint32_t side, Addr in, Addr out) {
  const std::int64_t last = std::int64_t{side} - 1;
  // The point (x + dx, y + dy) of the thread's own point (x, y), clamped to the grid.
  auto at = [side, last](Addr base, int dx, int dy) {
    return [=](const LaneCtx& c) {
      const std::int64_t x = std::int64_t{c.ctaX} * kTile + c.tidX + dx;
      const std::int64_t y = std::int64_t{c.ctaY} * kTile + c.tidY + dy;
      const auto cx = static_cast<Addr>(std::clamp<std::int64_t>(x, 0, last));
      const auto cy = static_cast<Addr>(std::clamp<std::int64_t>(y, 0, last));
      return base + (cy * side + cx) * kFloat;
    };
  };
  ProgramBuilder b;
  b.alu(rIdx);
  b.load(MemSpace::Global, rC, at(in, 0, 0), {rIdx});
  b.load(MemSpace::Global, rN, at(in, 0, -1), {rIdx});
  b.load(MemSpace::Global, rS, at(in, 0, 1), {rIdx});
  b.load(MemSpace::Global, rW, at(in, -1, 0), {rIdx});
  b.load(MemSpace::Global, rE, at(in, 1, 0), {rIdx});
  b.alu(rSum, {rN, rS});
  b.alu(rSum2, {rW, rE});
  b.alu(rSum, {rSum, rSum2});
  b.alu(rOut, {rC, rSum});
  b.store(MemSpace::Global, at(out, 0, 0), {rIdx, rOut});
  return b.build();
}

}  // namespace

Workload makeStencil(std::uint32_t size) {
  const std::uint32_t side = kSidePerSize * size;
  const Dim3 grid{side / kTile, side / kTile, 1};
  const Dim3 block{kTile, kTile, 1};
  Workload w;
  w.name = "stencil";
  for (std::uint32_t t = 0; t < kTimeSteps; ++t) {
    const Addr in = arrayBase(t % 2);
    const Addr out = arrayBase((t + 1) % 2);
    w.kernels.push_back(makeSyntheticKernel("stencil.t" + std::to_string(t), grid, block, 20, 0,
                                            stepProgram(side, in, out)));
  }
  return w;
}

}  // namespace warpsim::kernels
