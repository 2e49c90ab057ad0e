#pragma once
// warpsim-bench --suite (doc/performance.md): the fixed list of runs whose rates any later
// change is compared with, each in a process of its own (SystemC elaborates once per process).
#include <string>

namespace warpsim::bench {

// Runs the list with `self` (this program's path), prints the table to stdout and, when
// `jsonPath` is not empty, writes every run's figures there. `filter`: only the runs whose
// "platform workload source" contains it (source: synthetic, trace, ptx or real). `recordsDir`:
// a folder of launch records (benchmarks/records) to run as well, or "". `tracesDir`: an
// Accel-Sim trace folder (with kernelslist.g), or a folder of them, to run on every platform as
// well, or "". Returns the exit code: 0, or 1 when a run failed or a folder is not usable.
int runSuite(const std::string& self, const std::string& jsonPath, const std::string& filter,
             const std::string& recordsDir, const std::string& tracesDir);

}  // namespace warpsim::bench
