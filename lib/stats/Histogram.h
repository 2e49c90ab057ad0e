#pragma once
#include <cstdint>
#include <vector>

namespace warpsim {

// A distribution of non-negative integer samples (latencies, occupancies) in `buckets`
// equal-width buckets of `bucketWidth`, plus one overflow bucket; exact count, sum, min, max.
// add() does not allocate.
class Histogram {
 public:
  explicit Histogram(std::uint64_t bucketWidth = 16, std::size_t buckets = 32);
  void add(std::uint64_t sample);

  std::uint64_t count() const { return count_; }
  std::uint64_t sum() const { return sum_; }
  std::uint64_t min() const { return count_ ? min_ : 0; }
  std::uint64_t max() const { return max_; }
  double mean() const {
    return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0;
  }
  std::uint64_t bucketWidth() const { return width_; }
  // buckets()[i] counts samples in [i*width, (i+1)*width); the last entry is the overflow.
  const std::vector<std::uint64_t>& buckets() const { return buckets_; }

 private:
  std::uint64_t width_;
  int shift_ = -1;  // log2(width_) when it is a power of two: a shift, not a division, per sample
  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0, sum_ = 0, min_ = 0, max_ = 0;
};

}  // namespace warpsim
