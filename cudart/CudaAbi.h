#pragma once
// What libwarpsim_cudart shares with programs compiled by nvcc, declared here in warpsim's own
// terms so that warpsim builds without the CUDA toolkit: the error codes and memcpy directions
// (their values are the CUDA runtime's), dim3 and the opaque handles, all passed by value or
// pointer exactly as nvcc's generated code and cuda_runtime_api.h pass them (x86-64 SysV).
#include <cstddef>
#include <cstdint>

namespace warpsim::cudart {

// cudaError_t: an int-sized enum in CUDA; these are the codes the stand-in returns.
enum CudaError : int {
  kSuccess = 0,
  kInvalidValue = 1,
  kMemoryAllocation = 2,
  kInitializationError = 3,
  kInvalidConfiguration = 9,
  kInvalidSymbol = 13,
  kInvalidDevicePointer = 17,
  kInvalidMemcpyDirection = 21,
  kInvalidDeviceFunction = 98,
  kInvalidDevice = 101,
  kNoKernelImageForDevice = 209,
  kInvalidPtx = 218,
  kInvalidResourceHandle = 400,
  kNotReady = 600,
  kIllegalAddress = 700,
  kLaunchTimeout = 702,
  kLaunchFailure = 719,
  kNotSupported = 801,
  kUnknown = 999,
};

// cudaMemcpyKind.
enum MemcpyKind : int {
  kHostToHost = 0,
  kHostToDevice = 1,
  kDeviceToHost = 2,
  kDeviceToDevice = 3,
  kDefault = 4,
};

struct Dim3Abi {  // dim3 / uint3
  unsigned x = 1, y = 1, z = 1;
};

}  // namespace warpsim::cudart
