// An ordinary CUDA program, nothing warpsim-specific in it: five kernels (a scaled vector add,
// a shared-memory block sum, a histogram with shared and global atomics, a 3x3 box filter that
// reads an image through a 2D texture object over a CUDA array, and a gather through a 1D
// texture object over linear memory) with copies between them, each result checked on the host.
// Built with nvcc against libwarpsim_cudart instead of NVIDIA's runtime (examples/README.md), its
// kernels run on a simulated GPU.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                                              \
  do {                                                                                           \
    cudaError_t e = (call);                                                                      \
    if (e != cudaSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e)); \
      return 1;                                                                                  \
    }                                                                                            \
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

__global__ void boxFilter(cudaTextureObject_t image, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) s += tex2D<float>(image, x + dx + 0.5f, y + dy + 0.5f);
  out[y * w + x] = s;
}

__global__ void gather(cudaTextureObject_t table, const int* index, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(table, index[i]);
}

// The 3x3 sum around (x, y), coordinates clamped to the image (cudaAddressModeClamp).
float boxReference(const std::vector<float>& image, int w, int h, int x, int y) {
  float s = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int cx = std::min(std::max(x + dx, 0), w - 1), cy = std::min(std::max(y + dy, 0), h - 1);
      s += image[cy * w + cx];
    }
  return s;
}

// Textures: the box filter over a CUDA array, then a gather through linear memory.
int textures(int& wrong) {
  const int w = 40, h = 24;
  std::vector<float> image(w * h);
  for (int i = 0; i < w * h; ++i) image[i] = float((i * 7) % 13);
  cudaChannelFormatDesc format = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  CHECK(cudaMallocArray(&array, &format, w, h));
  CHECK(cudaMemcpy2DToArray(array, 0, 0, image.data(), w * sizeof(float), w * sizeof(float), h,
                            cudaMemcpyHostToDevice));
  cudaResourceDesc resource = {};
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = array;
  cudaTextureDesc sampling = {};
  sampling.addressMode[0] = sampling.addressMode[1] = cudaAddressModeClamp;
  sampling.filterMode = cudaFilterModePoint;
  sampling.readMode = cudaReadModeElementType;
  cudaTextureObject_t imageTexture;
  CHECK(cudaCreateTextureObject(&imageTexture, &resource, &sampling, nullptr));
  float* dout;
  CHECK(cudaMalloc(&dout, w * h * sizeof(float)));
  boxFilter<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(imageTexture, dout, w, h);
  CHECK(cudaGetLastError());
  std::vector<float> out(w * h);
  CHECK(cudaMemcpy(out.data(), dout, w * h * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) wrong += out[y * w + x] != boxReference(image, w, h, x, y);

  const int n = 1000, entries = 97;
  std::vector<int> table(entries), index(n);
  for (int i = 0; i < entries; ++i) table[i] = i * i - 50;
  for (int i = 0; i < n; ++i) index[i] = (i * 31) % entries;
  int *dtable, *dindex, *dgathered;
  CHECK(cudaMalloc(&dtable, entries * sizeof(int)));
  CHECK(cudaMalloc(&dindex, n * sizeof(int)));
  CHECK(cudaMalloc(&dgathered, n * sizeof(int)));
  CHECK(cudaMemcpy(dtable, table.data(), entries * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dindex, index.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  resource = {};
  resource.resType = cudaResourceTypeLinear;
  resource.res.linear.devPtr = dtable;
  resource.res.linear.desc = cudaCreateChannelDesc<int>();
  resource.res.linear.sizeInBytes = entries * sizeof(int);
  sampling = {};
  cudaTextureObject_t tableTexture;
  CHECK(cudaCreateTextureObject(&tableTexture, &resource, &sampling, nullptr));
  gather<<<(n + 127) / 128, 128>>>(tableTexture, dindex, dgathered, n);
  CHECK(cudaGetLastError());
  std::vector<int> gathered(n);
  CHECK(cudaMemcpy(gathered.data(), dgathered, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) wrong += gathered[i] != table[index[i]];

  CHECK(cudaDestroyTextureObject(imageTexture));
  CHECK(cudaDestroyTextureObject(tableTexture));
  CHECK(cudaFreeArray(array));
  CHECK(cudaFree(dout));
  CHECK(cudaFree(dtable));
  CHECK(cudaFree(dindex));
  CHECK(cudaFree(dgathered));
  return 0;
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

  if (textures(wrong) != 0) return 1;

  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dsum));
  CHECK(cudaFree(dbins));
  std::printf("cuda_host: 5 kernels, %s\n", wrong ? "WRONG RESULTS" : "results correct");
  return wrong ? 1 : 0;
}
