// spmv: sparse matrix-vector multiply y = A * x with A in CSR form (the Parboil "spmv" / SHOC
// shape). Row lengths are irregular and skewed (1..32 non-zeros, most rows short) and column
// indices are random, so the gathers of x are memory-divergent: a warp's loads touch many
// lines, and warps of one block finish at very different times. Two kernels on the same matrix:
//  - spmvScalar: one thread per row; lanes of a warp walk rows of different lengths (branch
//    divergence) and their loads of the CSR arrays are uncoalesced. grid = rows / 128, block 128.
//  - spmvVector: one warp per row; lanes stride over the row (coalesced CSR loads), then a
//    warp-shuffle sum. grid = rows / 4, block 128 (4 rows per block).
// Irregular, divergent gathers are the memory-intensive class CCWS, OWL and Mascar target (OWL
// evaluates SPMV). Scale 1: 2048 rows x 2048 columns (~18K non-zeros); scale s: 2048 * s rows
// and columns, the same row-length distribution (non-zeros grow linearly).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"

namespace {

constexpr int kThreads = 128;  // threads per block, both kernels
constexpr int kWarp = 32;
constexpr int kMaxRowLength = 32;
constexpr int kRowsAtScale1 = 2048;

struct Csr {
  int rows = 0, cols = 0;
  std::vector<int> rowStart;  // rows + 1 entries
  std::vector<int> col;
  std::vector<float> value;
};

}  // namespace

// y[r] = sum of value[j] * x[col[j]] over row r's non-zeros; one thread per row.
__global__ void spmvScalar(const int* rowStart, const int* col, const float* value, const float* x,
                           float* y, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float sum = 0.0f;
  for (int j = rowStart[r]; j < rowStart[r + 1]; ++j) sum += value[j] * x[col[j]];
  y[r] = sum;
}

// The same product, one warp per row: lanes take every 32nd non-zero, then shuffle-sum.
__global__ void spmvVector(const int* rowStart, const int* col, const float* value, const float* x,
                           float* y, int rows) {
  const int lane = threadIdx.x % kWarp;
  const int r = (blockIdx.x * blockDim.x + threadIdx.x) / kWarp;
  if (r >= rows) return;  // the same for the whole warp: the shuffles below see all 32 lanes
  float sum = 0.0f;
  for (int j = rowStart[r] + lane; j < rowStart[r + 1]; j += kWarp) sum += value[j] * x[col[j]];
  for (int offset = kWarp / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) y[r] = sum;
}

namespace {

// A square matrix with 1..32 non-zeros per row, skewed towards short rows (1 + 32 u^3: the mean
// is about 9, a few rows are long), random sorted column indices, values in [0, 1).
Csr randomMatrix(bench::Rng& rng, int n) {
  Csr a;
  a.rows = a.cols = n;
  a.rowStart.push_back(0);
  for (int r = 0; r < n; ++r) {
    const float u = rng.uniform();
    const int length = 1 + int(kMaxRowLength * u * u * u);
    std::vector<int> cols(length);
    for (int& c : cols) c = rng.below(n);
    std::sort(cols.begin(), cols.end());
    for (int c : cols) {
      a.col.push_back(c);
      a.value.push_back(rng.uniform());
    }
    a.rowStart.push_back(int(a.col.size()));
  }
  return a;
}

std::vector<double> reference(const Csr& a, const std::vector<float>& x) {
  std::vector<double> y(a.rows, 0.0);
  for (int r = 0; r < a.rows; ++r)
    for (int j = a.rowStart[r]; j < a.rowStart[r + 1]; ++j)
      y[r] += double(a.value[j]) * x[a.col[j]];
  return y;
}

// Inputs in [0, 1): positive terms, no cancellation; at most 32 float multiply-adds per row stay
// well within a relative 1e-5 of the exact sum (32 * 6e-8 = 2e-6).
long countWrong(const std::vector<float>& got, const std::vector<double>& want) {
  long wrong = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (!bench::close(got[i], want[i], 1e-5, 1e-6)) ++wrong;
  return wrong;
}

}  // namespace

int main(int argc, char** argv) {
  const int scale = bench::scale(argc, argv);
  const int n = kRowsAtScale1 * scale;

  bench::Rng rng(777);
  const Csr a = randomMatrix(rng, n);
  std::vector<float> x(n);
  for (float& v : x) v = rng.uniform();

  int* dRowStart = bench::toDevice(a.rowStart);
  int* dCol = bench::toDevice(a.col);
  float* dValue = bench::toDevice(a.value);
  float* dX = bench::toDevice(x);
  float *dYScalar, *dYVector;
  BENCH_CHECK(cudaMalloc(&dYScalar, n * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&dYVector, n * sizeof(float)));

  spmvScalar<<<(n + kThreads - 1) / kThreads, kThreads>>>(dRowStart, dCol, dValue, dX, dYScalar, n);
  BENCH_CHECK(cudaGetLastError());
  const int rowsPerBlock = kThreads / kWarp;
  spmvVector<<<(n + rowsPerBlock - 1) / rowsPerBlock, kThreads>>>(dRowStart, dCol, dValue, dX,
                                                                  dYVector, n);
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaDeviceSynchronize());

  const std::vector<float> yScalar = bench::toHost(dYScalar, n);
  const std::vector<float> yVector = bench::toHost(dYVector, n);
  BENCH_CHECK(cudaFree(dRowStart));
  BENCH_CHECK(cudaFree(dCol));
  BENCH_CHECK(cudaFree(dValue));
  BENCH_CHECK(cudaFree(dX));
  BENCH_CHECK(cudaFree(dYScalar));
  BENCH_CHECK(cudaFree(dYVector));

  const std::vector<double> want = reference(a, x);
  const long wrong = countWrong(yScalar, want) + countWrong(yVector, want);
  const std::string what = std::to_string(n) + " rows, " + std::to_string(a.col.size()) +
                           " non-zeros, scalar and vector CSR";
  return bench::report("spmv", what, wrong, 2L * n);
}
