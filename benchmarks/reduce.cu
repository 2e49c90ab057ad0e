// reduce: the sum of a large array with warp shuffles (the CUDA-SDK "reduction" shape, in its
// shuffle form). Each thread sums a grid-strided slice (coalesced streaming loads), the warp
// sums with __shfl_down_sync, warp leaders leave their sums in shared memory, the first warp
// sums those with shuffles, and each block's sum is combined into the result.
// A streaming, bandwidth-bound kernel with a short barrier-and-shuffle tail per block: the
// plain memory-latency-hiding case, with no reuse, next to the cache-sensitive kernels.
// Three launches:
//  - reduceInt: unsigned 32-bit integers, one atomicAdd per block into a result zeroed by
//    cudaMemset before the first launch; the sum wraps modulo 2^32, which is exact and
//    independent of the order of the atomics, so it is checked exactly at any scale.
//  - reduceFloat, then finishFloat: floats. Float atomics would round differently in every
//    order the blocks finish in, and the recorded result must be the same bits on every
//    platform and scheduler; so each block writes its sum to its own slot and finishFloat (one
//    block) adds the slots in a fixed order.
// grid = n / 2048 blocks (about 8 elements per thread), block = 256 threads; finishFloat: one
// block of 256.
// Scale 1: 40960 elements of each type (256K elements would be 1 MB per array, over the 400 KB
// record budget); scale s: 40960 * s elements of each.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"

namespace {

constexpr int kThreads = 256;  // threads per block: 8 warps, a multiple of 32
constexpr int kWarp = 32;
constexpr int kElementsPerThread = 8;
constexpr int kElementsAtScale1 = 40960;

}  // namespace

// The sum of v over the warp's 32 lanes, in lane 0.
template <class T>
__device__ T warpSum(T v) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// The sum of v over the block, in thread 0; blockDim.x a multiple of 32, at most 1024.
template <class T>
__device__ T blockSum(T v) {
  __shared__ T warpSums[kWarp];
  const int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  v = warpSum(v);
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();  // every warp's sum is in shared memory before the first warp reads them
  if (warp == 0) v = warpSum(lane < blockDim.x / kWarp ? warpSums[lane] : T(0));
  return v;
}

// This block's share of the sum of in[0..n) (grid-strided), in thread 0.
template <class T>
__device__ T blockShare(const T* in, int n) {
  T sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    sum += in[i];
  return blockSum(sum);
}

__global__ void reduceInt(const unsigned* in, int n, unsigned* result) {
  const unsigned sum = blockShare(in, n);
  if (threadIdx.x == 0) atomicAdd(result, sum);
}

__global__ void reduceFloat(const float* in, int n, float* partials) {
  const float sum = blockShare(in, n);
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

// One block: the sum of the blocks' partial sums, always in the same order.
__global__ void finishFloat(const float* partials, int blocks, float* result) {
  const float sum = blockShare(partials, blocks);
  if (threadIdx.x == 0) *result = sum;
}

namespace {

template <class T>
T* deviceZero() {
  T* device;
  BENCH_CHECK(cudaMalloc(&device, sizeof(T)));
  BENCH_CHECK(cudaMemset(device, 0, sizeof(T)));
  return device;
}

}  // namespace

int main(int argc, char** argv) {
  const int scale = bench::scale(argc, argv);
  const int n = kElementsAtScale1 * scale;

  bench::Rng rng(99);
  std::vector<unsigned> ints(n);
  std::vector<float> floats(n);
  for (unsigned& v : ints) v = rng.next() % 1024u;
  for (float& v : floats) v = rng.uniform();

  unsigned* dInts = bench::toDevice(ints);
  float* dFloats = bench::toDevice(floats);
  unsigned* dIntSum = deviceZero<unsigned>();
  float* dFloatSum = deviceZero<float>();
  const int blocks = (n + kThreads * kElementsPerThread - 1) / (kThreads * kElementsPerThread);
  float* dPartials;
  BENCH_CHECK(cudaMalloc(&dPartials, blocks * sizeof(float)));

  reduceInt<<<blocks, kThreads>>>(dInts, n, dIntSum);
  BENCH_CHECK(cudaGetLastError());
  reduceFloat<<<blocks, kThreads>>>(dFloats, n, dPartials);
  BENCH_CHECK(cudaGetLastError());
  finishFloat<<<1, kThreads>>>(dPartials, blocks, dFloatSum);
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaDeviceSynchronize());

  const unsigned intSum = bench::toHost(dIntSum, 1)[0];
  const float floatSum = bench::toHost(dFloatSum, 1)[0];
  BENCH_CHECK(cudaFree(dInts));
  BENCH_CHECK(cudaFree(dFloats));
  BENCH_CHECK(cudaFree(dIntSum));
  BENCH_CHECK(cudaFree(dFloatSum));
  BENCH_CHECK(cudaFree(dPartials));

  unsigned wantInt = 0;  // wraps modulo 2^32, as the device sum does
  for (unsigned v : ints) wantInt += v;
  double wantFloat = 0.0;
  for (float v : floats) wantFloat += v;
  // Inputs in [0, 1): positive terms, no cancellation. The float sum is a short per-thread run
  // (~8 adds), shuffle trees and the partials' own strided run and trees: its error stays far
  // below a relative 1e-4.
  long wrong = 0;
  if (intSum != wantInt) ++wrong;
  if (!bench::close(floatSum, wantFloat, 1e-4, 1e-5)) ++wrong;
  const std::string what =
      std::to_string(n) + " unsigned ints and " + std::to_string(n) + " floats, shuffle trees";
  return bench::report("reduce", what, wrong, 2);
}
