#include "warpsim/stats/StatsRegistry.h"

#include <algorithm>
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
  laidOut_ = false;
}

void StatsRegistry::addCounter(const std::string& path, const Counter& c) {
  claim(path);
  counters_[path] = CounterStat{&c};
}

void StatsRegistry::addHistogram(const std::string& path, const Histogram& h) {
  claim(path);
  histograms_[path] = HistogramStat{&h, std::vector<std::uint64_t>(h.buckets().size() + 2, 0)};
}

void StatsRegistry::addRatio(const std::string& path, const Counter& num, const Counter& den,
                             double scale) {
  claim(path);
  ratios_[path] = Ratio{&num, &den, scale};
}

void StatsRegistry::addRatioOfSum(const std::string& path, const Counter& num, const Counter& denA,
                                  const Counter& denB) {
  claim(path);
  ratios_[path] = Ratio{&num, &denA, 1.0, &denB};
}

void StatsRegistry::addValue(const std::string& path, std::function<double()> fn) {
  if (!fn) {
    throw std::logic_error("StatsRegistry: value '" + path + "' registered without a function");
  }
  claim(path);
  values_[path] = std::move(fn);
}

void StatsRegistry::layOut() const {
  if (laidOut_) return;
  struct Stat {
    const std::string* path;
    Source source;
    std::vector<std::string> segments;
  };
  std::vector<Stat> all;  // every statistic, in path order
  all.reserve(paths_.size());
  for (const auto& [path, c] : counters_) all.push_back({&path, &c, {}});
  for (const auto& [path, h] : histograms_) all.push_back({&path, &h, {}});
  for (const auto& [path, r] : ratios_) all.push_back({&path, &r, {}});
  for (const auto& [path, fn] : values_) all.push_back({&path, &fn, {}});
  std::sort(all.begin(), all.end(), [](const Stat& x, const Stat& y) { return *x.path < *y.path; });
  for (Stat& stat : all) stat.segments = splitStatPath(*stat.path);
  auto leaves = [&](bool withValues) {
    std::vector<Leaf> layout;
    const std::vector<std::string>* previous = nullptr;
    for (const Stat& stat : all) {
      if (std::holds_alternative<const Value*>(stat.source) && !withValues) continue;
      const std::vector<std::string>& segments = stat.segments;
      // No path is a group of another's leaf (claim), so a shared prefix ends before both leaves.
      std::size_t shared = 0;
      while (previous && shared + 1 < segments.size() && shared + 1 < previous->size() &&
             segments[shared] == (*previous)[shared])
        ++shared;
      layout.push_back(Leaf{stat.source, static_cast<std::uint32_t>(shared),
                            std::vector<std::string>(segments.begin() + shared, segments.end())});
      previous = &segments;
    }
    return layout;
  };
  wholeLayout_ = leaves(true);
  kernelLayout_ = leaves(false);
  std::vector<std::pair<std::string, CsvLine>> csv;  // natural key, line
  for (const Stat& stat : all) {
    if (!std::holds_alternative<const HistogramStat*>(stat.source)) {
      csv.push_back({naturalKey(*stat.path), CsvLine{*stat.path, stat.source}});
      continue;
    }
    for (const bool mean : {false, true}) {
      std::string key = *stat.path + (mean ? ".mean" : ".count");
      csv.push_back({naturalKey(key), CsvLine{std::move(key), stat.source, mean}});
    }
  }
  std::sort(csv.begin(), csv.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  csvLayout_.clear();
  for (auto& [key, line] : csv) csvLayout_.push_back(std::move(line));
  laidOut_ = true;
}

// The tree of `layout`'s leaves, each valued value(source). The open groups are kept on a
// stack (a JSON object's children do not move when siblings are added), so each leaf costs the
// insertion of its fresh segments only.
template <typename ValueOf>
json StatsRegistry::build(const std::vector<Leaf>& layout, ValueOf value) {
  json root = json::object();
  std::vector<json*> open{&root};
  for (const Leaf& leaf : layout) {
    open.resize(leaf.shared + 1);
    for (std::size_t i = 0; i + 1 < leaf.fresh.size(); ++i)
      open.push_back(&(*open.back())[leaf.fresh[i]]);
    (*open.back())[leaf.fresh.back()] = value(leaf.source);
  }
  return root;
}

// A statistic's whole-run figure (a histogram's as its JSON object).
json StatsRegistry::valueOf(const Source& s) {
  struct {
    json operator()(const CounterStat* c) const { return c->counter->value(); }
    json operator()(const HistogramStat* h) const { return histogramJson(*h->histogram); }
    json operator()(const Ratio* r) const {
      return r->scale * ratioOf(r->num->value(), r->denominator());
    }
    json operator()(const Value* fn) const { return (*fn)(); }
  } whole;
  return std::visit(whole, s);
}

nlohmann::json StatsRegistry::tree() const {
  if (frozen_) return frozenTree_;
  layOut();
  return build(wholeLayout_, valueOf);
}

nlohmann::json StatsRegistry::deltaTree() const {
  layOut();
  // The change since the last boundary; values are not in this layout.
  struct {
    json operator()(const CounterStat* c) const { return c->counter->value() - c->base; }
    json operator()(const HistogramStat* h) const {
      return histogramDeltaJson(*h->histogram, h->base);
    }
    json operator()(const Ratio* r) const {
      return r->scale * ratioOf(r->num->value() - r->num0, r->denominator() - r->den0);
    }
    json operator()(const Value*) const { return nullptr; }
  } change;
  return build(kernelLayout_, [&](const Source& s) { return std::visit(change, s); });
}

void StatsRegistry::rebase() {
  for (auto& [path, c] : counters_) c.base = c.counter->value();
  for (auto& [path, h] : histograms_) h.base = snapshot(*h.histogram);
  for (auto& [path, r] : ratios_) {
    r.num0 = r.num->value();
    r.den0 = r.denominator();
  }
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
  layOut();
  frozenCsv_.clear();
  frozenCsv_.reserve(csvLayout_.size());
  for (const CsvLine& line : csvLayout_) frozenCsv_.emplace_back(line.key, csvValue(line));
  frozen_ = true;
}

json StatsRegistry::csvValue(const CsvLine& line) {
  const auto* stat = std::get_if<const HistogramStat*>(&line.source);
  if (!stat) return valueOf(line.source);
  const Histogram& h = *(*stat)->histogram;
  return line.mean ? json(h.mean()) : json(h.count());
}

std::map<std::string, std::string, NaturalLess> StatsRegistry::csvLines() const {
  // In natural order already: each line goes in at the end, without a search.
  std::map<std::string, std::string, NaturalLess> lines;
  if (frozen_) {
    for (const auto& [key, value] : frozenCsv_) lines.emplace_hint(lines.end(), key, value.dump());
    return lines;
  }
  layOut();
  for (const CsvLine& line : csvLayout_)
    lines.emplace_hint(lines.end(), line.key, csvValue(line).dump());
  return lines;
}

void StatsRegistry::writeCsv(std::ostream& os, const nlohmann::json& extra) const {
  std::map<std::string, std::string, NaturalLess> lines = csvLines();
  addLeaves(lines, "", extra);
  os << "stat,value\n";
  for (const auto& [path, value] : lines) os << path << ',' << value << '\n';
}

}  // namespace warpsim
