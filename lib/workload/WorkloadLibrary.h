#pragma once
// The named synthetic kernels (doc/architecture.md), shaped like the papers' benchmark
// classes: streaming, uncoalesced cache thrashing, graph traversal, stencil, tiled compute.
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/workload/KernelDesc.h"

namespace warpsim {

struct WorkloadInfo {
  std::string name;
  std::string description;  // one line
};

// Every named workload, sorted by name.
std::vector<WorkloadInfo> listWorkloads();

// Builds workload `name` at problem size `size` (1 = tiny, a few thousand warp instructions).
// Throws ConfigError for an unknown name (listing the known ones), size 0, or a size whose
// arrays would not fit their 256 MiB regions.
Workload makeWorkload(const std::string& name, std::uint32_t size);

// The pointer chase: one warp, one active lane, `passes` passes of dependent loads over
// `footprint` bytes at `stride` (workload.pchase_footprint, workload.pchase_stride); measures
// unloaded latencies (doc/platforms.md). makeWorkload("pchase", n) uses 64 KiB and 128 B.
// Throws ConfigError for passes 0 or above 4096 (as makeWorkload), stride 0, stride above
// footprint, footprint above 256 MiB, or more than 2^24 loads in all (passes x footprint / stride:
// a multi-hour run).
Workload makePchase(std::uint32_t passes, std::uint64_t footprint, std::uint64_t stride);

// The size `make run` uses: roughly 2.5-3.5 million warp instructions, enough CTAs to fill a
// 15-SM GPU several times. Throws ConfigError for an unknown name.
std::uint32_t defaultWorkloadSize(const std::string& name);

}  // namespace warpsim
