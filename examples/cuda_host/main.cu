// An ordinary CUDA program, nothing warpsim-specific in it: three kernels (a scaled vector add,
// a shared-memory block sum, a histogram with shared and global atomics) with copies between
// them, each result checked on the host. Built with nvcc against libwarpsim_cudart instead of
// NVIDIA's runtime (examples/README.md), its kernels run on a simulated GPU.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e = (call);                                                          \
    if (e != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,             \
                   cudaGetErrorString(e));                                           \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

__global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void blockSum(const float* in, float* out, int n) {
  __shared__ float part[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = part[0];
}

__global__ void histogram(const float* in, unsigned* bins, int n) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16) local[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&local[static_cast<int>(in[i]) % 16], 1u);
  __syncthreads();
  if (threadIdx.x < 16) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main() {
  const int n = 4096, threads = 256, blocks = n / threads;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = float(i % 100), y[i] = 1.0f;
  float *dx, *dy, *dsum;
  unsigned* dbins;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMalloc(&dsum, blocks * sizeof(float)));
  CHECK(cudaMalloc(&dbins, 16 * sizeof(unsigned)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dbins, 0, 16 * sizeof(unsigned)));

  axpy<<<blocks, threads>>>(2.0f, dx, dy, n);  // y = 2x + 1
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 2.0f * float(i % 100) + 1.0f;

  blockSum<<<blocks, threads>>>(dy, dsum, n);
  CHECK(cudaGetLastError());
  std::vector<float> sums(blocks);
  CHECK(cudaMemcpy(sums.data(), dsum, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    float expect = 0;
    for (int i = b * threads; i < (b + 1) * threads; ++i) expect += y[i];
    wrong += sums[b] != expect;
  }

  histogram<<<blocks, threads>>>(dy, dbins, n);
  CHECK(cudaGetLastError());
  std::vector<unsigned> bins(16);
  CHECK(cudaMemcpy(bins.data(), dbins, 16 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::vector<unsigned> expect(16, 0);
  for (int i = 0; i < n; ++i) ++expect[static_cast<int>(y[i]) % 16];
  for (int b = 0; b < 16; ++b) wrong += bins[b] != expect[b];

  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dsum));
  CHECK(cudaFree(dbins));
  std::printf("cuda_host: 3 kernels, %s\n", wrong ? "WRONG RESULTS" : "results correct");
  return wrong ? 1 : 0;
}
