// bfs: level-synchronous breadth-first search over a generated directed graph in CSR form (row
// offsets + column indices), from node 0; the output is every node's level (hop count).
//
// Shape: the BFS of the warp-scheduling papers (OWL, CCWS and Mascar all evaluate BFS). One
// thread per node per level: most threads of a warp are idle (their node is not on the current
// frontier), the active ones loop over a data-dependent number of neighbours (branch divergence:
// degrees are skewed) and load neighbours' levels at scattered addresses (memory divergence,
// little locality). The work per launch changes from level to level.
//
// Kernel: bfsLevel, grid ceil(n / 128) x 128 threads, launched once per level k. A thread whose
// node is on level k gives level k + 1 to every neighbour not already on a level up to k, and
// sets changed[k] (the same stores in any CTA order); the host copies changed[k] back and stops
// at the first level that changed nothing. One flag per level, so the host never writes device
// memory between launches.
//
// Scale s: s * 2048 nodes (each with 1..16 random out-neighbours, skewed towards few, plus a ring
// edge to the next node so every node is reachable); the edges grow with the nodes.
#include <queue>
#include <vector>

#include "bench.h"

namespace {

constexpr int kNodesPerScale = 2048;
constexpr int kMaxRandomDegree = 16;
constexpr int kBlock = 128;

struct Graph {
  std::vector<int> rowOffsets;  // n + 1 entries
  std::vector<int> columns;     // rowOffsets[n] entries
};

// Degree 1..16 drawn from a cubed uniform: most nodes have a few neighbours, some have many, so
// the active lanes of a warp loop for very different trip counts.
Graph makeGraph(int n, bench::Rng& rng) {
  Graph g;
  g.rowOffsets.push_back(0);
  for (int v = 0; v < n; ++v) {
    const float u = rng.uniform();
    const int degree = 1 + int(u * u * u * kMaxRandomDegree);
    g.columns.push_back((v + 1) % n);  // ring edge: everything reachable from node 0
    for (int e = 0; e < degree; ++e) g.columns.push_back(rng.below(n));
    g.rowOffsets.push_back(int(g.columns.size()));
  }
  return g;
}

std::vector<int> cpuBfs(const Graph& g, int n) {
  std::vector<int> level(n, -1);
  std::queue<int> frontier;
  level[0] = 0;
  frontier.push(0);
  while (!frontier.empty()) {
    const int v = frontier.front();
    frontier.pop();
    for (int e = g.rowOffsets[v]; e < g.rowOffsets[v + 1]; ++e) {
      const int u = g.columns[e];
      if (level[u] < 0) {
        level[u] = level[v] + 1;
        frontier.push(u);
      }
    }
  }
  return level;
}

}  // namespace

// Threads of one level may race to write the same neighbour: they all write current + 1, so the
// result does not depend on the order.
__global__ void bfsLevel(const int* rowOffsets, const int* columns, int* level, int* changed,
                         int current, int n) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || level[v] != current) return;
  const int end = rowOffsets[v + 1];
  for (int e = rowOffsets[v]; e < end; ++e) {
    const int u = columns[e];
    // Unvisited, or reached earlier in this same launch: the same path whatever order the CTAs
    // run in (the simulator runs them one after another; a GPU, at once), so the work is too.
    if (level[u] < 0 || level[u] > current) {
      level[u] = current + 1;
      changed[current] = 1;
    }
  }
}

int main(int argc, char** argv) {
  const int n = bench::scale(argc, argv) * kNodesPerScale;
  bench::Rng rng(12345);
  const Graph g = makeGraph(n, rng);
  const int edges = int(g.columns.size());

  std::vector<int> level(n, -1);
  level[0] = 0;

  // Every device buffer is written before the first launch; changed[] has a flag per possible
  // level (at most n levels).
  int *dOffsets, *dColumns, *dLevel, *dChanged;
  BENCH_CHECK(cudaMalloc(&dOffsets, (n + 1) * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&dColumns, edges * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&dLevel, n * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&dChanged, n * sizeof(int)));
  BENCH_CHECK(
      cudaMemcpy(dOffsets, g.rowOffsets.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dColumns, g.columns.data(), edges * sizeof(int), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dLevel, level.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemset(dChanged, 0, n * sizeof(int)));

  const int grid = (n + kBlock - 1) / kBlock;
  int levels = 0;
  for (int k = 0; k < n; ++k) {
    bfsLevel<<<grid, kBlock>>>(dOffsets, dColumns, dLevel, dChanged, k, n);
    BENCH_CHECK(cudaGetLastError());
    int changed = 0;
    BENCH_CHECK(cudaMemcpy(&changed, dChanged + k, sizeof(int), cudaMemcpyDeviceToHost));
    levels = k + 1;
    if (!changed) break;
  }
  BENCH_CHECK(cudaMemcpy(level.data(), dLevel, n * sizeof(int), cudaMemcpyDeviceToHost));
  BENCH_CHECK(cudaFree(dOffsets));
  BENCH_CHECK(cudaFree(dColumns));
  BENCH_CHECK(cudaFree(dLevel));
  BENCH_CHECK(cudaFree(dChanged));

  const std::vector<int> want = cpuBfs(g, n);
  long wrong = 0;
  for (int v = 0; v < n; ++v) wrong += level[v] != want[v];
  const std::string what = std::to_string(n) + " nodes, " + std::to_string(edges) + " edges, " +
                           std::to_string(levels) + " launches";
  return bench::report("bfs", what, wrong, n);
}
