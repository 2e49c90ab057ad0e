// histogram: a 256-bin histogram of byte data, packed four bytes to a 32-bit word (the CUDA-SDK
// "histogram256" / Parboil "histo" shape). The data are skewed: half the bytes fall in four hot
// bins, so many lanes of a warp hit the same counter and atomics serialise. Two kernels, each
// into its own histogram:
//  - histogramShared: each block counts into a private histogram in shared memory with shared
//    atomics (grid-strided over the words), then adds its non-zero bins to the global histogram
//    with one global atomic each. grid = words / 1024 (4 words per thread), block 256.
//  - histogramGlobal: every byte is one global atomic on the single global histogram.
//    grid = words / 256 (1 word per thread), block 256.
// It stands for atomic contention and the shared-vs-global memory traffic it causes: hot bins
// serialise a warp's atomics, and the global kernel sends every byte to the memory partitions.
// Scale 1: 65536 bytes (16384 words); scale s: 65536 * s bytes, the same distribution.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"

namespace {

constexpr int kBins = 256;
constexpr int kThreads = 256;       // threads per block: one per bin for clearing and merging
constexpr int kWordsPerThread = 4;  // histogramShared: words each thread counts
constexpr int kBytesAtScale1 = 65536;
constexpr int kHotBins[] = {0, 32, 65, 255};

}  // namespace

// Counts the four bytes of a word into bins (shared or global memory: atomicAdd takes either).
__device__ void countWord(unsigned* bins, std::uint32_t word) {
  for (int b = 0; b < 4; ++b) atomicAdd(&bins[(word >> (8 * b)) & 0xffu], 1u);
}

// Privatised: a shared histogram per block, merged into the global one at the end.
__global__ void histogramShared(const std::uint32_t* data, int words, unsigned* bins) {
  __shared__ unsigned local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += gridDim.x * blockDim.x)
    countWord(local, data[i]);
  __syncthreads();  // the block's counting is finished before its counts are merged
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}

// Global atomics only: one thread per word.
__global__ void histogramGlobal(const std::uint32_t* data, int words, unsigned* bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < words) countWord(bins, data[i]);
}

namespace {

// Half the bytes in one of four hot bins, the rest uniform over all 256, packed little-endian.
std::vector<std::uint32_t> skewedBytes(bench::Rng& rng, int words) {
  std::vector<std::uint32_t> data(words);
  for (std::uint32_t& word : data) {
    word = 0;
    for (int b = 0; b < 4; ++b) {
      const std::uint32_t r = rng.next();
      const std::uint32_t byte = (r & 1u) ? kHotBins[(r >> 1) & 3u] : (r >> 8) & 0xffu;
      word |= byte << (8 * b);
    }
  }
  return data;
}

std::vector<unsigned> reference(const std::vector<std::uint32_t>& data) {
  std::vector<unsigned> bins(kBins, 0);
  for (std::uint32_t word : data)
    for (int b = 0; b < 4; ++b) ++bins[(word >> (8 * b)) & 0xffu];
  return bins;
}

long countWrong(const std::vector<unsigned>& got, const std::vector<unsigned>& want) {
  long wrong = 0;
  for (int b = 0; b < kBins; ++b)
    if (got[b] != want[b]) ++wrong;
  return wrong;
}

}  // namespace

int main(int argc, char** argv) {
  const int scale = bench::scale(argc, argv);
  const int words = kBytesAtScale1 / 4 * scale;

  bench::Rng rng(4242);
  const std::vector<std::uint32_t> data = skewedBytes(rng, words);

  std::uint32_t* dData;
  unsigned *dBinsShared, *dBinsGlobal;
  const size_t binBytes = kBins * sizeof(unsigned);
  BENCH_CHECK(cudaMalloc(&dData, words * sizeof(std::uint32_t)));
  BENCH_CHECK(cudaMalloc(&dBinsShared, binBytes));
  BENCH_CHECK(cudaMalloc(&dBinsGlobal, binBytes));
  BENCH_CHECK(
      cudaMemcpy(dData, data.data(), words * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemset(dBinsShared, 0, binBytes));
  BENCH_CHECK(cudaMemset(dBinsGlobal, 0, binBytes));

  const int wordsPerBlock = kThreads * kWordsPerThread;
  histogramShared<<<(words + wordsPerBlock - 1) / wordsPerBlock, kThreads>>>(dData, words,
                                                                             dBinsShared);
  BENCH_CHECK(cudaGetLastError());
  histogramGlobal<<<(words + kThreads - 1) / kThreads, kThreads>>>(dData, words, dBinsGlobal);
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaDeviceSynchronize());

  const std::vector<unsigned> binsShared = bench::toHost(dBinsShared, kBins);
  const std::vector<unsigned> binsGlobal = bench::toHost(dBinsGlobal, kBins);
  BENCH_CHECK(cudaFree(dData));
  BENCH_CHECK(cudaFree(dBinsShared));
  BENCH_CHECK(cudaFree(dBinsGlobal));

  const std::vector<unsigned> want = reference(data);
  const long wrong = countWrong(binsShared, want) + countWrong(binsGlobal, want);
  const std::string what = std::to_string(4L * words) + " bytes, 256 bins, shared and global";
  return bench::report("histogram", what, wrong, 2L * kBins);
}
