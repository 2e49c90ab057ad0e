// The C entry points a program built by nvcc calls (doc/cuda.md, "CUDA programs"): what nvcc's
// registration code and host-side launch functions call, and the runtime API. Each forwards to
// the Runtime; what is not supported returns cudaErrorNotSupported and says so on stderr,
// naming the call.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>

#include "CudaAbi.h"
#include "Runtime.h"

using warpsim::cudart::CudaError;
using warpsim::cudart::Dim3Abi;
using warpsim::cudart::Runtime;
namespace cu = warpsim::cudart;

namespace {

CudaError unsupported(const char* call, const char* what) {
  return Runtime::get().fail(cu::kNotSupported, call, std::string(what) + " is not supported");
}

// An event: the simulated time it was recorded at.
struct Event {
  double ms = 0;
  bool recorded = false;
};
// A stream: work on every stream runs in order, at once.
struct Stream {};

// The events or streams a program created and has not destroyed: they live until it ends, as in
// a CUDA context (a program need not destroy them, and LeakSanitizer must not see them leak).
template <class T>
class Handles {
 public:
  static Handles& get() {
    static Handles handles;
    return handles;
  }
  void* create() {
    auto object = std::make_unique<T>();
    void* handle = object.get();
    objects_.emplace(handle, std::move(object));
    return handle;
  }
  void destroy(void* handle) { objects_.erase(handle); }

 private:
  std::map<void*, std::unique_ptr<T>> objects_;
};

// Each error code the stand-in returns: CUDA's name for it and what it says.
struct ErrorText {
  int code;
  const char* name;
  const char* text;
};
constexpr ErrorText kErrors[] = {
    {cu::kSuccess, "cudaSuccess", "no error"},
    {cu::kInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {cu::kMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {cu::kInitializationError, "cudaErrorInitializationError",
     "the simulated GPU could not be built (see stderr)"},
    {cu::kInvalidConfiguration, "cudaErrorInvalidConfiguration", "invalid launch configuration"},
    {cu::kInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
    {cu::kInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
    {cu::kInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection", "invalid copy direction"},
    {cu::kInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function"},
    {cu::kInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
    {cu::kNoKernelImageForDevice, "cudaErrorNoKernelImageForDevice",
     "no kernel image is available for execution on the device"},
    {cu::kInvalidPtx, "cudaErrorInvalidPtx", "the kernel's PTX could not be loaded (see stderr)"},
    {cu::kInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
    {cu::kNotReady, "cudaErrorNotReady", "device not ready"},
    {cu::kIllegalAddress, "cudaErrorIllegalAddress",
     "an illegal memory access was encountered (see stderr)"},
    {cu::kLaunchTimeout, "cudaErrorLaunchTimeout", "the launch timed out"},
    {cu::kLaunchFailure, "cudaErrorLaunchFailure",
     "the launch failed in the simulator (see stderr)"},
    {cu::kNotSupported, "cudaErrorNotSupported", "operation not supported by warpsim (see stderr)"},
};
constexpr ErrorText kUnknownError{cu::kUnknown, "cudaErrorUnknown", "unknown error"};

const ErrorText& errorText(int code) {
  for (const ErrorText& e : kErrors)
    if (e.code == code) return e;
  return kUnknownError;
}

}  // namespace

extern "C" {

// SystemC's own main() (in libsystemc) wants an sc_main; the host program has its own main(),
// so this one never runs.
int sc_main(int, char*[]) {
  std::cerr << "warpsim: libwarpsim_cudart is linked into a program with its own main()\n";
  return 1;
}

// ---- registration (nvcc's static constructors) ----

void** __cudaRegisterFatBinary(void* fatCubin) {
  return Runtime::get().registerFatbinary(fatCubin);
}
void __cudaRegisterFatBinaryEnd(void**) {}
void __cudaUnregisterFatBinary(void**) {}
char __cudaInitModule(void**) {
  return 1;
}

void __cudaRegisterFunction(void** module, const char* hostFun, char*, const char* deviceName, int,
                            void*, void*, void*, void*, int*) {
  Runtime::get().registerFunction(module, hostFun, deviceName);
}

void __cudaRegisterVar(void** module, char* hostVar, char*, const char* deviceName, int,
                       std::size_t size, int constant, int) {
  Runtime::get().registerVariable(module, hostVar, deviceName, size, constant != 0);
}

void __cudaRegisterManagedVar(void**, void**, char*, const char* deviceName, int, std::size_t, int,
                              int) {
  unsupported("__cudaRegisterManagedVar",
              (std::string("managed variable ") + deviceName + " (__managed__)").c_str());
}
void __cudaRegisterTexture(void**, const void*, const void**, const char* deviceName, int, int,
                           int) {
  unsupported("__cudaRegisterTexture",
              (std::string("texture reference ") + deviceName + " (use texture objects)").c_str());
}
void __cudaRegisterSurface(void**, const void*, const void**, const char* deviceName, int, int) {
  unsupported("__cudaRegisterSurface", (std::string("surface ") + deviceName).c_str());
}

// ---- launches ----

unsigned __cudaPushCallConfiguration(Dim3Abi grid, Dim3Abi block, std::size_t shared,
                                     void* stream) {
  Runtime::get().pushConfiguration(grid, block, shared, stream);
  return 0;
}
int __cudaPopCallConfiguration(Dim3Abi* grid, Dim3Abi* block, std::size_t* shared, void* stream) {
  return Runtime::get().popConfiguration(grid, block, shared, static_cast<void**>(stream));
}
int __cudaGetKernel(void** kernel, const void* hostFunction) {
  return Runtime::get().kernelHandle(kernel, hostFunction);
}
int __cudaLaunchKernel(void* kernel, Dim3Abi grid, Dim3Abi block, void** args, std::size_t shared,
                       void*) {
  return Runtime::get().launch(kernel, true, grid, block, args, shared);
}
int __cudaLaunchKernel_ptsz(void* kernel, Dim3Abi grid, Dim3Abi block, void** args,
                            std::size_t shared, void*) {
  return Runtime::get().launch(kernel, true, grid, block, args, shared);
}
int cudaLaunchKernel(const void* function, Dim3Abi grid, Dim3Abi block, void** args,
                     std::size_t shared, void*) {
  return Runtime::get().launch(function, false, grid, block, args, shared);
}

// ---- memory ----

int cudaMalloc(void** pointer, std::size_t bytes) {
  return Runtime::get().allocate(pointer, bytes);
}
int cudaFree(void* pointer) {
  return Runtime::get().release(pointer);
}
int cudaMemcpy(void* to, const void* from, std::size_t bytes, int kind) {
  return Runtime::get().copy(to, from, bytes, kind, "cudaMemcpy");
}
int cudaMemcpyAsync(void* to, const void* from, std::size_t bytes, int kind, void*) {
  return Runtime::get().copy(to, from, bytes, kind, "cudaMemcpyAsync");
}
int cudaMemset(void* pointer, int value, std::size_t bytes) {
  return Runtime::get().fill(pointer, value, bytes);
}
int cudaMemsetAsync(void* pointer, int value, std::size_t bytes, void*) {
  return Runtime::get().fill(pointer, value, bytes);
}
int cudaMemcpyToSymbol(const void* symbol, const void* from, std::size_t bytes, std::size_t offset,
                       int) {
  return Runtime::get().copySymbol(symbol, const_cast<void*>(from), bytes, offset, true,
                                   "cudaMemcpyToSymbol");
}
int cudaMemcpyFromSymbol(void* to, const void* symbol, std::size_t bytes, std::size_t offset, int) {
  return Runtime::get().copySymbol(symbol, to, bytes, offset, false, "cudaMemcpyFromSymbol");
}
int cudaMemcpyToSymbolAsync(const void* symbol, const void* from, std::size_t bytes,
                            std::size_t offset, int, void*) {
  return Runtime::get().copySymbol(symbol, const_cast<void*>(from), bytes, offset, true,
                                   "cudaMemcpyToSymbolAsync");
}
int cudaMemcpyFromSymbolAsync(void* to, const void* symbol, std::size_t bytes, std::size_t offset,
                              int, void*) {
  return Runtime::get().copySymbol(symbol, to, bytes, offset, false, "cudaMemcpyFromSymbolAsync");
}

int cudaMemcpy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch,
                 std::size_t width, std::size_t height, int kind) {
  return Runtime::get().copy2D(to, toPitch, from, fromPitch, width, height, kind, "cudaMemcpy2D");
}
int cudaMallocPitch(void** pointer, std::size_t* pitch, std::size_t width, std::size_t height) {
  return Runtime::get().allocatePitch(pointer, pitch, width, height);
}
// Pinned host memory is ordinary host memory here: copies take no simulated time anyway.
int cudaMallocHost(void** pointer, std::size_t bytes) {
  *pointer = std::malloc(bytes ? bytes : 1);
  return *pointer ? cu::kSuccess
                  : Runtime::get().fail(cu::kMemoryAllocation, "cudaMallocHost",
                                        std::to_string(bytes) + " bytes: out of memory");
}
int cudaHostAlloc(void** pointer, std::size_t bytes, unsigned) {
  return cudaMallocHost(pointer, bytes);
}
int cudaFreeHost(void* pointer) {
  std::free(pointer);
  return cu::kSuccess;
}

// ---- arrays and texture objects ----

// CUDA's own cudaCreateChannelDesc returns this struct from a C function: so must we.
#ifdef __clang__
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreturn-type-c-linkage"
#endif
cu::ChannelFormatAbi cudaCreateChannelDesc(int x, int y, int z, int w, int kind) {
  return cu::ChannelFormatAbi{x, y, z, w, kind};
}
#ifdef __clang__
#pragma clang diagnostic pop
#endif
int cudaMallocArray(void** array, const cu::ChannelFormatAbi* format, std::size_t width,
                    std::size_t height, unsigned) {
  return Runtime::get().allocateArray(array, format, width, height);
}
int cudaFreeArray(void* array) {
  return Runtime::get().releaseArray(array);
}
int cudaMemcpy2DToArray(void* array, std::size_t offsetX, std::size_t offsetY, const void* from,
                        std::size_t fromPitch, std::size_t width, std::size_t height, int kind) {
  return Runtime::get().copyArray(array, offsetX, offsetY, const_cast<void*>(from), fromPitch,
                                  width, height, kind, true, "cudaMemcpy2DToArray");
}
int cudaMemcpy2DFromArray(void* to, std::size_t toPitch, const void* array, std::size_t offsetX,
                          std::size_t offsetY, std::size_t width, std::size_t height, int kind) {
  return Runtime::get().copyArray(const_cast<void*>(array), offsetX, offsetY, to, toPitch, width,
                                  height, kind, false, "cudaMemcpy2DFromArray");
}
int cudaCreateTextureObject(unsigned long long* object, const void* resource, const void* texture,
                            const void* view) {
  return Runtime::get().createTexture(object, resource, texture, view);
}
int cudaDestroyTextureObject(unsigned long long object) {
  return Runtime::get().destroyTexture(object);
}

// ---- errors, device, streams and events ----

int cudaGetLastError() {
  return Runtime::get().lastError(true);
}
int cudaPeekAtLastError() {
  return Runtime::get().lastError(false);
}
int cudaDeviceSynchronize() {  // every launch and copy has finished when its call returns
  return Runtime::get().lastError(false);
}
int cudaGetDeviceCount(int* count) {
  *count = 1;
  return cu::kSuccess;
}
int cudaGetDevice(int* device) {
  *device = 0;
  return cu::kSuccess;
}
int cudaSetDevice(int device) {
  if (device == 0) return cu::kSuccess;
  return Runtime::get().fail(cu::kInvalidDevice, "cudaSetDevice",
                             "device " + std::to_string(device) + ": the simulated GPU is 0");
}

int cudaGetDeviceProperties(void* prop, int device) {
  return Runtime::get().properties(prop, device);
}
int cudaDeviceGetAttribute(int* value, int attribute, int device) {
  return Runtime::get().attribute(value, attribute, device);
}

int cudaStreamCreate(void** stream) {
  *stream = Handles<Stream>::get().create();
  return cu::kSuccess;
}
int cudaStreamCreateWithFlags(void** stream, unsigned) {
  return cudaStreamCreate(stream);
}
int cudaStreamDestroy(void* stream) {
  Handles<Stream>::get().destroy(stream);
  return cu::kSuccess;
}
int cudaStreamSynchronize(void*) {
  return Runtime::get().lastError(false);
}

int cudaEventCreate(void** event) {
  *event = Handles<Event>::get().create();
  return cu::kSuccess;
}
int cudaEventCreateWithFlags(void** event, unsigned) {
  return cudaEventCreate(event);
}
int cudaEventDestroy(void* event) {
  Handles<Event>::get().destroy(event);
  return cu::kSuccess;
}
int cudaEventRecord(void* event, void*) {  // the simulated time: what the kernels took
  auto* e = static_cast<Event*>(event);
  e->ms = Runtime::get().elapsedMs();
  e->recorded = true;
  return cu::kSuccess;
}
int cudaEventSynchronize(void*) {
  return cu::kSuccess;
}
int cudaEventQuery(void*) {
  return cu::kSuccess;
}
int cudaEventElapsedTime(float* ms, void* start, void* end) {
  const auto* a = static_cast<const Event*>(start);
  const auto* b = static_cast<const Event*>(end);
  if (!ms || !a || !b || !a->recorded || !b->recorded)
    return Runtime::get().fail(cu::kInvalidResourceHandle, "cudaEventElapsedTime",
                               "an event that was not recorded");
  *ms = static_cast<float>(b->ms - a->ms);
  return cu::kSuccess;
}

const char* cudaGetErrorName(int error) {
  return errorText(error).name;
}

const char* cudaGetErrorString(int error) {
  return errorText(error).text;
}

}  // extern "C"
