#pragma once
// A time series of a run's counters (doc/observability.md): one CSV row per interval, with the
// change of each column (a sum of registered counters, chosen by glob) over the interval and
// rates derived from those changes. The rows of a column add up to the counters' values at the
// last sample, so the series of a whole run sums to its end-of-run totals.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "warpsim/stats/Counter.h"

namespace warpsim {

class StatsRegistry;

class TimeSeries {
 public:
  struct Column {
    std::string name;
    std::vector<std::string> globs;  // fnmatch patterns over counter paths; the column sums them
  };
  struct Rate {
    std::string name;
    std::string num, den;  // column names, or "cycles" (the interval's length)
  };

  // Resolves each column's counters now (register every counter first) and writes the header:
  // start, end, cycles, the columns, the rates. Throws std::logic_error for a rate naming an
  // unknown column.
  TimeSeries(const StatsRegistry& stats, std::vector<Column> columns, std::vector<Rate> rates,
             std::ostream& out);
  // One row for the core cycles [start, end): each column's change since the previous row.
  void sample(std::uint64_t start, std::uint64_t end);
  std::uint64_t rows() const { return rows_; }

 private:
  struct RateIndex {
    int num, den;  // column index, -1 for the interval's cycles
  };
  std::vector<Column> columns_;
  std::vector<Rate> rates_;
  std::vector<RateIndex> rateIndex_;
  std::vector<std::vector<const Counter*>> counters_;  // per column
  std::vector<std::uint64_t> last_;                    // per column, at the previous row
  std::vector<std::uint64_t> delta_;                   // per column, this row (scratch)
  std::ostream& out_;
  std::uint64_t rows_ = 0;
};

}  // namespace warpsim
