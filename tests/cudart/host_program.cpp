// A CUDA host program as nvcc would generate it, written by hand so that the tests need no nvcc
// (doc/cuda.md, "CUDA programs"): its PTX sits in a fatbinary laid out as nvcc lays it out, a
// static constructor registers the fatbinary, three kernels and a __device__ variable, and each
// kernel has a host-side launch function that pops the <<<...>>> configuration and calls
// __cudaLaunchKernel (one calls cudaLaunchKernel, the older path). main() runs the three kernels
// with copies between them and checks every result, as an ordinary CUDA program would.
//
//   warpsim-test-cuda-host            the three kernels; prints "all checks passed"
//   warpsim-test-cuda-host fault      a kernel reads outside every allocation: the program's
//                                     own error check sees cudaErrorIllegalAddress and exits 2
//   warpsim-test-cuda-host misuse     unsupported and wrong calls: each gets its error code
//   warpsim-test-cuda-host properties asks for the device's properties, launches nothing
//   warpsim-test-cuda-host chain      the three kernels with every copy to the device before
//                                     the first (so that the run records as one program)
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
struct dim3 {
  unsigned x, y, z;
};
void** __cudaRegisterFatBinary(void*);
void __cudaRegisterFatBinaryEnd(void**);
void __cudaRegisterFunction(void**, const char*, char*, const char*, int, void*, void*, void*,
                            void*, int*);
void __cudaRegisterVar(void**, char*, char*, const char*, int, std::size_t, int, int);
unsigned __cudaPushCallConfiguration(dim3, dim3, std::size_t, void*);
int __cudaPopCallConfiguration(dim3*, dim3*, std::size_t*, void*);
int __cudaGetKernel(void**, const void*);
int __cudaLaunchKernel(void*, dim3, dim3, void**, std::size_t, void*);
int cudaLaunchKernel(const void*, dim3, dim3, void**, std::size_t, void*);
int cudaMalloc(void**, std::size_t);
int cudaFree(void*);
int cudaMemcpy(void*, const void*, std::size_t, int);
int cudaMemset(void*, int, std::size_t);
int cudaMemcpyToSymbol(const void*, const void*, std::size_t, std::size_t, int);
int cudaMemcpyFromSymbol(void*, const void*, std::size_t, std::size_t, int);
int cudaGetLastError();
int cudaDeviceSynchronize();
const char* cudaGetErrorName(int);
int cudaEventCreate(void**);
int cudaEventRecord(void*, void*);
int cudaEventElapsedTime(float*, void*, void*);
int cudaSetDevice(int);
int cudaGetDeviceProperties(void*, int);
int cudaDeviceGetAttribute(int*, int, int);
int cudaMallocArray(void**, const void*, std::size_t, std::size_t, unsigned);
int cudaFreeArray(void*);
int cudaCreateTextureObject(unsigned long long*, const void*, const void*, const void*);
int cudaDestroyTextureObject(unsigned long long);
}

namespace {

const char kPtx[] = R"(
.version 7.5
.target sm_75
.address_size 64

.global .align 4 .u32 total;

.visible .entry scale(.param .u64 x, .param .f32 a, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [x];
  ld.param.f32 %f1, [a];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r2, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  mul.f32 %f2, %f2, %f1;
  st.global.f32 [%rd3], %f2;
DONE:
  ret;
}

.visible .entry add(.param .u64 y, .param .u64 x, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [y];
  ld.param.u64 %rd2, [x];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r2, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f1, [%rd4];
  ld.global.f32 %f2, [%rd5];
  add.f32 %f3, %f1, %f2;
  st.global.f32 [%rd4], %f3;
DONE:
  ret;
}

.visible .entry count(.param .u64 x, .param .u32 n, .param .f32 limit)
{
  .reg .pred %p<3>;
  .reg .b32 %r<6>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [x];
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [limit];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r2, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f2, [%rd3];
  setp.gt.f32 %p2, %f2, %f1;
  @!%p2 bra DONE;
  atom.global.add.u32 %r5, [total], 1;
DONE:
  ret;
}
)";

// The fatbinary: a header and one uncompressed PTX entry for compute_75 (cudart/FatBinary.h).
std::vector<std::uint64_t> fatbinary() {
  std::vector<std::uint8_t> b(16 + 0x40, 0);
  const std::uint64_t payload = (sizeof kPtx + 7) / 8 * 8;
  auto put = [&b](std::size_t at, auto v) { std::memcpy(b.data() + at, &v, sizeof v); };
  put(0, std::uint32_t{0xba55ed50});
  put(4, std::uint16_t{1});
  put(6, std::uint16_t{16});
  put(8, std::uint64_t{0x40 + payload});
  put(16 + 0, std::uint16_t{1});  // PTX
  put(16 + 2, std::uint16_t{0x0101});
  put(16 + 4, std::uint32_t{0x40});
  put(16 + 8, payload);
  put(16 + 0x1c, std::uint32_t{75});
  b.insert(b.end(), kPtx, kPtx + sizeof kPtx);
  b.resize(16 + 0x40 + payload, 0);
  std::vector<std::uint64_t> words(b.size() / 8);
  std::memcpy(words.data(), b.data(), b.size());
  return words;
}

struct Wrapper {  // what nvcc's __fatDeviceText holds
  std::uint32_t magic, version;
  const void* data;
  void* unused;
};
unsigned total;  // the host shadow of the __device__ variable

void scaleLaunch(float*, float, unsigned);
void addLaunch(float*, const float*, unsigned);
void countLaunch(const float*, unsigned, float);

// What nvcc's __sti____cudaRegisterAll does: a static constructor, run in no set order.
__attribute__((constructor)) void registerAll() {
  // Function-local: this may run before the file's other static objects are built.
  static const std::vector<std::uint64_t> bytes = fatbinary();
  static Wrapper wrapper{0x466243b1, 1, bytes.data(), nullptr};
  void** h = __cudaRegisterFatBinary(&wrapper);
  __cudaRegisterFunction(h, reinterpret_cast<const char*>(&scaleLaunch), nullptr, "scale", -1,
                         nullptr, nullptr, nullptr, nullptr, nullptr);
  __cudaRegisterFunction(h, reinterpret_cast<const char*>(&addLaunch), nullptr, "add", -1, nullptr,
                         nullptr, nullptr, nullptr, nullptr);
  __cudaRegisterFunction(h, reinterpret_cast<const char*>(&countLaunch), nullptr, "count", -1,
                         nullptr, nullptr, nullptr, nullptr, nullptr);
  __cudaRegisterVar(h, reinterpret_cast<char*>(&total), nullptr, "total", 0, 4, 0, 0);
  __cudaRegisterFatBinaryEnd(h);
}

// Host-side launch functions, as nvcc 13 writes them: the kernel's handle once, then the
// configuration the
// <<<...>>> pushed, then the launch with the arguments' addresses.
void launchThrough(void*& handle, const void* hostFunction, void** args) {
  if (!handle) __cudaGetKernel(&handle, hostFunction);
  dim3 grid, block;
  std::size_t shared;
  void* stream;
  if (__cudaPopCallConfiguration(&grid, &block, &shared, &stream) != 0) return;
  __cudaLaunchKernel(handle, grid, block, args, shared, stream);
}
void scaleLaunch(float* x, float a, unsigned n) {
  static void* handle = nullptr;
  void* args[] = {&x, &a, &n};
  launchThrough(handle, reinterpret_cast<const void*>(&scaleLaunch), args);
}
void addLaunch(float* y, const float* x, unsigned n) {
  static void* handle = nullptr;
  void* args[] = {&y, &x, &n};
  launchThrough(handle, reinterpret_cast<const void*>(&addLaunch), args);
}
void countLaunch(const float* x, unsigned n, float limit) {  // the older path: cudaLaunchKernel
  dim3 grid, block;
  std::size_t shared;
  void* stream;
  if (__cudaPopCallConfiguration(&grid, &block, &shared, &stream) != 0) return;
  void* args[] = {&x, &n, &limit};
  cudaLaunchKernel(reinterpret_cast<const void*>(&countLaunch), grid, block, args, shared, stream);
}

// kernel<<<grid, block>>>(...)
template <class Launch, class... Args>
void launch(unsigned grid, unsigned block, Launch kernel, Args... args) {
  __cudaPushCallConfiguration(dim3{grid, 1, 1}, dim3{block, 1, 1}, 0, nullptr);
  kernel(args...);
}

int failures = 0;
void check(bool ok, const std::string& what) {
  if (!ok && ++failures <= 5) std::printf("FAILED: %s\n", what.c_str());
}
void checkCall(int error, const char* call) {
  check(error == 0, std::string(call) + " returned " + cudaGetErrorName(error));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  constexpr unsigned n = 1000;
  std::vector<float> hx(n), hy(n);
  for (unsigned i = 0; i < n; ++i) hx[i] = float(i), hy[i] = float(i + 1);
  if (mode == "fault") {  // a pointer that is not device memory
    launch(4, 256, scaleLaunch, reinterpret_cast<float*>(0x1000), 2.0f, n);
    const int e = cudaGetLastError();
    std::printf("cudaGetLastError: %s\n", cudaGetErrorName(e));
    // CUDA's errors from a failed kernel are sticky.
    std::printf("then cudaDeviceSynchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return e == 0 ? 0 : 2;
  }
  if (mode == "chain") {  // every copy to the device before the first launch
    float *dx, *dy;
    checkCall(cudaMalloc(reinterpret_cast<void**>(&dx), n * 4), "cudaMalloc");
    checkCall(cudaMalloc(reinterpret_cast<void**>(&dy), n * 4), "cudaMalloc");
    checkCall(cudaMemcpy(dx, hx.data(), n * 4, 1), "cudaMemcpy");
    checkCall(cudaMemcpy(dy, hy.data(), n * 4, 1), "cudaMemcpy");
    const unsigned seven = 7;
    checkCall(cudaMemcpyToSymbol(&total, &seven, 4, 0, 1), "cudaMemcpyToSymbol");
    launch(4, 256, scaleLaunch, dx, 2.0f, n);
    launch(8, 128, addLaunch, dy, static_cast<const float*>(dx), n);
    launch(2, 512, countLaunch, static_cast<const float*>(dy), n, 1500.0f);
    checkCall(cudaMemcpy(hy.data(), dy, n * 4, 2), "cudaMemcpy");
    for (unsigned i = 0; i < n; ++i)
      check(hy[i] == float(3 * i + 1), "y[" + std::to_string(i) + "]");
    unsigned counted = 0;
    checkCall(cudaMemcpyFromSymbol(&counted, &total, 4, 0, 2), "cudaMemcpyFromSymbol");
    check(counted == 507, "count: " + std::to_string(counted) + " of 507");
    checkCall(cudaFree(dx), "cudaFree");
    std::printf("3 kernels in a row: %s\n", failures ? "CHECKS FAILED" : "all checks passed");
    return failures ? 1 : 0;
  }
  if (mode == "properties") {  // asks about the GPU, runs nothing
    alignas(8) unsigned char prop[1008];
    return cudaGetDeviceProperties(prop, 0) == 0 ? 0 : 1;
  }
  if (mode == "misuse") {
    std::printf("cudaSetDevice(1): %s\n", cudaGetErrorName(cudaSetDevice(1)));
    std::printf("cudaMemcpy to a host pointer as device: %s\n",
                cudaGetErrorName(cudaMemcpy(hx.data(), hy.data(), 4, 1)));
    std::printf("cudaFree of no allocation: %s\n",
                cudaGetErrorName(cudaFree(reinterpret_cast<void*>(0x1234))));
    std::printf("cudaMemcpyFromSymbol of no variable: %s\n",
                cudaGetErrorName(cudaMemcpyFromSymbol(hx.data(), &hy, 4, 0, 2)));
    // Textures: cudaChannelFormatDesc {x, y, z, w, kind}; cudaResourceDesc (144 bytes) with the
    // array at 8; cudaTextureDesc (72 bytes) with the filter mode at 12.
    const int bytes8[5] = {8, 0, 0, 0, 1}, floats[5] = {32, 0, 0, 0, 2};
    void* array = nullptr;
    std::printf("cudaMallocArray of 8-bit texels: %s\n",
                cudaGetErrorName(cudaMallocArray(&array, bytes8, 16, 16, 0)));
    checkCall(cudaMallocArray(&array, floats, 16, 16, 0), "cudaMallocArray");
    alignas(8) unsigned char resource[144] = {}, sampling[72] = {};
    std::memcpy(resource + 8, &array, 8);
    const int linear = 1;
    std::memcpy(sampling + 12, &linear, 4);
    unsigned long long texture = 0;
    std::printf("cudaCreateTextureObject with linear filtering: %s\n",
                cudaGetErrorName(cudaCreateTextureObject(&texture, resource, sampling, nullptr)));
    std::printf("cudaDestroyTextureObject of no object: %s\n",
                cudaGetErrorName(cudaDestroyTextureObject(12345)));
    checkCall(cudaFreeArray(array), "cudaFreeArray");
    return failures ? 1 : 0;
  }
  // cudaDeviceProp is 1008 bytes in CUDA 13: the name at 0, multiProcessorCount at 384.
  alignas(8) unsigned char prop[1008];
  checkCall(cudaGetDeviceProperties(prop, 0), "cudaGetDeviceProperties");
  int sms = 0, smsAttribute = 0, warp = 0;
  std::memcpy(&sms, prop + 384, 4);
  checkCall(cudaDeviceGetAttribute(&smsAttribute, 16, 0), "cudaDeviceGetAttribute");
  checkCall(cudaDeviceGetAttribute(&warp, 10, 0), "cudaDeviceGetAttribute");
  std::printf("device: %s, %d SMs (attribute: %d), warp %d\n", reinterpret_cast<const char*>(prop),
              sms, smsAttribute, warp);
  void *start, *end;
  cudaEventCreate(&start);
  cudaEventCreate(&end);
  float *dx, *dy;
  checkCall(cudaMalloc(reinterpret_cast<void**>(&dx), n * 4), "cudaMalloc");
  checkCall(cudaMalloc(reinterpret_cast<void**>(&dy), n * 4), "cudaMalloc");
  checkCall(cudaMemcpy(dx, hx.data(), n * 4, 1), "cudaMemcpy");
  checkCall(cudaMemcpy(dy, hy.data(), n * 4, 1), "cudaMemcpy");
  cudaEventRecord(start, nullptr);
  launch(4, 256, scaleLaunch, dx, 2.0f, n);  // x = 2i
  checkCall(cudaGetLastError(), "scale");
  checkCall(cudaMemcpy(hx.data(), dx, n * 4, 2), "cudaMemcpy");
  for (unsigned i = 0; i < n; ++i) check(hx[i] == 2.0f * float(i), "x[" + std::to_string(i) + "]");
  launch(8, 128, addLaunch, dy, static_cast<const float*>(dx), n);  // y = i + 1 + 2i
  checkCall(cudaGetLastError(), "add");
  checkCall(cudaMemcpy(hy.data(), dy, n * 4, 2), "cudaMemcpy");
  for (unsigned i = 0; i < n; ++i) check(hy[i] == float(3 * i + 1), "y[" + std::to_string(i) + "]");
  const unsigned seven = 7;  // the count starts from 7
  checkCall(cudaMemcpyToSymbol(&total, &seven, 4, 0, 1), "cudaMemcpyToSymbol");
  launch(2, 512, countLaunch, static_cast<const float*>(dy), n, 1500.0f);  // 3i + 1 > 1500
  checkCall(cudaGetLastError(), "count");
  unsigned counted = 0;
  checkCall(cudaMemcpyFromSymbol(&counted, &total, 4, 0, 2), "cudaMemcpyFromSymbol");
  check(counted == 507, "count: " + std::to_string(counted) + " of 507");  // i = 500 .. 999
  cudaEventRecord(end, nullptr);
  float ms = 0;
  checkCall(cudaEventElapsedTime(&ms, start, end), "cudaEventElapsedTime");
  check(ms > 0, "elapsed simulated time");
  checkCall(cudaFree(dx), "cudaFree");
  checkCall(cudaFree(dy), "cudaFree");
  std::printf("3 kernels, %.6f ms simulated: %s\n", ms,
              failures ? "CHECKS FAILED" : "all checks passed");
  return failures ? 1 : 0;
}
