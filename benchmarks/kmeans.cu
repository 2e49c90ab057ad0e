// kmeans: k-means clustering of n points with d float features into k clusters, a fixed number of
// iterations, everything on the device; the outputs are each point's cluster and the centroids.
//
// Shape: Rodinia-style kmeans (KMN), one of CCWS's highly cache-sensitive benchmarks (Mascar's
// study runs kmeans too). Features are point-major (point p's features at p * d .. p * d + d - 1),
// not the transposed feature-major layout a GPU port would pick for coalescing: a warp's load of
// feature f touches 32 points d floats apart, d times more cache lines than it needs. As in
// Rodinia, k and d are kernel arguments, so the loops stay loops and every centroid re-reads the
// point's features: the warp comes back to the same lines k times. That intra-warp reuse
// survives only if the L1 keeps each warp's lines long enough, which is what warp scheduling
// (CCWS, GTO vs LRR) decides.
//
// Kernels, per iteration:
//   assignPoints     grid ceil(n / 128) x 128: one thread per point, loops over k centroids x d
//                    features (centroid reads are warp-uniform), writes the nearest cluster.
//                    k and d are arguments (the other kernels size shared memory at compile
//                    time).
//   sumClusters      grid ceil(n / 256) x 256: each thread adds its point's features and a count
//                    into its cluster's row of the block's shared sums (shared atomics: the
//                    threads of a cluster contend), then the block adds its k x (d + 1) sums into
//                    the global sums (global atomics).
//   updateCentroids  grid 1 x 192: divides each cluster's sums by its count (an empty cluster
//                    keeps its centroid) and zeroes the global sums for the next iteration.
// Sums are 64-bit fixed point (features x 2^16, rounded): integer atomics give the same sums in
// any order, so the run is deterministic and the CPU below matches it exactly. Distances use
// explicit fmaf on both sides, so memberships must match exactly and centroids to the last bit.
// The initial centroids are the first k points.
//
// Scale s: n = s * 2048 points (d = 34, k = 5, 3 iterations); the work grows linearly with n.
// With 34 features a warp's points span 34 lines of 128 bytes: a few warps fill an L1.
#include <vector>

#include "bench.h"

namespace {

constexpr int kPointsPerScale = 2048;
constexpr int kDims = 34;  // Rodinia's kmeans input (KDD Cup) has 34 features
constexpr int kClusters = 5;
constexpr int kIterations = 3;
constexpr int kAssignBlock = 128;
constexpr int kSumBlock = 256;
constexpr int kRow = kClusters * (kDims + 1);        // per cluster: d feature sums, then the count
constexpr int kUpdateBlock = (kRow + 31) / 32 * 32;  // a thread per sum
constexpr float kFixedOne = 65536.0f;                // fixed point: 16 fraction bits
static_assert(kRow <= kUpdateBlock && kRow <= kSumBlock, "a thread per sum in a block");

using Sum = unsigned long long;  // two's complement: negative features add correctly

// Points scattered around k random blob centres, so the clusters are real but overlap a little.
std::vector<float> makePoints(int n, bench::Rng& rng) {
  std::vector<float> blob(kClusters * kDims);
  for (float& x : blob) x = rng.uniform() * 10.0f;
  std::vector<float> points(size_t(n) * kDims);
  for (int p = 0; p < n; ++p) {
    const int b = rng.below(kClusters);
    for (int f = 0; f < kDims; ++f)
      points[size_t(p) * kDims + f] = blob[b * kDims + f] + (rng.uniform() - 0.5f) * 4.0f;
  }
  return points;
}

// Squared distance with the fused multiply-adds the device does (same order, same rounding).
__host__ __device__ inline float distance2(const float* point, const float* centroid, int dims) {
  float sum = 0.0f;
  for (int f = 0; f < dims; ++f) {
    const float diff = point[f] - centroid[f];
    sum = fmaf(diff, diff, sum);
  }
  return sum;
}

// The nearest centroid; the first one wins a tie, on both sides.
__host__ __device__ inline int nearest(const float* point, const float* centroids, int clusters,
                                       int dims) {
  int best = 0;
  float bestDistance = distance2(point, centroids, dims);
  for (int c = 1; c < clusters; ++c) {
    const float dist = distance2(point, centroids + c * dims, dims);
    if (dist < bestDistance) {
      bestDistance = dist;
      best = c;
    }
  }
  return best;
}

__host__ __device__ inline Sum toFixed(float x) {
  return Sum(llrintf(x * kFixedOne));
}

// A cluster's mean feature from its fixed-point sum and count (IEEE double on both sides).
__host__ __device__ inline float mean(Sum sum, Sum count) {
  return float(double((long long)sum) / (double(count) * double(kFixedOne)));
}

void cpuUpdate(const std::vector<float>& points, const std::vector<int>& member, int n,
               std::vector<float>& centroids) {
  std::vector<Sum> sum(kRow, 0);
  for (int p = 0; p < n; ++p) {
    Sum* row = &sum[member[p] * (kDims + 1)];
    for (int f = 0; f < kDims; ++f) row[f] += toFixed(points[size_t(p) * kDims + f]);
    row[kDims] += 1;
  }
  for (int c = 0; c < kClusters; ++c) {
    const Sum count = sum[c * (kDims + 1) + kDims];
    if (count == 0) continue;
    for (int f = 0; f < kDims; ++f)
      centroids[c * kDims + f] = mean(sum[c * (kDims + 1) + f], count);
  }
}

}  // namespace

__global__ void assignPoints(const float* points, const float* centroids, int* member, int n,
                             int clusters, int dims) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) member[p] = nearest(points + size_t(p) * dims, centroids, clusters, dims);
}

// The block's points go into shared per-cluster sums first, so the global sums see one atomic
// per block and value instead of one per point.
__global__ void sumClusters(const float* points, const int* member, Sum* sums, int n) {
  __shared__ Sum local[kRow];
  if (threadIdx.x < kRow) local[threadIdx.x] = 0;
  __syncthreads();
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    Sum* row = local + member[p] * (kDims + 1);
    for (int f = 0; f < kDims; ++f) atomicAdd(row + f, toFixed(points[size_t(p) * kDims + f]));
    atomicAdd(row + kDims, Sum(1));
  }
  __syncthreads();
  if (threadIdx.x < kRow && local[threadIdx.x] != 0)
    atomicAdd(sums + threadIdx.x, local[threadIdx.x]);
}

// The sums are read into shared memory and zeroed for the next iteration's sumClusters.
__global__ void updateCentroids(Sum* sums, float* centroids) {
  __shared__ Sum total[kRow];
  const int i = threadIdx.x;
  if (i < kRow) {
    total[i] = sums[i];
    sums[i] = 0;
  }
  __syncthreads();
  if (i < kClusters * kDims) {
    const int c = i / kDims, f = i % kDims;
    const Sum count = total[c * (kDims + 1) + kDims];
    if (count != 0) centroids[i] = mean(total[c * (kDims + 1) + f], count);
  }
}

int main(int argc, char** argv) {
  const int n = bench::scale(argc, argv) * kPointsPerScale;
  bench::Rng rng(777);
  const std::vector<float> points = makePoints(n, rng);
  std::vector<float> centroids(points.begin(), points.begin() + kClusters * kDims);
  const int assignGrid = (n + kAssignBlock - 1) / kAssignBlock;
  const int sumGrid = (n + kSumBlock - 1) / kSumBlock;

  float *dPoints, *dCentroids;
  int* dMember;
  Sum* dSums;
  BENCH_CHECK(cudaMalloc(&dPoints, points.size() * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dCentroids, centroids.size() * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dMember, n * sizeof(int)));
  BENCH_CHECK(cudaMalloc(&dSums, kRow * sizeof(Sum)));
  BENCH_CHECK(
      cudaMemcpy(dPoints, points.data(), points.size() * sizeof(float), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dCentroids, centroids.data(), centroids.size() * sizeof(float),
                         cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemset(dSums, 0, kRow * sizeof(Sum)));

  for (int it = 0; it < kIterations; ++it) {
    assignPoints<<<assignGrid, kAssignBlock>>>(dPoints, dCentroids, dMember, n, kClusters, kDims);
    BENCH_CHECK(cudaGetLastError());
    sumClusters<<<sumGrid, kSumBlock>>>(dPoints, dMember, dSums, n);
    BENCH_CHECK(cudaGetLastError());
    updateCentroids<<<1, kUpdateBlock>>>(dSums, dCentroids);
    BENCH_CHECK(cudaGetLastError());
  }
  std::vector<int> member(n);
  std::vector<float> got(centroids.size());
  BENCH_CHECK(cudaMemcpy(member.data(), dMember, n * sizeof(int), cudaMemcpyDeviceToHost));
  BENCH_CHECK(
      cudaMemcpy(got.data(), dCentroids, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
  BENCH_CHECK(cudaFree(dPoints));
  BENCH_CHECK(cudaFree(dCentroids));
  BENCH_CHECK(cudaFree(dMember));
  BENCH_CHECK(cudaFree(dSums));

  // The CPU repeats the same iterations with the same arithmetic.
  std::vector<int> want(n);
  for (int it = 0; it < kIterations; ++it) {
    for (int p = 0; p < n; ++p)
      want[p] = nearest(&points[size_t(p) * kDims], centroids.data(), kClusters, kDims);
    cpuUpdate(points, want, n, centroids);
  }
  long wrong = 0;
  for (int p = 0; p < n; ++p) wrong += member[p] != want[p];
  // Integer sums and IEEE operations on both sides: the centroids must be bit-equal.
  for (size_t i = 0; i < got.size(); ++i) wrong += got[i] != centroids[i];
  const std::string what = std::to_string(n) + " points, d=" + std::to_string(kDims) +
                           ", k=" + std::to_string(kClusters) + ", " + std::to_string(kIterations) +
                           " iterations";
  return bench::report("kmeans", what, wrong, long(n) + long(got.size()));
}
