// ctareuse: MapReduce-like (OWL's PVC and IIX, Type-1 applications with intra-CTA locality).
// Each 128-thread CTA owns an 8 KiB block of the input; every warp of the CTA reads the whole
// block, twice, 32 floats (one 128 B access) per load: the 4 warps of a CTA reuse each other's
// lines (inter-warp, intra-CTA locality) and each warp its own on the second pass. Eight such
// CTAs (a full owl28 SM) touch 64 KiB, twice a 32 KiB L1, so the reuse survives only when few
// CTAs run at a time. Blocks of consecutive CTAs are adjacent, so they share DRAM rows.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kThreadsPerCta = 128;
constexpr std::uint32_t kCtasPerSize = 8;
constexpr Addr kBlockBytes = 8192;  // per CTA
constexpr std::uint32_t kPasses = 2;
// Each iteration loads two 128 B pieces, one from each half of the block.
constexpr std::uint32_t kIterations = kBlockBytes / (2 * kWarpSize * kFloat);

// Registers: r0 index, r1/r2 the two loaded values, r3 accumulator.
constexpr std::uint8_t rIdx = 0, rLo = 1, rHi = 2, rAcc = 3;

}  // namespace

Workload makeCtaReuse(std::uint32_t size) {
  constexpr Addr in = arrayBase(0), out = arrayBase(1);
  auto piece = [](Addr half) {
    return [half](const LaneCtx& c) {
      return in + Addr{c.cta} * kBlockBytes + half * (kBlockBytes / 2) +
             (Addr{c.iter[1]} * kWarpSize + c.lane) * kFloat;
    };
  };

  ProgramBuilder b;
  b.alu(rAcc);
  b.alu(rIdx);
  b.loop(kPasses,
         [&](ProgramBuilder& pass) {
           pass.loop(kIterations,
                     [&](ProgramBuilder& it) {
                       it.load(MemSpace::Global, rLo, piece(0), {rIdx});
                       it.load(MemSpace::Global, rHi, piece(1), {rIdx});
                       it.alu(rAcc, {rAcc, rLo, rHi});
                       it.alu(rIdx, {rIdx});
                     },
                     {rIdx});
         },
         {rIdx});
  b.store(MemSpace::Global, [](const LaneCtx& c) { return out + c.gtid * kFloat; }, {rAcc});

  Workload w;
  w.name = "ctareuse";
  w.kernels.push_back(makeSyntheticKernel("ctareuse", Dim3{kCtasPerSize * size, 1, 1},
                                          Dim3{kThreadsPerCta, 1, 1}, 16, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
