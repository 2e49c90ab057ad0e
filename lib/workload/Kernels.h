#pragma once
// Internal to lib/workload: the builders of the named kernels (one file each) and what they
// share. Users go through WorkloadLibrary.h.
#include <cstdint>

#include "warpsim/workload/KernelDesc.h"

namespace warpsim::kernels {

// Each data array of a kernel starts at its own 256 MiB-aligned base, as large cudaMalloc
// allocations do; array k is at (k + 1) * 256 MiB.
constexpr Addr kArrayRegion = Addr{1} << 28;
constexpr Addr arrayBase(unsigned k) {
  return Addr{k + 1} * kArrayRegion;
}

constexpr std::uint32_t kFloat = 4;  // element size of every array

// `size` is already checked to be within 1 .. the kernel's maximum (WorkloadLibrary.cpp).
Workload makeCp(std::uint32_t size);
Workload makeCtaReuse(std::uint32_t size);
Workload makeGraph(std::uint32_t size);
Workload makeScalarProd(std::uint32_t size);
Workload makeStencil(std::uint32_t size);
Workload makeStream(std::uint32_t size);
Workload makeThrash(std::uint32_t size);
Workload makeEdgeWalk(std::uint32_t size);
// pchase with `size` passes over the default footprint and stride.
constexpr std::uint64_t kPchaseFootprint = 64 * 1024, kPchaseStride = 128;
Workload makePchase(std::uint32_t size);
Workload makeTile(std::uint32_t size);

}  // namespace warpsim::kernels
