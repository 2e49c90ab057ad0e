// cp: the shape of CP's cenergy kernel (Tripathy et al. Fig. 5, Table I: grid (8, 32)). A 2D
// grid of 8 x (4 * size) CTAs of 32x4 threads; each thread owns two points of an energy grid
// row of 512 floats (UNROLLX = 2: x and x + 256), loops over 16 atoms (constant-memory reads
// and arithmetic), then reads, updates and writes its two points. Byte strides of each global
// load: 128 between CTAs along x, 8192 along y, 2048 between the warps of a CTA (the paper's
// CP strides, §III).
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kGridX = 8;
constexpr std::uint32_t kBlockX = 32, kBlockY = 4;
constexpr std::uint32_t kRowFloats = kGridX * kBlockX * 2;  // gridDim.x * blockDim.x * UNROLLX
constexpr std::uint32_t kAtoms = 16;
constexpr Addr kAtomInfo = 0;  // constant memory: 4 floats per atom

// Registers: r0 atom index, r1..r4 atom fields, r5/r6 energies, r7/r8 grid values.
constexpr std::uint8_t rIdx = 0, rAtom = 1, rE1 = 5, rE2 = 6, rG1 = 7, rG2 = 8;

}  // namespace

Workload makeCp(std::uint32_t size) {
  constexpr Addr grid = arrayBase(0);
  auto point = [](std::uint32_t unroll) {
    return [unroll](const LaneCtx& c) {
      const Addr x = Addr{c.ctaX} * kBlockX + c.tidX + Addr{unroll} * kGridX * kBlockX;
      const Addr y = Addr{c.ctaY} * kBlockY + c.tidY;
      return grid + (y * kRowFloats + x) * kFloat;
    };
  };

  ProgramBuilder b;
  b.alu(rIdx);
  b.alu(rE1);
  b.alu(rE2);
  b.loop(kAtoms,
         [&](ProgramBuilder& k) {
           for (std::uint8_t f = 0; f < 4; ++f)
             k.load(
                 MemSpace::Constant, static_cast<std::uint8_t>(rAtom + f),
                 [f](const LaneCtx& c) { return kAtomInfo + (Addr{c.iter[0]} * 4 + f) * kFloat; },
                 {rIdx});
           k.alu(rAtom, {rAtom, rAtom + 1});
           k.sfu(rAtom, {rAtom, rAtom + 2});  // rsqrtf
           k.alu(rE1, {rE1, rAtom, rAtom + 3});
           k.alu(rE2, {rE2, rAtom, rAtom + 3});
           k.alu(rIdx, {rIdx});
         },
         {rIdx});
  b.load(MemSpace::Global, rG1, point(0));
  b.load(MemSpace::Global, rG2, point(1));
  b.alu(rG1, {rG1, rE1});
  b.alu(rG2, {rG2, rE2});
  b.store(MemSpace::Global, point(0), {rG1});
  b.store(MemSpace::Global, point(1), {rG2});

  Workload w;
  w.name = "cp";
  w.kernels.push_back(makeSyntheticKernel("cp", Dim3{kGridX, 4 * size, 1},
                                          Dim3{kBlockX, kBlockY, 1}, 16, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
