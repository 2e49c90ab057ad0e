#include "warpsim/stats/StatsRegistry.h"

#include <ostream>
#include <stdexcept>

#include "warpsim/stats/NaturalOrder.h"
#include "warpsim/stats/StatsTree.h"

namespace warpsim {

namespace {

using nlohmann::json;

double ratioOf(std::uint64_t num, std::uint64_t den) {
  return den ? static_cast<double>(num) / static_cast<double>(den) : 0.0;
}

// A histogram's state as histBase_ stores it: bucket counts, then count, then sum.
std::vector<std::uint64_t> snapshot(const Histogram& h) {
  std::vector<std::uint64_t> s = h.buckets();
  s.push_back(h.count());
  s.push_back(h.sum());
  return s;
}

json histogramJson(const Histogram& h) {
  return json{{"count", h.count()},    {"sum", h.sum()},   {"min", h.min()},
              {"max", h.max()},        {"mean", h.mean()}, {"bucket_width", h.bucketWidth()},
              {"buckets", h.buckets()}};
}

// The change since `base`. min and max are left out: the extremes of one kernel's samples
// cannot be recovered from two whole-run snapshots, and a whole-run figure would mislead.
json histogramDeltaJson(const Histogram& h, const std::vector<std::uint64_t>& base) {
  const std::size_t n = h.buckets().size();
  std::vector<std::uint64_t> buckets(n);
  for (std::size_t i = 0; i < n; ++i) buckets[i] = h.buckets()[i] - base[i];
  const std::uint64_t count = h.count() - base[n];
  const std::uint64_t sum = h.sum() - base[n + 1];
  return json{{"count", count},
              {"sum", sum},
              {"mean", count ? static_cast<double>(sum) / static_cast<double>(count) : 0.0},
              {"bucket_width", h.bucketWidth()},
              {"buckets", std::move(buckets)}};
}

// The leaves of `node` as CSV lines under `path` (strings as they are, everything else as its
// JSON text; arrays are left out).
void addLeaves(std::map<std::string, std::string, NaturalLess>& lines, const std::string& path,
               const json& node) {
  if (node.is_object()) {
    for (const auto& [key, child] : node.items())
      addLeaves(lines, path.empty() ? key : path + "." + key, child);
  } else if (!node.is_array() && !path.empty()) {
    lines[path] = node.is_string() ? node.get<std::string>() : node.dump();
  }
}

[[noreturn]] void throwUnderLeaf(const std::string& path, const std::string& leaf) {
  throw std::logic_error("StatsRegistry: statistic '" + path + "' would sit under '" + leaf +
                         "', which is itself a statistic");
}

}  // namespace

void StatsRegistry::claim(const std::string& path) {
  splitStatPath(path);  // throws on a malformed path
  if (paths_.count(path)) {
    throw std::logic_error("StatsRegistry: statistic '" + path + "' is registered twice");
  }
  for (auto dot = path.find('.'); dot != std::string::npos; dot = path.find('.', dot + 1)) {
    if (paths_.count(path.substr(0, dot))) throwUnderLeaf(path, path.substr(0, dot));
  }
  const std::string prefix = path + ".";
  const auto below = paths_.lower_bound(prefix);
  if (below != paths_.end() && below->compare(0, prefix.size(), prefix) == 0) {
    throw std::logic_error("StatsRegistry: statistic '" + path + "' is a prefix of '" + *below +
                           "'; a path is either a statistic or a group, not both");
  }
  paths_.insert(path);
}

// Bases start at zero, not at the value when registered, so that a statistic's per-kernel
// changes always add up to its whole-run figure.
void StatsRegistry::addCounter(const std::string& path, const Counter& c) {
  claim(path);
  counters_[path] = &c;
  counterBase_[path] = 0;
}

void StatsRegistry::addHistogram(const std::string& path, const Histogram& h) {
  claim(path);
  histograms_[path] = &h;
  histBase_[path] = std::vector<std::uint64_t>(h.buckets().size() + 2, 0);
}

void StatsRegistry::addRatio(const std::string& path, const Counter& num, const Counter& den,
                             double scale) {
  claim(path);
  ratios_[path] = Ratio{&num, &den, scale};
  ratioBase_[path] = {0, 0};
}

void StatsRegistry::addRatioOfSum(const std::string& path, const Counter& num, const Counter& denA,
                                  const Counter& denB) {
  claim(path);
  ratios_[path] = Ratio{&num, &denA, 1.0, &denB};
  ratioBase_[path] = {0, 0};
}

void StatsRegistry::addValue(const std::string& path, std::function<double()> fn) {
  if (!fn) {
    throw std::logic_error("StatsRegistry: value '" + path + "' registered without a function");
  }
  claim(path);
  values_[path] = std::move(fn);
}

nlohmann::json StatsRegistry::tree() const {
  if (frozen_) return frozenTree_;
  json root = json::object();
  for (const auto& [path, c] : counters_) setAtStatPath(root, path, c->value());
  for (const auto& [path, h] : histograms_) setAtStatPath(root, path, histogramJson(*h));
  for (const auto& [path, r] : ratios_) {
    setAtStatPath(root, path, r.scale * ratioOf(r.num->value(), r.denominator()));
  }
  for (const auto& [path, fn] : values_) setAtStatPath(root, path, fn());
  return root;
}

nlohmann::json StatsRegistry::deltaTree() const {
  json root = json::object();
  for (const auto& [path, c] : counters_) {
    setAtStatPath(root, path, c->value() - counterBase_.at(path));
  }
  for (const auto& [path, h] : histograms_) {
    setAtStatPath(root, path, histogramDeltaJson(*h, histBase_.at(path)));
  }
  for (const auto& [path, r] : ratios_) {
    const auto& [num0, den0] = ratioBase_.at(path);
    setAtStatPath(root, path, r.scale * ratioOf(r.num->value() - num0, r.denominator() - den0));
  }
  return root;
}

void StatsRegistry::rebase() {
  for (const auto& [path, c] : counters_) counterBase_[path] = c->value();
  for (const auto& [path, h] : histograms_) histBase_[path] = snapshot(*h);
  for (const auto& [path, r] : ratios_) ratioBase_[path] = {r.num->value(), r.denominator()};
}

void StatsRegistry::endKernel(const std::string& kernelName, nlohmann::json summary) {
  if (summary.is_null()) summary = json::object();
  if (!summary.is_object()) {
    throw std::invalid_argument("StatsRegistry::endKernel: the summary of kernel '" + kernelName +
                                "' must be a JSON object, got " + summary.type_name());
  }
  summary["name"] = kernelName;
  summary["stats"] = deltaTree();
  kernels_.push_back(std::move(summary));
  rebase();
}

// Doubles are printed as nlohmann::json prints them (shortest text that reads back exactly),
// so the CSV and the JSON agree digit for digit; a non-finite value prints as null.
void StatsRegistry::freeze() {
  frozenTree_ = tree();
  frozenCsv_ = csvLines();
  frozen_ = true;
}

std::map<std::string, std::string, NaturalLess> StatsRegistry::csvLines() const {
  if (frozen_) return frozenCsv_;
  std::map<std::string, std::string, NaturalLess> lines;
  for (const auto& [path, c] : counters_) lines[path] = std::to_string(c->value());
  for (const auto& [path, h] : histograms_) {
    lines[path + ".count"] = std::to_string(h->count());
    lines[path + ".mean"] = json(h->mean()).dump();
  }
  for (const auto& [path, r] : ratios_) {
    lines[path] = json(r.scale * ratioOf(r.num->value(), r.denominator())).dump();
  }
  for (const auto& [path, fn] : values_) lines[path] = json(fn()).dump();
  return lines;
}

void StatsRegistry::writeCsv(std::ostream& os, const nlohmann::json& extra) const {
  std::map<std::string, std::string, NaturalLess> lines = csvLines();
  addLeaves(lines, "", extra);
  os << "stat,value\n";
  for (const auto& [path, value] : lines) os << path << ',' << value << '\n';
}

}  // namespace warpsim
