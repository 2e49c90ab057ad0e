// scalarprod: the shape of the CUDA SDK's scalarProd (Tripathy et al. Fig. 7, Table I: grid
// (128, 1)): one dot product of two vectors of 256 * 16 floats per CTA of 256 threads (a 1D
// grid of 16 * size CTAs). Thread t sums A[pos] * B[pos] over pos = base + t + 256 k,
// k = 0 .. 15: two iterated loads whose address moves 1 KiB per execution, so the instances of
// the same PC must be told apart (LEC). Then each thread stores its partial sum.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kThreads = 256;
constexpr std::uint32_t kIters = 16;
constexpr std::uint32_t kVector = kThreads * kIters;  // floats per CTA

// Registers: r0 index, r1 A[pos], r2 B[pos], r3 sum.
constexpr std::uint8_t rIdx = 0, rA = 1, rB = 2, rSum = 3;

}  // namespace

Workload makeScalarProd(std::uint32_t size) {
  auto elem = [](Addr base) {
    return [base](const LaneCtx& c) {
      return base + (c.cta * kVector + Addr{c.iter[0]} * kThreads + c.tid) * kFloat;
    };
  };
  ProgramBuilder b;
  b.alu(rIdx);
  b.alu(rSum);
  b.loop(kIters,
         [&](ProgramBuilder& k) {
           k.load(MemSpace::Global, rA, elem(arrayBase(0)), {rIdx});
           k.load(MemSpace::Global, rB, elem(arrayBase(1)), {rIdx});
           k.alu(rSum, {rSum, rA, rB});
           k.alu(rIdx, {rIdx});
         },
         {rIdx});
  b.store(MemSpace::Global,
          [](const LaneCtx& c) { return arrayBase(2) + (c.cta * kThreads + c.tid) * kFloat; },
          {rSum});

  Workload w;
  w.name = "scalarprod";
  w.kernels.push_back(makeSyntheticKernel("scalarprod", Dim3{16 * size, 1, 1}, Dim3{kThreads, 1, 1},
                                          16, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
