#include "warpsim/stats/Histogram.h"

#include <stdexcept>
#include <string>

namespace warpsim {

Histogram::Histogram(std::uint64_t bucketWidth, std::size_t buckets) : width_(bucketWidth) {
  if (bucketWidth == 0) {
    throw std::invalid_argument("Histogram: bucket width must be at least 1, got 0");
  }
  if (buckets == 0) {
    throw std::invalid_argument("Histogram: bucket count must be at least 1, got 0");
  }
  buckets_.assign(buckets + 1, 0);  // + 1: the overflow bucket
  if ((bucketWidth & (bucketWidth - 1)) == 0) shift_ = __builtin_ctzll(bucketWidth);
}

void Histogram::add(std::uint64_t sample) {
  const std::uint64_t overflow = buckets_.size() - 1;
  const std::uint64_t i = shift_ >= 0 ? sample >> shift_ : sample / width_;
  ++buckets_[i < overflow ? i : overflow];
  if (count_ == 0 || sample < min_) min_ = sample;
  if (sample > max_) max_ = sample;
  ++count_;
  sum_ += sample;
}

}  // namespace warpsim
