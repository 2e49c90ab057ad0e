#pragma once
// Statistics registered under hierarchical names (`gpu.sm3.l1d.misses`), written as a JSON
// tree (whole run and per kernel) and a flat CSV (doc/architecture.md). Blocks own their
// Counters and Histograms; the registry holds references and reads them only when reporting.
#include <cstdint>
#include <fstream>
#include <functional>
#include <iosfwd>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "warpsim/stats/Counter.h"
#include "warpsim/stats/Histogram.h"
#include "warpsim/stats/NaturalOrder.h"

namespace warpsim {

class StatsRegistry {
 public:
  // `path` is dotted; registering the same path twice is a programming error (logic_error).
  void addCounter(const std::string& path, const Counter& c);
  void addHistogram(const std::string& path, const Histogram& h);
  // num / den, computed from the counters (so per-kernel entries get the kernel's own ratio);
  // 0 when den is 0.
  // `scale` multiplies the ratio (1000 for per-thousand figures such as MPKI).
  void addRatio(const std::string& path, const Counter& num, const Counter& den,
                double scale = 1.0);
  // num / (denA + denB), e.g. a share of two exclusive outcomes; otherwise as addRatio.
  void addRatioOfSum(const std::string& path, const Counter& num, const Counter& denA,
                     const Counter& denB);
  // A value computed when reported (whole run only, not per kernel).
  void addValue(const std::string& path, std::function<double()> fn);

  // Calls fn(path, counter) for every registered counter, in path order.
  void forEachCounter(const std::function<void(const std::string&, const Counter&)>& fn) const {
    for (const auto& [path, c] : counters_) fn(path, *c.counter);
  }

  // Marks a kernel boundary: the kernel's entry holds every counter's and histogram's change
  // since the previous boundary (or the start), and the ratios of those changes.
  void endKernel(const std::string& kernelName, nlohmann::json summary);

  // The module tree of the whole run: {"gpu": {"sm0": {"l1d": {"misses": 12, ...}}}}.
  // Histograms are objects {count, sum, min, max, mean, bucket_width, buckets}.
  nlohmann::json tree() const;
  // Per-kernel entries in launch order: the summary passed to endKernel, plus "stats": tree.
  const nlohmann::json& kernels() const { return kernels_; }
  // Every counter, ratio and value, one `path,value` line each, in natural order (sm2 before
  // sm10), with the leaves of `extra` (a JSON object, e.g. {"totals": {...}}) as lines of their
  // dotted paths among them.
  void writeCsv(std::ostream& os, const nlohmann::json& extra = nlohmann::json::object()) const;
  // Takes every value as it is now: tree() and writeCsv() give these from now on, whatever the
  // counters do after (a platform lets the memory system drain after the run's last cycle, for
  // the conservation check, without the statistics seeing it; doc/reliability.md).
  void freeze();
  // Prepares the reports (tree, kernel entries, CSV) for the statistics registered so far, so
  // that none pays for it later (a platform calls it before sc_start; otherwise the first report
  // does, and a registration after it makes the next report prepare again).
  void prepare() const { layOut(); }

 private:
  // Each statistic with its value at the last kernel boundary (the base of the next kernel's
  // changes; zero at first, so that per-kernel changes add up to the whole-run figure).
  struct CounterStat {
    const Counter* counter;
    std::uint64_t base = 0;
  };
  struct HistogramStat {
    const Histogram* histogram;
    std::vector<std::uint64_t> base;  // bucket counts, then count, then sum
  };
  struct Ratio {
    const Counter* num;
    const Counter* den;
    double scale = 1.0;
    const Counter* denAlso = nullptr;  // added to den when set
    std::uint64_t num0 = 0, den0 = 0;  // base
    std::uint64_t denominator() const { return den->value() + (denAlso ? denAlso->value() : 0); }
  };
  // Where a report reads one statistic: its entry in the maps below (map nodes do not move).
  using Value = std::function<double()>;
  using Source = std::variant<const CounterStat*, const HistogramStat*, const Ratio*, const Value*>;
  // A leaf of a report's tree, in path order: how many leading segments of its path it shares
  // with the leaf before it, and the segments after those (the groups to open, then its name).
  struct Leaf {
    Source source;
    std::uint32_t shared;
    std::vector<std::string> fresh;
  };
  // A CSV line: its key (a histogram has two, `.count` and `.mean`), in natural order.
  struct CsvLine {
    std::string key;
    Source source;
    bool mean = false;  // a histogram's `.mean` line
  };
  // Checks `path` is well formed, unused, and neither a leaf above nor a prefix of another path.
  void claim(const std::string& path);
  // The tree of changes since the last kernel boundary (no values, no histogram min/max).
  nlohmann::json deltaTree() const;
  // writeCsv's lines of the registered statistics (without `extra`).
  std::map<std::string, std::string, NaturalLess> csvLines() const;
  static nlohmann::json valueOf(const Source& s);       // its whole-run figure now
  static nlohmann::json csvValue(const CsvLine& line);  // the line's value now, as a number
  // Records every counter, ratio and histogram as the base for the next kernel's changes.
  void rebase();
  // The reports' layouts, made once after the last registration: a report then fills in values
  // instead of splitting, looking up and sorting every path again (a kernel's end takes one).
  void layOut() const;
  template <typename ValueOf>
  static nlohmann::json build(const std::vector<Leaf>& layout, ValueOf value);
  std::set<std::string> paths_;  // every registered path, for claim()
  std::map<std::string, CounterStat> counters_;
  std::map<std::string, HistogramStat> histograms_;
  std::map<std::string, Ratio> ratios_;
  std::map<std::string, Value> values_;
  mutable bool laidOut_ = false;
  mutable std::vector<Leaf> wholeLayout_, kernelLayout_;  // tree(); deltaTree(): no values
  mutable std::vector<CsvLine> csvLayout_;
  nlohmann::json kernels_ = nlohmann::json::array();
  bool frozen_ = false;
  nlohmann::json frozenTree_;
  std::vector<std::pair<std::string, nlohmann::json>> frozenCsv_;  // CSV lines when frozen
};

// A file written through a temporary file beside it (`path`.tmp), renamed into place by
// commit(): an interrupted or failed run never leaves a file that looks complete. Without
// commit() the temporary file is removed. Errors throw std::runtime_error naming the path.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(std::string path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  std::ostream& stream() { return out_; }
  void commit();

 private:
  [[noreturn]] void fail(const std::string& what);
  std::string path_, tmp_;
  std::ofstream out_;
  bool done_ = false;
};

// Writes `text` to `path` with an AtomicFileWriter.
void writeFileAtomically(const std::string& path, const std::string& text);

}  // namespace warpsim
