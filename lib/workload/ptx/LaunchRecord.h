#pragma once
// Launch records (doc/cuda.md): a folder holding a PTX module, the initial contents of global
// memory, one or more kernel launches (kernel, grid, block, dynamic shared memory, arguments)
// and, optionally, the expected contents of output regions. `--launch-record DIR` replays one
// on any platform program, so that tests need neither nvcc nor a host program.
#include <cstdint>
#include <string>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/ptx/PtxExecutor.h"

namespace warpsim::ptx {

// The most memory a record's regions may hold in all (they are allocated on the host when the
// record loads); the records of benchmarks/records hold under 1 MiB each.
constexpr std::uint64_t kMaxRecordMemory = std::uint64_t{1} << 30;
// The most launch.json, or a `ptxas -v` log beside it, may hold.
constexpr std::uint64_t kMaxRecordFileBytes = std::uint64_t{64} << 20;

// Loads DIR/launch.json and what it names. The workload's kernels are the launches, in order,
// sharing one global memory; its `check` compares the expected regions after the run.
// `occupancy` (optional) gets one line per kernel saying where its registers and shared memory
// came from. Throws ConfigError naming the file (and JSON path or PTX line) for anything
// malformed: a missing file, a bad number, arguments that disagree with the .entry's
// parameters, regions that overlap or that hold more than kMaxRecordMemory in all. `ctaBudget`
// is the warp instructions a CTA may execute before it is taken for a spin-wait
// (PtxLaunch::instructionBudget).
Workload loadLaunchRecord(const std::string& dir, std::string* occupancy = nullptr,
                          std::uint64_t ctaBudget = kCtaInstructionBudget);

}  // namespace warpsim::ptx
