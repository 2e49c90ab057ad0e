// graph: BFS-like expansion, one thread per node. Each node's degree is a hash of its id,
// 0..16 and skewed towards small values, so the lanes of a warp leave the edge loop at
// different iterations. Edge indices are read from the node's own run of 16 slots, then the
// neighbour's cost is gathered from a hashed, scattered address; a hashed predicate ("not yet
// visited") guards a store to the neighbour's visited flag.
#include "warpsim/workload/Kernels.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"
#include "warpsim/workload/WorkloadHash.h"

namespace warpsim::kernels {

namespace {

constexpr std::uint32_t kThreadsPerCta = 256;
constexpr std::uint32_t kCtasPerSize = 4;
constexpr std::uint32_t kMaxDegree = 16;
constexpr std::uint64_t kDegreeSeed = 0x67726170681;
constexpr std::uint64_t kNeighbourSeed = 0x6e65696768;
constexpr std::uint64_t kVisitSeed = 0x7669736974;

// Registers: r0 edge pointer, r1 row end, r2 degree, r3 neighbour, r4 its cost, r5 new cost.
constexpr std::uint8_t rEdge = 0, rEnd = 1, rDeg = 2, rNb = 3, rCost = 4, rNew = 5;

// (u * v) / 16 with u, v uniform in 0..16: range 0..16, mean 4, most nodes small.
std::uint32_t degree(std::uint64_t node) {
  const std::uint64_t h = hashIds(kDegreeSeed, node);
  const std::uint64_t u = h % (kMaxDegree + 1);
  const std::uint64_t v = (h >> 32) % (kMaxDegree + 1);
  return static_cast<std::uint32_t>(u * v / kMaxDegree);
}

}  // namespace

Workload makeGraph(std::uint32_t size) {
  const std::uint32_t ctas = kCtasPerSize * size;
  const std::uint64_t nodes = std::uint64_t{ctas} * kThreadsPerCta;
  constexpr Addr rowStart = arrayBase(0);  // nodes + 1 offsets
  constexpr Addr edges = arrayBase(1);     // kMaxDegree slots per node
  constexpr Addr cost = arrayBase(2);      // per node
  constexpr Addr visited = arrayBase(3);   // per node
  auto neighbour = [nodes](const LaneCtx& c) {
    return hashIds(kNeighbourSeed, c.gtid, c.iter[0]) % nodes;
  };

  ProgramBuilder b;
  b.load(MemSpace::Global, rEdge, [](const LaneCtx& c) { return rowStart + c.gtid * kFloat; });
  b.load(MemSpace::Global, rEnd, [](const LaneCtx& c) { return rowStart + (c.gtid + 1) * kFloat; });
  b.alu(rDeg, {rEdge, rEnd});
  b.loop([](const LaneCtx& c) { return degree(c.gtid); },
         [&](ProgramBuilder& body) {
           body.load(
               MemSpace::Global, rNb,
               [](const LaneCtx& c) { return edges + (c.gtid * kMaxDegree + c.iter[0]) * kFloat; },
               {rEdge});
           body.load(MemSpace::Global, rCost,
                     [neighbour](const LaneCtx& c) { return cost + neighbour(c) * kFloat; }, {rNb});
           body.alu(rNew, {rCost});
           body.ifThen(
               [](const LaneCtx& c) { return hashIds(kVisitSeed, c.gtid, c.iter[0]) % 4 == 0; },
               [&](ProgramBuilder& unvisited) {
                 unvisited.store(
                     MemSpace::Global,
                     [neighbour](const LaneCtx& c) { return visited + neighbour(c) * kFloat; },
                     {rNb, rNew});
               },
               {rNew});
           body.alu(rEdge, {rEdge});
         },
         {rEdge, rDeg});

  Workload w;
  w.name = "graph";
  w.kernels.push_back(
      makeSyntheticKernel("graph", Dim3{ctas, 1, 1}, Dim3{kThreadsPerCta, 1, 1}, 20, 0, b.build()));
  return w;
}

}  // namespace warpsim::kernels
