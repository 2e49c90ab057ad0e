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
    for (const auto& [path, c] : counters_) fn(path, *c);
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

 private:
  struct Ratio {
    const Counter* num;
    const Counter* den;
    double scale = 1.0;
    const Counter* denAlso = nullptr;  // added to den when set
    std::uint64_t denominator() const { return den->value() + (denAlso ? denAlso->value() : 0); }
  };
  // Checks `path` is well formed, unused, and neither a leaf above nor a prefix of another path.
  void claim(const std::string& path);
  // The tree of changes since the last kernel boundary (no values, no histogram min/max).
  nlohmann::json deltaTree() const;
  // writeCsv's lines of the registered statistics (without `extra`).
  std::map<std::string, std::string, NaturalLess> csvLines() const;
  // Records every counter, ratio and histogram as the base for the next kernel's changes.
  void rebase();
  std::set<std::string> paths_;  // every registered path, for claim()
  std::map<std::string, const Counter*> counters_;
  std::map<std::string, const Histogram*> histograms_;
  std::map<std::string, Ratio> ratios_;
  std::map<std::string, std::function<double()>> values_;
  std::map<std::string, std::uint64_t> counterBase_;            // values at the last boundary
  std::map<std::string, std::vector<std::uint64_t>> histBase_;  // bucket counts + count + sum
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> ratioBase_;  // num, den
  nlohmann::json kernels_ = nlohmann::json::array();
  bool frozen_ = false;
  nlohmann::json frozenTree_;
  std::map<std::string, std::string, NaturalLess> frozenCsv_;
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
