#pragma once
// An Accel-Sim trace folder as a Workload: `kernelslist.g` (or the folder holding it) lists the
// kernel files in launch order. For custom platforms as for the platform programs (--trace).
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/trace/TraceFormat.h"

namespace warpsim::trace {

// What the trace holds, from the check done while loading it.
struct TraceSummary {
  std::string listPath;  // the kernelslist.g read
  std::uint64_t kernels = 0;
  std::uint64_t warpInstructions = 0;    // instruction lines
  std::uint64_t threadInstructions = 0;  // sum of popcount(mask)
  double scanSeconds = 0;                // time spent reading and checking every kernel file
  std::uint64_t spillBytes = 0;          // the spill file's and the cache files' bytes
  std::uint64_t cachedKernels = 0;       // kernels read from options.cacheDir, not checked
  std::string cacheDir;                  // the cache folder used; empty: none (or turned off)
};

// Loads `path` (a kernelslist.g, or a folder with one). Every kernel file is read and checked
// once here, its decoded thread blocks kept in a spill file (options.spillLimitBytes) from which
// they are read when they launch; blocks beyond the limit are read again from the text. Kernel
// lines name files relative to the list; a listed `X` that does not exist is read from `X.xz` if
// that exists. `MemcpyHtoD` lines are ignored (the timing model keeps no data). Throws TraceError
// naming file and line.
Workload loadTrace(const std::string& path, const TraceOptions& options = {},
                   TraceSummary* summary = nullptr);

}  // namespace warpsim::trace
