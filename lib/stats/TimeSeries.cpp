#include "warpsim/stats/TimeSeries.h"

#include <fnmatch.h>

#include <ostream>
#include <stdexcept>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

TimeSeries::TimeSeries(const StatsRegistry& stats, std::vector<Column> columns,
                       std::vector<Rate> rates, std::ostream& out)
    : columns_(std::move(columns)), rates_(std::move(rates)), out_(out) {
  counters_.resize(columns_.size());
  stats.forEachCounter([this](const std::string& path, const Counter& c) {
    for (std::size_t i = 0; i < columns_.size(); ++i)
      for (const std::string& glob : columns_[i].globs)
        if (fnmatch(glob.c_str(), path.c_str(), 0) == 0) {
          counters_[i].push_back(&c);
          break;
        }
  });
  auto indexOf = [this](const std::string& name) {
    if (name == "cycles") return -1;
    for (std::size_t i = 0; i < columns_.size(); ++i)
      if (columns_[i].name == name) return static_cast<int>(i);
    throw std::logic_error("time series: a rate names no column '" + name + "'");
  };
  for (const Rate& r : rates_) rateIndex_.push_back({indexOf(r.num), indexOf(r.den)});
  last_.assign(columns_.size(), 0);
  delta_.assign(columns_.size(), 0);
  out_ << "start,end,cycles";
  for (const Column& c : columns_) out_ << ',' << c.name;
  for (const Rate& r : rates_) out_ << ',' << r.name;
  out_ << '\n';
}

void TimeSeries::sample(std::uint64_t start, std::uint64_t end) {
  const std::uint64_t cycles = end - start;
  out_ << start << ',' << end << ',' << cycles;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    std::uint64_t now = 0;
    for (const Counter* c : counters_[i]) now += c->value();
    delta_[i] = now - last_[i];
    last_[i] = now;
    out_ << ',' << delta_[i];
  }
  for (const RateIndex& r : rateIndex_) {
    const std::uint64_t num = r.num < 0 ? cycles : delta_[r.num];
    const std::uint64_t den = r.den < 0 ? cycles : delta_[r.den];
    out_ << ',';
    if (den != 0) out_ << static_cast<double>(num) / static_cast<double>(den);
  }
  out_ << '\n';
  ++rows_;
}

}  // namespace warpsim
