#pragma once
// libwarpsim_cudart's state (doc/cuda.md, "CUDA programs"): what nvcc's generated code registers
// (fatbinaries, kernels, device variables), device memory, the launch configuration, the last
// error, and the simulated GPU. The CUDA runtime API has no handle to pass around, so this is
// the one process-wide object in warpsim: created on first use (registration runs from static
// constructors, in no set order) and never destroyed (the program's atexit handlers may still
// call in).
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "CudaAbi.h"
#include "Recorder.h"
#include "Session.h"
#include "warpsim/workload/ptx/PtxExecutor.h"
#include "warpsim/workload/ptx/PtxMemory.h"
#include "warpsim/workload/ptx/PtxProgram.h"

namespace warpsim::cudart {

class Runtime {
 public:
  static Runtime& get();

  // Registration (nvcc's static constructors). A module's PTX is parsed when first needed;
  // nothing here may fail loudly, since no caller could handle it yet.
  void** registerFatbinary(const void* wrapper);
  void registerFunction(void** module, const void* hostFunction, const char* deviceName);
  void registerVariable(void** module, const void* hostVariable, const char* deviceName,
                        std::size_t size, bool constant);

  // Device memory: allocations at simulated device addresses (not host pointers).
  CudaError allocate(void** pointer, std::size_t bytes);
  CudaError release(void* pointer);
  CudaError copy(void* to, const void* from, std::size_t bytes, int kind, const char* call);
  CudaError fill(void* pointer, int value, std::size_t bytes);
  CudaError copySymbol(const void* symbol, void* host, std::size_t bytes, std::size_t offset,
                       bool toDevice, const char* call);
  // Row by row: `height` rows of `width` bytes, `fromPitch` and `toPitch` bytes apart.
  CudaError copy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch,
                   std::size_t width, std::size_t height, int kind, const char* call);
  CudaError allocatePitch(void** pointer, std::size_t* pitch, std::size_t width,
                          std::size_t height);

  // CUDA arrays and texture objects (Textures.cpp): an array is device memory with a texel
  // layout; a texture object names an array, a linear or a pitched allocation to `tex`.
  CudaError allocateArray(void** array, const ChannelFormatAbi* format, std::size_t width,
                          std::size_t height);
  CudaError releaseArray(void* array);
  // `offsetX` in bytes, as cudaMemcpy2DToArray takes it.
  CudaError copyArray(void* array, std::size_t offsetX, std::size_t offsetY, void* host,
                      std::size_t hostPitch, std::size_t width, std::size_t height, int kind,
                      bool toArray, const char* call);
  CudaError createTexture(unsigned long long* object, const void* resource, const void* texture,
                          const void* view);
  CudaError destroyTexture(unsigned long long object);

  // Launches: the configuration <<<...>>> pushes and nvcc's host-side launch function pops,
  // then the launch.
  void pushConfiguration(Dim3Abi grid, Dim3Abi block, std::size_t shared, void* stream);
  CudaError popConfiguration(Dim3Abi* grid, Dim3Abi* block, std::size_t* shared, void** stream);
  CudaError kernelHandle(void** handle, const void* hostFunction);
  // `function` is the kernel's host function address (cudaLaunchKernel) or a handle
  // (__cudaLaunchKernel).
  CudaError launch(const void* function, bool isHandle, Dim3Abi grid, Dim3Abi block, void** args,
                   std::size_t shared);

  // The simulated GPU's figures (cudaGetDeviceProperties, cudaDeviceGetAttribute): builds it.
  CudaError properties(void* prop, int device);
  CudaError attribute(int* value, int attribute, int device);

  // Errors: `fail` records `code` as the last error and says why on stderr, naming `call`.
  CudaError fail(CudaError code, const char* call, const std::string& why);
  CudaError lastError(bool reset);
  // The simulated time so far (0 before the first launch).
  double elapsedMs() const { return session_ ? session_->elapsedMs() : 0.0; }
  void atExit();

 private:
  struct Module {
    std::string name;  // "fatbinary N", for messages
    std::string ptx, error;
    std::shared_ptr<const ptx::PtxProgram> program;
  };
  struct Function {
    Module* module = nullptr;
    std::string name;
  };
  struct Variable {
    Module* module = nullptr;
    std::string name;
    std::size_t size = 0;
  };
  struct Array {  // a cudaArray: rows of width texels, `pitch` bytes apart, at `base`
    std::uint64_t base = 0, pitch = 0;
    std::uint32_t width = 0, height = 1, channels = 1;
    ptx::Type format = ptx::Type::F32;
  };
  Runtime();
  // The module's program, parsed and loaded on first use; nullptr after recording the error.
  const ptx::PtxProgram* load(Module& m, const char* call);
  Session* session(const char* call);
  // The bytes of [address, address + bytes) of device memory, or nullptr.
  std::uint8_t* device(const void* address, std::size_t bytes);

  std::vector<std::unique_ptr<Module>> modules_;
  std::map<const void*, Function> functions_;  // by host function address
  std::map<const void*, Variable> variables_;  // by host shadow
  std::shared_ptr<ptx::GlobalMemory> memory_;
  std::vector<std::uint64_t> heap_;  // the bases of cudaMalloc's allocations (arrays' too)
  std::map<const void*, std::unique_ptr<Array>> arrays_;  // by cudaArray_t
  std::map<std::uint64_t, ptx::TextureDesc> textures_;    // by cudaTextureObject_t
  std::uint64_t nextTexture_ = 1;
  std::uint64_t nextAllocation_;
  // WARPSIM_RECORD and WARPSIM_RECORD_PROGRAM; `notify` tells each what the host did.
  std::vector<std::unique_ptr<Recorder>> recorders_;
  template <class F>
  void notify(F f) {
    for (auto& r : recorders_) f(*r);
  }
  std::vector<Dim3Abi> configGrid_, configBlock_;  // pushed configurations (a stack)
  std::vector<std::size_t> configShared_;
  std::unique_ptr<Session> session_;
  std::string sessionError_;
  CudaError last_ = kSuccess;
};

}  // namespace warpsim::cudart
