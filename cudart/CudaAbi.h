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

// cudaChannelFormatDesc: bits per channel (x, y, z, w) and cudaChannelFormatKind.
struct ChannelFormatAbi {
  int x = 0, y = 0, z = 0, w = 0;
  int kind = 0;  // 0 signed, 1 unsigned, 2 float
};
static_assert(sizeof(ChannelFormatAbi) == 20, "cudaChannelFormatDesc is 20 bytes");

// Where cudaResourceDesc (144 bytes) and cudaTextureDesc (72 bytes) keep the fields the stand-in
// reads, in CUDA 13's driver_types.h and texture_types.h (x86-64). They are read by offset:
// their unions and padding need not be declared.
namespace resource_desc {
constexpr std::size_t kResType = 0;       // cudaResourceType: 0 array, 2 linear, 3 pitch2D
constexpr std::size_t kArray = 8;         // array: cudaArray_t
constexpr std::size_t kDevPtr = 8;        // linear, pitch2D: the device pointer
constexpr std::size_t kDesc = 16;         // linear, pitch2D: cudaChannelFormatDesc
constexpr std::size_t kSizeInBytes = 40;  // linear
constexpr std::size_t kWidth = 40, kHeight = 48, kPitchInBytes = 56;  // pitch2D
}  // namespace resource_desc
namespace texture_desc {
constexpr std::size_t kAddressMode = 0;  // int[3]: 0 wrap, 1 clamp, 2 mirror, 3 border
constexpr std::size_t kFilterMode = 12;  // 0 point, 1 linear
constexpr std::size_t kReadMode = 16;    // 0 element type, 1 normalised float
constexpr std::size_t kNormalizedCoords = 40;
}  // namespace texture_desc

}  // namespace warpsim::cudart
