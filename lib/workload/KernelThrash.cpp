// thrash: kmeans-like distance computation. Thread g owns point g, whose 32 float features sit
// in one 128 B line (features[g * 32 + f]): every lane of a load touches a different line. The
// point is re-read once per cluster, so each warp reuses its own 32 lines (4 KiB); dozens of
// resident warps together overflow a small L1 and evict each other's lines. Centroids are read
// from constant memory, the same address in every lane.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kThreadsPerCta = 256;
constexpr std::uint32_t kFeatures = 32;
constexpr std::uint32_t kClusters = 5;

// Registers: r0 point address, r1 feature, r2 centroid, r3 difference, r4 distance,
// r5 best distance, r6 best cluster.
constexpr std::uint8_t rPoint = 0, rFeat = 1, rCent = 2, rDiff = 3, rDist = 4, rBest = 5, rWho = 6;

}  // namespace

Workload makeThrash(std::uint32_t size) {
  constexpr Addr features = arrayBase(0);
  constexpr Addr membership = arrayBase(1);
  constexpr Addr centroids = arrayBase(2);

  ProgramBuilder b;
  b.alu(rPoint);
  b.alu(rBest);
  b.loop(kClusters,
         [&](ProgramBuilder& cluster) {
           cluster.alu(rDist);
           cluster.loop(kFeatures,
                        [&](ProgramBuilder& feature) {
                          feature.load(MemSpace::Global, rFeat,
                                       [](const LaneCtx& c) {
                                         return features +
                                                (c.gtid * kFeatures + c.iter[1]) * kFloat;
                                       },
                                       {rPoint});
                          feature.load(MemSpace::Constant, rCent, [](const LaneCtx& c) {
                            return centroids + (Addr{c.iter[0]} * kFeatures + c.iter[1]) * kFloat;
                          });
                          feature.alu(rDiff, {rFeat, rCent});
                          feature.alu(rDist, {rDiff, rDiff, rDist});
                        },
                        {rPoint});
           cluster.alu(rWho, {rDist, rBest});
           cluster.alu(rBest, {rDist, rBest});
         },
         {rBest});
  b.store(MemSpace::Global, [](const LaneCtx& c) { return membership + c.gtid * kFloat; }, {rWho});

  Workload w;
  w.name = "thrash";
  w.kernels.push_back(makeSyntheticKernel("thrash", Dim3{size, 1, 1}, Dim3{kThreadsPerCta, 1, 1},
                                          24, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
