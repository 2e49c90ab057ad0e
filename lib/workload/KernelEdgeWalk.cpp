// edgewalk: CCWS Example 1, the inner loop of a graph kernel run by each scalar thread. Thread
// g owns node g, whose kEdges edges ({neighbour, weight}, 8 B) are stored one after another
// (compressed sparse rows): the thread walks them in order, so each lane re-references its own
// 128 B line 16 times (intra-thread locality; the lanes of a warp touch 32 different lines).
// Every edge also gathers the neighbour's rank from a hashed, scattered address in a 64 KiB
// table (L2-resident), whose lines the L1 rarely keeps: between two re-references of an edge line
// every other active warp brings in 32 edge and up to 32 rank lines, so with many warps the L1
// loses the edge lines first.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"
#include "warpsim/workload/WorkloadHash.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kThreadsPerCta = 256;
constexpr std::uint32_t kCtasPerSize = 4;
constexpr std::uint32_t kEdges = 32;     // edges per node: 256 B, two lines per lane
constexpr std::uint32_t kEdgeBytes = 8;  // {int node; int weight}
constexpr std::uint64_t kNeighbourSeed = 0x65646765;
constexpr std::uint64_t kRanks = 16384;  // 64 KiB of ranks: misses in the L1, hits in the L2

// Registers: r0 node record, r1 edge, r2 neighbour's rank, r3 sum.
constexpr std::uint8_t rNode = 0, rEdge = 1, rRank = 2, rSum = 3;

}  // namespace

Workload makeEdgeWalk(std::uint32_t size) {
  const std::uint32_t ctas = kCtasPerSize * size;
  constexpr Addr nodeRecs = arrayBase(0);  // {degree, starting_edge} per node, 8 B
  constexpr Addr edges = arrayBase(1);     // kEdges edges per node, sequential
  constexpr Addr rank = arrayBase(2);      // per node
  constexpr Addr out = arrayBase(3);       // per node

  ProgramBuilder b;
  b.load(MemSpace::Global, rNode, [](const LaneCtx& c) { return nodeRecs + c.gtid * 8; });
  b.alu(rSum);
  b.loop(kEdges,
         [&](ProgramBuilder& body) {
           body.load(
               MemSpace::Global, rEdge,
               [](const LaneCtx& c) { return edges + (c.gtid * kEdges + c.iter[0]) * kEdgeBytes; },
               {rNode});
           body.load(MemSpace::Global, rRank,
                     [](const LaneCtx& c) {
                       return rank + hashIds(kNeighbourSeed, c.gtid, c.iter[0]) % kRanks * kFloat;
                     },
                     {rEdge});
           body.alu(rSum, {rEdge, rRank, rSum});
         },
         {rNode});
  b.store(MemSpace::Global, [](const LaneCtx& c) { return out + c.gtid * kFloat; }, {rSum});

  Workload w;
  w.name = "edgewalk";
  w.kernels.push_back(makeSyntheticKernel("edgewalk", Dim3{ctas, 1, 1}, Dim3{kThreadsPerCta, 1, 1},
                                          16, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
