#pragma once
// Division of 64-bit values by a divisor fixed at construction (a partition count, a chunk or
// row size, a bank count), without the host's divide instruction: a shift for a power of two,
// else a multiply by a precomputed reciprocal (Granlund and Montgomery, "Division by Invariant
// Integers using Multiplication", PLDI 1994, Figure 4.1), exact for every 64-bit dividend.
// Address decoding divides on every memory request; a hardware divide costs tens of cycles.
#include <cstdint>
#include <stdexcept>

namespace warpsim {

class Divider {
 public:
  explicit Divider(std::uint32_t d = 1) : d_(d) {
    if (d == 0) throw std::invalid_argument("Divider: division by zero");
    std::uint32_t l = 0;  // ceil(log2 d)
    while ((std::uint64_t{1} << l) < d) ++l;
    if ((d & (d - 1)) == 0) {
      pow2_ = true;
      shift_ = l;
      return;
    }
    // m' = floor(2^64 (2^l - d) / d) + 1 < 2^64, as 2^l < 2d.
    const unsigned __int128 num = static_cast<unsigned __int128>((std::uint64_t{1} << l) - d) << 64;
    m_ = static_cast<std::uint64_t>(num / d) + 1;
    shift_ = l - 1;  // l >= 2 here: d is at least 3
  }
  std::uint64_t divide(std::uint64_t n) const {
    if (pow2_) return n >> shift_;
    const auto t1 = static_cast<std::uint64_t>((static_cast<unsigned __int128>(m_) * n) >> 64);
    return (t1 + ((n - t1) >> 1)) >> shift_;
  }
  std::uint64_t remainder(std::uint64_t n) const { return n - divide(n) * d_; }
  std::uint32_t divisor() const { return d_; }

 private:
  std::uint32_t d_;
  bool pow2_ = false;
  std::uint32_t shift_ = 0;
  std::uint64_t m_ = 0;
};

}  // namespace warpsim
