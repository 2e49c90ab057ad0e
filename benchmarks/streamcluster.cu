// streamcluster: the gain step of a streaming facility-location clustering (Rodinia's
// streamcluster pgain): for each of a few candidate centres in turn, every weighted point
// measures its cost if served by the candidate; if the points' total saving exceeds the cost z
// of opening the candidate, the points that save switch to it. The outputs are each candidate's
// gain and every point's final centre and cost.
//
// Shape: Rodinia's streamcluster (SC, in OWL's study): one thread per point streams its d
// coordinates (feature-major, so a warp's loads are coalesced) against the candidate's
// coordinates held in shared memory, then a block reduction and a grid-wide decision. Mostly
// bandwidth-bound streaming with little reuse, repeated per candidate over the same points.
//
// Kernels, per candidate (grid ceil(n / 256) x 256, 4 candidates in a row):
//   pgain          each thread: distance of its point to the candidate times the point's weight;
//                  if below the point's cost, a saving (the new cost is kept; -1 means no switch).
//                  A shared-memory tree gives the block's saving; the last block to finish (an
//                  atomic ticket after a fence) adds the blocks' savings in a fixed order, stores
//                  gain = total - z for this candidate and resets the ticket.
//   applySwitch    if the candidate's gain is positive, the points that save switch to it.
// The host only picks the candidates (before the first launch); the decision stays on the
// device. Distances use explicit fmaf and every sum a fixed order, so the CPU below repeats the
// float operations exactly and every output is compared for equality.
//
// Scale s: n = s * 4096 points (d = 16 coordinates each, 4 candidates).
#include <vector>

#include "bench.h"

namespace {

constexpr int kPointsPerScale = 4096;
constexpr int kDims = 16;
constexpr int kCandidates = 4;
constexpr int kBlobs = 6;
constexpr int kBlock = 256;  // power of two: the tree reduction halves it
constexpr float kNoSwitch = -1.0f;

struct State {
  std::vector<float> cost;
  std::vector<int> centre;
  std::vector<float> gain;  // one per candidate
};

// Points in a few blobs, feature-major: coordinate f of point p at f * n + p.
std::vector<float> makeCoords(int n, bench::Rng& rng) {
  std::vector<float> blob(kBlobs * kDims);
  for (float& x : blob) x = rng.uniform() * 8.0f;
  std::vector<float> coord(size_t(n) * kDims);
  for (int p = 0; p < n; ++p) {
    const int b = rng.below(kBlobs);
    for (int f = 0; f < kDims; ++f)
      coord[size_t(f) * n + p] = blob[b * kDims + f] + rng.uniform() - 0.5f;
  }
  return coord;
}

// Weighted squared distance; the candidate's coordinates are contiguous.
__host__ __device__ inline float weightedCost(const float* coord, int n, int p,
                                              const float* candidate, float weight) {
  float sum = 0.0f;
  for (int f = 0; f < kDims; ++f) {
    const float diff = coord[size_t(f) * n + p] - candidate[f];
    sum = fmaf(diff, diff, sum);
  }
  return sum * weight;
}

// The device's order: each block's tree over its threads; then the last block's threads add
// block savings t, t + 256, ... and a tree over those.
float treeSum(std::vector<float> v) {
  for (int stride = kBlock / 2; stride > 0; stride /= 2)
    for (int t = 0; t < stride; ++t) v[t] += v[t + stride];
  return v[0];
}

void cpuRun(const std::vector<float>& coord, const std::vector<float>& weight, int n,
            const std::vector<int>& candidates, float z, State& s) {
  const int blocks = (n + kBlock - 1) / kBlock;
  std::vector<float> newCost(n);
  for (int k = 0; k < kCandidates; ++k) {
    float candidate[kDims];
    for (int f = 0; f < kDims; ++f) candidate[f] = coord[size_t(f) * n + candidates[k]];
    std::vector<float> blockSaving(blocks);
    for (int b = 0; b < blocks; ++b) {
      std::vector<float> saving(kBlock, 0.0f);
      for (int t = 0; t < kBlock && b * kBlock + t < n; ++t) {
        const int p = b * kBlock + t;
        const float x = weightedCost(coord.data(), n, p, candidate, weight[p]);
        newCost[p] = x < s.cost[p] ? x : kNoSwitch;
        if (x < s.cost[p]) saving[t] = s.cost[p] - x;
      }
      blockSaving[b] = treeSum(saving);
    }
    std::vector<float> mine(kBlock, 0.0f);
    for (int t = 0; t < kBlock; ++t)
      for (int b = t; b < blocks; b += kBlock) mine[t] += blockSaving[b];
    s.gain[k] = treeSum(mine) - z;
    if (s.gain[k] <= 0.0f) continue;
    for (int p = 0; p < n; ++p)
      if (newCost[p] != kNoSwitch) {
        s.cost[p] = newCost[p];
        s.centre[p] = candidates[k];
      }
  }
}

}  // namespace

// Block tree over shared memory; every thread of the block must call it.
__device__ float blockSum(float* shared, float v) {
  const int t = threadIdx.x;
  shared[t] = v;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (t < stride) shared[t] += shared[t + stride];
    __syncthreads();
  }
  const float sum = shared[0];
  __syncthreads();  // shared[] is reused by the caller
  return sum;
}

__global__ void pgain(const float* coord, const float* weight, const float* cost, float* newCost,
                      float* blockSaving, unsigned* ticket, float* gain, int candidateIndex,
                      int slot, float z, int n) {
  __shared__ float candidate[kDims];
  __shared__ float scratch[kBlock];
  __shared__ bool last;
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < kDims) candidate[threadIdx.x] = coord[size_t(threadIdx.x) * n + candidateIndex];
  __syncthreads();

  float saving = 0.0f;
  if (p < n) {
    const float x = weightedCost(coord, n, p, candidate, weight[p]);
    const bool better = x < cost[p];
    newCost[p] = better ? x : kNoSwitch;
    if (better) saving = cost[p] - x;
  }
  const float block = blockSum(scratch, saving);

  // Publish the block's saving, then take a ticket: the last block sees every saving.
  if (threadIdx.x == 0) {
    blockSaving[blockIdx.x] = block;
    __threadfence();
    last = atomicAdd(ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last) return;
  const volatile float* savings = blockSaving;
  float mine = 0.0f;
  for (int b = threadIdx.x; b < int(gridDim.x); b += kBlock) mine += savings[b];
  const float total = blockSum(scratch, mine);
  if (threadIdx.x == 0) {
    gain[slot] = total - z;
    *ticket = 0;  // ready for the next candidate's launch
  }
}

__global__ void applySwitch(const float* newCost, const float* gain, int slot, int candidateIndex,
                            float* cost, int* centre, int n) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n || gain[slot] <= 0.0f) return;
  const float x = newCost[p];
  if (x != kNoSwitch) {
    cost[p] = x;
    centre[p] = candidateIndex;
  }
}

int main(int argc, char** argv) {
  const int n = bench::scale(argc, argv) * kPointsPerScale;
  const int blocks = (n + kBlock - 1) / kBlock;
  bench::Rng rng(99);
  const std::vector<float> coord = makeCoords(n, rng);
  std::vector<float> weight(n);
  for (float& w : weight) w = 1.0f + float(rng.below(3));
  std::vector<int> candidates(kCandidates);
  for (int& c : candidates) c = rng.below(n);

  // Every point starts served by point 0; z is a fraction of that total cost, so that a
  // candidate in a new blob opens and one in an already served blob does not.
  State cpu{std::vector<float>(n), std::vector<int>(n, 0), std::vector<float>(kCandidates)};
  float start[kDims];
  for (int f = 0; f < kDims; ++f) start[f] = coord[size_t(f) * n];
  double totalCost = 0.0;
  for (int p = 0; p < n; ++p) {
    cpu.cost[p] = weightedCost(coord.data(), n, p, start, weight[p]);
    totalCost += cpu.cost[p];
  }
  const float z = float(totalCost * 0.05);

  float *dCoord, *dWeight, *dCost, *dNewCost, *dBlockSaving, *dGain;
  int* dCentre;
  unsigned* dTicket;
  const size_t pointBytes = n * sizeof(float);
  BENCH_CHECK(cudaMalloc(&dCoord, coord.size() * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dWeight, pointBytes));
  BENCH_CHECK(cudaMalloc(&dCost, pointBytes));
  BENCH_CHECK(cudaMalloc(&dNewCost, pointBytes));
  BENCH_CHECK(cudaMalloc(&dCentre, n * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&dBlockSaving, blocks * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dGain, kCandidates * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dTicket, sizeof(unsigned)));
  BENCH_CHECK(
      cudaMemcpy(dCoord, coord.data(), coord.size() * sizeof(float), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dWeight, weight.data(), pointBytes, cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dCost, cpu.cost.data(), pointBytes, cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemset(dCentre, 0, n * sizeof(int)));
  BENCH_CHECK(cudaMemset(dTicket, 0, sizeof(unsigned)));

  for (int k = 0; k < kCandidates; ++k) {
    pgain<<<blocks, kBlock>>>(dCoord, dWeight, dCost, dNewCost, dBlockSaving, dTicket, dGain,
                              candidates[k], k, z, n);
    BENCH_CHECK(cudaGetLastError());
    applySwitch<<<blocks, kBlock>>>(dNewCost, dGain, k, candidates[k], dCost, dCentre, n);
    BENCH_CHECK(cudaGetLastError());
  }
  State gpu = cpu;
  BENCH_CHECK(cudaMemcpy(gpu.cost.data(), dCost, pointBytes, cudaMemcpyDeviceToHost));
  BENCH_CHECK(cudaMemcpy(gpu.centre.data(), dCentre, n * sizeof(int), cudaMemcpyDeviceToHost));
  BENCH_CHECK(
      cudaMemcpy(gpu.gain.data(), dGain, kCandidates * sizeof(float), cudaMemcpyDeviceToHost));
  for (float* p : {dCoord, dWeight, dCost, dNewCost, dBlockSaving, dGain}) BENCH_CHECK(cudaFree(p));
  BENCH_CHECK(cudaFree(dCentre));
  BENCH_CHECK(cudaFree(dTicket));

  cpuRun(coord, weight, n, candidates, z, cpu);
  // Same float operations in the same order on both sides: everything must be equal.
  long wrong = 0;
  int opened = 0;
  for (int p = 0; p < n; ++p)
    wrong += (gpu.cost[p] != cpu.cost[p]) + (gpu.centre[p] != cpu.centre[p]);
  for (int k = 0; k < kCandidates; ++k) {
    wrong += gpu.gain[k] != cpu.gain[k];
    opened += cpu.gain[k] > 0.0f;
  }
  const std::string what = std::to_string(n) + " points, d=" + std::to_string(kDims) + ", " +
                           std::to_string(kCandidates) + " candidates (" + std::to_string(opened) +
                           " opened)";
  return bench::report("streamcluster", what, wrong, 2L * n + kCandidates);
}
