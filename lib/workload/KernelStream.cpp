// stream: c[i] = a[i] + b[i] over a grid-stride loop. Each warp instruction touches 32
// consecutive floats (one 128 B line); nothing is read twice, so it is bandwidth-bound.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kThreadsPerCta = 256;
constexpr std::uint32_t kCtasPerSize = 8;
constexpr std::uint32_t kElemsPerThread = 4;

// Registers: r0 index, r1 a[i], r2 b[i], r3 sum.
constexpr std::uint8_t rIdx = 0, rA = 1, rB = 2, rSum = 3;

}  // namespace

Workload makeStream(std::uint32_t size) {
  const std::uint32_t ctas = kCtasPerSize * size;
  const std::uint64_t stride = std::uint64_t{ctas} * kThreadsPerCta;  // threads in the grid
  // Iteration k of thread g handles element k * stride + g: a warp covers 32 consecutive ones.
  auto elem = [stride](Addr base) {
    return
        [stride, base](const LaneCtx& c) { return base + (c.iter[0] * stride + c.gtid) * kFloat; };
  };

  ProgramBuilder b;
  b.alu(rIdx);
  b.loop(kElemsPerThread,
         [&](ProgramBuilder& body) {
           body.load(MemSpace::Global, rA, elem(arrayBase(0)), {rIdx});
           body.load(MemSpace::Global, rB, elem(arrayBase(1)), {rIdx});
           body.alu(rSum, {rA, rB});
           body.store(MemSpace::Global, elem(arrayBase(2)), {rIdx, rSum});
           body.alu(rIdx, {rIdx});
         },
         {rIdx});

  Workload w;
  w.name = "stream";
  w.kernels.push_back(makeSyntheticKernel("stream", Dim3{ctas, 1, 1}, Dim3{kThreadsPerCta, 1, 1},
                                          16, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
