#include "DeviceProperties.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace warpsim::cudart {
namespace {

// cudaDeviceProp as CUDA 13 lays it out: its size and the byte offsets of the fields written.
constexpr std::size_t kPropBytes = 1008;
enum Offset : std::size_t {
  kName = 0,
  kTotalGlobalMem = 288,
  kSharedMemPerBlock = 296,
  kRegsPerBlock = 304,
  kWarpSize = 308,
  kMaxThreadsPerBlock = 320,
  kMaxThreadsDim = 324,
  kMaxGridSize = 336,
  kTotalConstMem = 352,
  kMajor = 360,
  kMinor = 364,
  kMultiProcessorCount = 384,
  kUnifiedAddressing = 588,
  kMemoryBusWidth = 592,
  kL2CacheSize = 596,
  kMaxThreadsPerMultiProcessor = 604,
  kSharedMemPerMultiprocessor = 624,
  kRegsPerMultiprocessor = 632,
  kSharedMemPerBlockOptin = 672,
  kMaxBlocksPerMultiProcessor = 688,
};

template <class T>
void put(std::uint8_t* p, std::size_t offset, T v) {
  std::memcpy(p + offset, &v, sizeof v);
}

}  // namespace

DeviceFigures deviceFigures(const std::string& platform, const GpuParams& p) {
  DeviceFigures f;
  f.name = "warpsim " + platform;
  f.totalGlobalMem = std::size_t{4} << 30;  // simulated memory has no set size: as a 4 GiB card
  f.sharedMemPerBlock = std::min<std::size_t>(p.sm.sharedMemBytes, 48 * 1024);
  f.sharedMemPerMultiprocessor = p.sm.sharedMemBytes;
  f.totalConstMem = 64 * 1024;
  f.l2CacheSize = std::size_t{p.l2.sets} * p.l2.ways * p.l2.lineSize * p.map.partitions;
  f.regsPerBlock = static_cast<int>(std::min<std::uint32_t>(p.sm.registers, 65536));
  f.regsPerMultiprocessor = static_cast<int>(p.sm.registers);
  f.multiProcessorCount = static_cast<int>(p.sms);
  f.maxThreadsPerMultiProcessor = static_cast<int>(p.sm.maxThreads);
  f.maxThreadsPerBlock = std::min(1024, f.maxThreadsPerMultiProcessor);
  f.maxBlocksPerMultiProcessor = static_cast<int>(p.sm.maxCtas);
  // dram.bus_bytes moves per command clock; GDDR5 makes four transfers in one (fermi: 384 bits).
  f.memoryBusWidth = static_cast<int>(p.gddr.busBytes * 8 / 4 * p.map.partitions);
  f.clockRateKHz = static_cast<int>(p.clock.coreMHz * 1000);
  f.memoryClockRateKHz = static_cast<int>(p.clock.dramMHz * 1000);
  return f;
}

void writeDeviceProp(void* prop, const DeviceFigures& f) {
  auto* p = static_cast<std::uint8_t*>(prop);
  std::memset(p, 0, kPropBytes);
  std::memcpy(p + kName, f.name.c_str(), std::min<std::size_t>(f.name.size(), 255));
  put(p, kTotalGlobalMem, f.totalGlobalMem);
  put(p, kSharedMemPerBlock, f.sharedMemPerBlock);
  put(p, kRegsPerBlock, f.regsPerBlock);
  put(p, kWarpSize, f.warpSize);
  put(p, kMaxThreadsPerBlock, f.maxThreadsPerBlock);
  for (int i = 0; i < 3; ++i) {
    put(p, kMaxThreadsDim + 4 * i, f.maxThreadsDim[i]);
    put(p, kMaxGridSize + 4 * i, f.maxGridSize[i]);
  }
  put(p, kTotalConstMem, f.totalConstMem);
  put(p, kMajor, f.major);
  put(p, kMinor, f.minor);
  put(p, kMultiProcessorCount, f.multiProcessorCount);
  put(p, kUnifiedAddressing, 1);
  put(p, kMemoryBusWidth, f.memoryBusWidth);
  put(p, kL2CacheSize, static_cast<int>(f.l2CacheSize));
  put(p, kMaxThreadsPerMultiProcessor, f.maxThreadsPerMultiProcessor);
  put(p, kSharedMemPerMultiprocessor, f.sharedMemPerMultiprocessor);
  put(p, kRegsPerMultiprocessor, f.regsPerMultiprocessor);
  put(p, kSharedMemPerBlockOptin, f.sharedMemPerMultiprocessor);
  put(p, kMaxBlocksPerMultiProcessor, f.maxBlocksPerMultiProcessor);
}

bool deviceAttribute(int attribute, const DeviceFigures& f, int* value) {
  switch (attribute) {  // cudaDeviceAttr's values
    case 1:
      *value = f.maxThreadsPerBlock;
      return true;
    case 2:
    case 3:
    case 4:
      *value = f.maxThreadsDim[attribute - 2];
      return true;
    case 5:
    case 6:
    case 7:
      *value = f.maxGridSize[attribute - 5];
      return true;
    case 8:
      *value = static_cast<int>(f.sharedMemPerBlock);
      return true;
    case 9:
      *value = static_cast<int>(f.totalConstMem);
      return true;
    case 10:
      *value = f.warpSize;
      return true;
    case 12:
      *value = f.regsPerBlock;
      return true;
    case 13:
      *value = f.clockRateKHz;
      return true;
    case 16:
      *value = f.multiProcessorCount;
      return true;
    case 31:
      *value = 0;
      return true;  // concurrent kernels: launches run one at a time
    case 36:
      *value = f.memoryClockRateKHz;
      return true;
    case 37:
      *value = f.memoryBusWidth;
      return true;
    case 38:
      *value = static_cast<int>(f.l2CacheSize);
      return true;
    case 39:
      *value = f.maxThreadsPerMultiProcessor;
      return true;
    case 41:
      *value = 1;
      return true;  // unified addressing
    case 75:
      *value = f.major;
      return true;
    case 76:
      *value = f.minor;
      return true;
    case 81:
      *value = static_cast<int>(f.sharedMemPerMultiprocessor);
      return true;
    case 82:
      *value = f.regsPerMultiprocessor;
      return true;
    case 97:
      *value = static_cast<int>(f.sharedMemPerMultiprocessor);
      return true;
    case 106:
      *value = f.maxBlocksPerMultiProcessor;
      return true;
    default:
      return false;
  }
}

}  // namespace warpsim::cudart
