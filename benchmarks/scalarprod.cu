// scalarprod: the dot products of many independent pairs of float vectors (CUDA-SDK
// "scalarProd" shape). Each block walks over some pairs; for each pair its threads sum strided
// products (coalesced streaming loads of both vectors), then reduce them in shared memory with a
// tree of __syncthreads steps, and one thread writes the pair's result. A streaming,
// bandwidth-bound kernel whose warps all stall on the same loads and then meet at barriers: it
// shows how a scheduler overlaps memory latency when there is no reuse to protect (OWL's
// application set includes the SDK scalar product, as SCP).
// Kernel: scalarProd, grid = pairs / 2 blocks (each block does 2 pairs), block = 128 threads.
// Scale 1: 64 pairs of 512 floats (256 KB of input); scale s: 64 * s pairs of the same length.
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"

namespace {

constexpr int kThreads = 128;      // threads per block; a power of two for the tree reduction
constexpr int kLength = 512;       // elements per vector
constexpr int kPairsPerBlock = 2;  // pairs each block computes, one after the other
constexpr int kPairsAtScale1 = 64;

}  // namespace

// result[p] = sum over i of a[p * length + i] * b[p * length + i], for every pair p.
__global__ void scalarProd(const float* a, const float* b, float* result, int pairs, int length) {
  __shared__ float partial[kThreads];
  for (int p = blockIdx.x; p < pairs; p += gridDim.x) {
    const float* x = a + size_t(p) * length;
    const float* y = b + size_t(p) * length;
    float sum = 0.0f;
    for (int i = threadIdx.x; i < length; i += blockDim.x) sum += x[i] * y[i];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
      if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
      __syncthreads();
    }
    if (threadIdx.x == 0) result[p] = partial[0];
    // partial[0] is read above before the next pair overwrites partial[]: wait for thread 0.
    __syncthreads();
  }
}

namespace {

std::vector<float> randomVector(bench::Rng& rng, size_t n) {
  std::vector<float> v(n);
  for (float& x : v) x = rng.uniform();
  return v;
}

// Compares each pair's dot product with a double-precision sum on the host.
long countWrong(const std::vector<float>& a, const std::vector<float>& b,
                const std::vector<float>& got, int pairs, int length) {
  long wrong = 0;
  for (int p = 0; p < pairs; ++p) {
    double want = 0.0;
    for (int i = 0; i < length; ++i)
      want += double(a[size_t(p) * length + i]) * b[size_t(p) * length + i];
    // Inputs in [0, 1): no cancellation; 512 float products summed in a different order stay
    // well within a relative 1e-4 of the exact sum (float epsilon 6e-8 times ~log2(512) steps).
    if (!bench::close(got[p], want, 1e-4, 1e-5)) ++wrong;
  }
  return wrong;
}

}  // namespace

int main(int argc, char** argv) {
  const int scale = bench::scale(argc, argv);
  const int pairs = kPairsAtScale1 * scale;
  const size_t n = size_t(pairs) * kLength;

  bench::Rng rng(12345);
  const std::vector<float> a = randomVector(rng, n);
  const std::vector<float> b = randomVector(rng, n);

  float *dA, *dB, *dResult;
  BENCH_CHECK(cudaMalloc(&dA, n * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dB, n * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dResult, pairs * sizeof(float)));
  BENCH_CHECK(cudaMemcpy(dA, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dB, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  scalarProd<<<pairs / kPairsPerBlock, kThreads>>>(dA, dB, dResult, pairs, kLength);
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaDeviceSynchronize());

  std::vector<float> result(pairs);
  BENCH_CHECK(cudaMemcpy(result.data(), dResult, pairs * sizeof(float), cudaMemcpyDeviceToHost));
  BENCH_CHECK(cudaFree(dA));
  BENCH_CHECK(cudaFree(dB));
  BENCH_CHECK(cudaFree(dResult));

  const long wrong = countWrong(a, b, result, pairs, kLength);
  const std::string what =
      std::to_string(pairs) + " pairs x " + std::to_string(kLength) + " floats";
  return bench::report("scalarprod", what, wrong, pairs);
}
