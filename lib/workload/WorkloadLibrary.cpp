#include "warpsim/workload/WorkloadLibrary.h"

#include <array>
#include <string>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/Kernels.h"

namespace warpsim {

namespace {

struct Entry {
  const char* name;
  const char* description;
  Workload (*make)(std::uint32_t size);
  std::uint32_t defaultSize;
  std::uint32_t maxSize;  // the largest array still fits its 256 MiB region
};

// Sorted by name. Default sizes give 2.5-3.5 million warp instructions (see the test figures).
constexpr std::array<Entry, 10> kWorkloads{{
    {"cp",
     "CP-like 2D grid (8 x 4*size CTAs of 32x4 threads): 16 atoms from constant memory, then "
     "two loads and stores per thread; strides 128 B along x, 8 KiB along y",
     &kernels::makeCp, 128, 4096},
    {"ctareuse",
     "MapReduce-like: every warp of a 128-thread CTA reads the CTA's own 8 KiB block twice "
     "(intra-CTA reuse); consecutive CTAs share DRAM rows",
     &kernels::makeCtaReuse, 256, 4096},
    {"edgewalk",
     "CCWS Example 1: each thread walks its own node's 32 sequential 8 B edges (each lane "
     "re-reads its own 128 B line 16 times, uncoalesced) and gathers each neighbour's rank "
     "from a scattered address; intra-thread locality lost to inter-warp thrashing",
     &kernels::makeEdgeWalk, 640, 1024},
    {"graph",
     "BFS-like gather: per-node loop over a skewed, data-dependent degree (divergent), "
     "scattered neighbour loads, predicated visited stores",
     &kernels::makeGraph, 1024, 4096},
    {"pchase",
     "pointer chase: one warp, one active lane, dependent loads over "
     "workload.pchase_footprint bytes at workload.pchase_stride, size passes; unloaded "
     "latencies",
     &kernels::makePchase, 4, 4096},
    {"scalarprod",
     "scalarProd-like 1D grid of 16*size CTAs of 256 threads: two iterated loads (16 "
     "executions each, 1 KiB apart), one dot product per CTA",
     &kernels::makeScalarProd, 256, 1024},
    {"stencil",
     "5-point 2D stencil on (32*size)^2 floats, 16x16-thread CTAs, 4 time steps "
     "alternating two buffers; neighbouring CTAs share halos and DRAM rows",
     &kernels::makeStencil, 48, 256},
    {"stream",
     "fully coalesced c[i] = a[i] + b[i], grid-stride, 4 elements per thread; "
     "no reuse, bandwidth-bound",
     &kernels::makeStream, 2048, 8192},
    {"thrash",
     "kmeans-like: each lane re-reads its own 128 B point (one line per lane, uncoalesced) "
     "for each of 5 clusters; small per-warp footprint, thrashes L1 across warps",
     &kernels::makeThrash, 512, 8192},
    {"tile",
     "shared-memory tiled matrix multiply of (32*size)^2 floats, 16x16 tiles, barriers; "
     "compute-bound",
     &kernels::makeTile, 9, 256},
}};

std::string knownNames() {
  std::string names;
  for (const Entry& e : kWorkloads) {
    if (!names.empty()) names += ", ";
    names += e.name;
  }
  return names;
}

const Entry& find(const std::string& name) {
  for (const Entry& e : kWorkloads) {
    if (name == e.name) return e;
  }
  throw ConfigError("unknown workload '" + name + "'; known: " + knownNames());
}

}  // namespace

std::vector<WorkloadInfo> listWorkloads() {
  std::vector<WorkloadInfo> list;
  list.reserve(kWorkloads.size());
  for (const Entry& e : kWorkloads) list.push_back({e.name, e.description});
  return list;
}

Workload makeWorkload(const std::string& name, std::uint32_t size) {
  const Entry& e = find(name);
  if (size == 0 || size > e.maxSize) {
    throw ConfigError("workload '" + name + "': size " + std::to_string(size) +
                      " is out of range; allowed: 1 to " + std::to_string(e.maxSize));
  }
  return e.make(size);
}

std::uint32_t defaultWorkloadSize(const std::string& name) {
  return find(name).defaultSize;
}

}  // namespace warpsim
