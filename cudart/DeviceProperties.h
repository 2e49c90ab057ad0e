#pragma once
// What cudaGetDeviceProperties and cudaDeviceGetAttribute report: the simulated platform's own
// figures (SMs, shared memory and registers per SM and per block, warps, caches, clocks), so
// that a program sizing its launches by them sizes them for the GPU it runs on.
#include <cstddef>
#include <string>

#include "warpsim/gpu/GpuParams.h"

namespace warpsim::cudart {

// The figures, named as CUDA names them.
struct DeviceFigures {
  std::string name;
  std::size_t totalGlobalMem = 0, sharedMemPerBlock = 0, totalConstMem = 0, l2CacheSize = 0;
  std::size_t sharedMemPerMultiprocessor = 0;
  int regsPerBlock = 0, warpSize = 32, maxThreadsPerBlock = 1024,
      maxThreadsDim[3] = {1024, 1024, 64};
  int maxGridSize[3] = {0x7fffffff, 65535, 65535};
  int major = 7, minor = 5;  // the PTX the stand-in runs is compute_75 (doc/cuda.md)
  int multiProcessorCount = 0, maxThreadsPerMultiProcessor = 0, regsPerMultiprocessor = 0;
  int maxBlocksPerMultiProcessor = 0, memoryBusWidth = 0, clockRateKHz = 0, memoryClockRateKHz = 0;
};

DeviceFigures deviceFigures(const std::string& platform, const GpuParams& p);

// Writes `f` into `prop`, CUDA 13's cudaDeviceProp (1008 bytes, zeroed first, the fields at
// their offsets in that layout).
void writeDeviceProp(void* prop, const DeviceFigures& f);

// cudaDeviceGetAttribute's value of `attribute` (a cudaDeviceAttr); false for one not modelled.
bool deviceAttribute(int attribute, const DeviceFigures& f, int* value);

}  // namespace warpsim::cudart
