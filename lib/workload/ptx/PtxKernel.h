#pragma once
// A PTX kernel launch as the timing model's KernelDesc (lib/workload/ptx/README.md): when the
// timing model asks for the first warp of a CTA, the CTA is executed functionally
// (executeCta) and its warps' recorded streams are handed out, one per makeWarp call.
#include <cstdint>
#include <memory>
#include <string>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/ptx/PtxExecutor.h"
#include "warpsim/workload/ptx/PtxasLog.h"

namespace warpsim::ptx {

// Registers per thread and shared memory per CTA, and where they came from.
struct Occupancy {
  std::uint32_t regsPerThread = 0, smemPerCta = 0;
  std::string source;  // "ptxas -v", "the PTX's live registers", ...
};

// From the kernel's PTX: the most 32-bit register words live at once (maxLiveRegisterWords,
// 8 to 255; ptxas may allocate more), and its static plus the launch's dynamic shared memory.
Occupancy occupancyFromPtx(const PtxProgram& program, const PtxLaunch& launch);
// From `ptxas -v` figures (`source` says where they came from, for the run's messages): its
// registers, and its static shared memory plus the launch's dynamic.
Occupancy occupancyFromPtxas(const PtxasFigures& figures, const PtxLaunch& launch,
                             std::string source);

// The launch as a kernel. `program` and `memory` are shared with the launches that follow (a
// later kernel sees what an earlier one wrote).
KernelDesc makePtxKernel(std::shared_ptr<const PtxProgram> program,
                         std::shared_ptr<GlobalMemory> memory, PtxLaunch launch,
                         const Occupancy& occupancy);

}  // namespace warpsim::ptx
