#pragma once
// A set of small integers (ports, banks, warps) as a bit vector, iterated in rotating order
// from a start index: how a block visits only its busy ports, fairly, without a scan, and how a
// clock domain finds its next scheduled wake-up.
#include <cstdint>
#include <vector>

namespace warpsim {

class PortSet {
 public:
  explicit PortSet(std::uint32_t size = 0) : size_(size), words_((size + 63) / 64, 0) {}
  void insert(std::uint32_t i) { words_[i >> 6] |= bit(i); }
  void erase(std::uint32_t i) { words_[i >> 6] &= ~bit(i); }
  bool contains(std::uint32_t i) const { return (words_[i >> 6] & bit(i)) != 0; }
  bool empty() const {
    for (std::uint64_t w : words_)
      if (w) return false;
    return true;
  }
  std::uint32_t size() const { return size_; }

  // Calls f(i) for every member, starting at `start` and wrapping around. f may erase i.
  template <typename F>
  void forEachFrom(std::uint32_t start, F&& f) const {
    forEachFromUntil(start, [&](std::uint32_t i) {
      f(i);
      return false;
    });
  }
  // The first member at or after `start`, wrapping around; size() when the set is empty.
  std::uint32_t firstFrom(std::uint32_t start) const {
    std::uint32_t found = size_;
    forEachFromUntil(start, [&](std::uint32_t i) {
      found = i;
      return true;
    });
    return found;
  }
  template <typename F>
  void forEach(F&& f) const {
    forEachFrom(0, f);
  }

 private:
  static std::uint64_t bit(std::uint32_t i) { return std::uint64_t{1} << (i & 63); }
  // forEachFrom, stopping once f returns true.
  template <typename F>
  void forEachFromUntil(std::uint32_t start, F&& f) const {
    const std::uint32_t n = static_cast<std::uint32_t>(words_.size());
    if (n == 0) return;
    // Word by word from start's, wrapping, and back to start's for the bits before start: an
    // index that wraps, not a division per word.
    for (std::uint32_t k = 0, w = (start >> 6) % n; k <= n; ++k, w = w + 1 == n ? 0 : w + 1) {
      std::uint64_t bits = words_[w];
      if (k == 0) bits &= ~std::uint64_t{0} << (start & 63);     // from start onwards
      if (k == n) bits &= ~(~std::uint64_t{0} << (start & 63));  // then what precedes it
      for (; bits; bits &= bits - 1)
        if (f(static_cast<std::uint32_t>(w * 64 + __builtin_ctzll(bits)))) return;
    }
  }
  std::uint32_t size_;
  std::vector<std::uint64_t> words_;
};

}  // namespace warpsim
