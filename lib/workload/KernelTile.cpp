// tile: C = A * B on N x N row-major floats (N = 32 * size) with 16x16 shared-memory tiles, one
// thread per element of C. Per k-tile each thread loads one element of A and of B from global
// memory into shared memory, the CTA synchronises, then the 16-step inner product (unrolled, as
// nvcc does) reads shared memory only; a second barrier protects the tiles from being
// overwritten. Few global accesses per ALU operation: compute-bound.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kTile = 16;
constexpr std::uint32_t kSidePerSize = 32;
constexpr Addr kSharedA = 0;                                      // As[16][16]
constexpr Addr kSharedB = Addr{kTile} * kTile * kFloat;           // Bs[16][16]
constexpr std::uint32_t kSmemBytes = 2 * kTile * kTile * kFloat;  // 2 KiB

// Registers: r0 accumulator, r1 index, r2/r3 global A/B elements, r4..r11 shared operands
// (four pairs in rotation, so consecutive steps of the unrolled product are independent).
constexpr std::uint8_t rAcc = 0, rIdx = 1, rA = 2, rB = 3, rOperands = 4;

}  // namespace

Workload makeTile(std::uint32_t size) {
  const std::uint64_t n = std::uint64_t{kSidePerSize} * size;
  const Addr a = arrayBase(0), bMat = arrayBase(1), cMat = arrayBase(2);
  auto row = [](const LaneCtx& c) { return Addr{c.ctaY} * kTile + c.tidY; };
  auto col = [](const LaneCtx& c) { return Addr{c.ctaX} * kTile + c.tidX; };
  auto ownSlot = [](const LaneCtx& c) { return Addr{c.tidY} * kTile + c.tidX; };

  ProgramBuilder b;
  b.alu(rAcc);
  b.alu(rIdx);
  b.loop(static_cast<std::uint32_t>(n / kTile),
         [&](ProgramBuilder& k) {
           k.load(MemSpace::Global, rA,
                  [=](const LaneCtx& c) {
                    return a + (row(c) * n + Addr{c.iter[0]} * kTile + c.tidX) * kFloat;
                  },
                  {rIdx});
           k.load(MemSpace::Global, rB,
                  [=](const LaneCtx& c) {
                    return bMat + ((Addr{c.iter[0]} * kTile + c.tidY) * n + col(c)) * kFloat;
                  },
                  {rIdx});
           k.store(MemSpace::Shared,
                   [=](const LaneCtx& c) { return kSharedA + ownSlot(c) * kFloat; }, {rA});
           k.store(MemSpace::Shared,
                   [=](const LaneCtx& c) { return kSharedB + ownSlot(c) * kFloat; }, {rB});
           k.barrier();
           for (std::uint32_t step = 0; step < kTile; ++step) {
             const auto ra = static_cast<std::uint8_t>(rOperands + 2 * (step % 4));
             const auto rb = static_cast<std::uint8_t>(ra + 1);
             k.load(MemSpace::Shared, ra, [step](const LaneCtx& c) {
               return kSharedA + (Addr{c.tidY} * kTile + step) * kFloat;
             });
             k.load(MemSpace::Shared, rb, [step](const LaneCtx& c) {
               return kSharedB + (Addr{step} * kTile + c.tidX) * kFloat;
             });
             k.alu(rAcc, {ra, rb, rAcc});
           }
           k.barrier();
           k.alu(rIdx, {rIdx});
         },
         {rIdx});
  b.store(MemSpace::Global, [=](const LaneCtx& c) { return cMat + (row(c) * n + col(c)) * kFloat; },
          {rAcc});

  const auto side = static_cast<std::uint32_t>(n / kTile);
  Workload w;
  w.name = "tile";
  w.kernels.push_back(makeSyntheticKernel("tile", Dim3{side, side, 1}, Dim3{kTile, kTile, 1}, 28,
                                          kSmemBytes, b.build()));
  return w;
}

}  // namespace warpsim::kernels
