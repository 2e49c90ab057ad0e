// sgemm: single-precision dense matrix multiply C = A * B of n x n row-major matrices, tiled
// through shared memory (the CUDA-SDK / Parboil "sgemm" / "MM" shape). Each block loads a
// 16 x 16 tile of A and of B per step, waits at a barrier, multiplies them out of shared memory
// and waits again: regular, coalesced loads with high on-chip reuse, compute-bound, and every
// warp of a block meets at two barriers per step. It stands for the compute-bound,
// cache-insensitive class the warp-scheduling studies keep as a control: a good scheduler
// for the irregular kernels must not slow it down.
// Kernel: sgemmTiled, grid = (n / 16, n / 16) blocks, block = (16, 16): one thread per C element.
// Scale 1: n = 64. Scale s: n = 64 * cbrt(s) rounded to a multiple of 16, so that the work
// (n^3 multiply-adds) grows about linearly with s (s = 8: n = 128; s = 64: n = 256).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"

namespace {

constexpr int kTile = 16;  // tile edge; n is always a multiple of it, so no edge cases

}  // namespace

// c = a * b, all n x n row-major; n a multiple of kTile, launched with kTile x kTile blocks.
__global__ void sgemmTiled(const float* a, const float* b, float* c, int n) {
  __shared__ float tileA[kTile][kTile];
  __shared__ float tileB[kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float sum = 0.0f;
  for (int t = 0; t < n; t += kTile) {
    tileA[ty][tx] = a[row * n + t + tx];
    tileB[ty][tx] = b[(t + ty) * n + col];
    __syncthreads();  // the whole tile is loaded before anyone reads it
#pragma unroll
    for (int k = 0; k < kTile; ++k) sum += tileA[ty][k] * tileB[k][tx];
    __syncthreads();  // everyone is done with the tile before the next one overwrites it
  }
  c[row * n + col] = sum;
}

namespace {

// 64 * cbrt(scale), to the nearest multiple of kTile (at least one tile).
int sizeForScale(int scale) {
  const int n = int(std::lround(64.0 * std::cbrt(double(scale)) / kTile)) * kTile;
  return n < kTile ? kTile : n;
}

std::vector<float> randomMatrix(bench::Rng& rng, int n) {
  std::vector<float> m(size_t(n) * n);
  for (float& x : m) x = rng.uniform();
  return m;
}

// Compares every element of c with a double-precision product on the host.
long countWrong(const std::vector<float>& a, const std::vector<float>& b,
                const std::vector<float>& c, int n) {
  long wrong = 0;
  std::vector<double> row(n);
  for (int i = 0; i < n; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int k = 0; k < n; ++k) {
      const double aik = a[size_t(i) * n + k];
      for (int j = 0; j < n; ++j) row[j] += aik * b[size_t(k) * n + j];
    }
    // Inputs in [0, 1): all terms positive, no cancellation; n float multiply-adds stay within
    // a relative 1e-4 of the exact sum for the sizes run (n * 6e-8 < 1e-4 up to n ~ 1600).
    for (int j = 0; j < n; ++j)
      if (!bench::close(c[size_t(i) * n + j], row[j], 1e-4, 1e-5)) ++wrong;
  }
  return wrong;
}

}  // namespace

int main(int argc, char** argv) {
  const int scale = bench::scale(argc, argv);
  const int n = sizeForScale(scale);
  const size_t bytes = size_t(n) * n * sizeof(float);

  bench::Rng rng(2024);
  const std::vector<float> a = randomMatrix(rng, n);
  const std::vector<float> b = randomMatrix(rng, n);

  float *dA, *dB, *dC;
  BENCH_CHECK(cudaMalloc(&dA, bytes));
  BENCH_CHECK(cudaMalloc(&dB, bytes));
  BENCH_CHECK(cudaMalloc(&dC, bytes));
  BENCH_CHECK(cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice));

  const dim3 grid(n / kTile, n / kTile), block(kTile, kTile);
  sgemmTiled<<<grid, block>>>(dA, dB, dC, n);
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaDeviceSynchronize());

  std::vector<float> c(size_t(n) * n);
  BENCH_CHECK(cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost));
  BENCH_CHECK(cudaFree(dA));
  BENCH_CHECK(cudaFree(dB));
  BENCH_CHECK(cudaFree(dC));

  const long wrong = countWrong(a, b, c, n);
  const std::string what = std::to_string(n) + "x" + std::to_string(n) + " floats, 16x16 tiles";
  return bench::report("sgemm", what, wrong, long(n) * n);
}
