#pragma once
// --sample-every N: the GPU's time series (doc/observability.md), one CSV row per N core cycles,
// written to a temporary file that becomes the named file only when the run's statistics are.
#include <memory>
#include <string>
#include <vector>

#include "warpsim/stats/StatsRegistry.h"
#include "warpsim/stats/TimeSeries.h"

namespace warpsim {

class Gpu;

// The columns and rates of a GPU's series: raw counts summed over its SMs, L2 slices, DRAM
// channels and interconnect (the counters under `gpu`, the Gpu's SystemC name).
std::vector<TimeSeries::Column> gpuSeriesColumns(const std::string& gpu);
std::vector<TimeSeries::Rate> gpuSeriesRates();

class SeriesOutput {
 public:
  // Call after the Gpu is built (its counters registered) and before sc_start().
  SeriesOutput(Gpu& gpu, const std::string& path, std::uint64_t every);
  // After Gpu::finalize(): the file at its name. Throws std::runtime_error naming the path.
  // Without it (a failed run) the temporary file is removed.
  void commit() { file_.commit(); }
  std::uint64_t rows() const { return series_->rows(); }

 private:
  AtomicFileWriter file_;
  std::unique_ptr<TimeSeries> series_;
};

}  // namespace warpsim
