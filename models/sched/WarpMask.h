#pragma once
// Warp bitmasks (bit w: warp slot w; an SM has at most 64 warp slots).
#include <cstdint>

namespace warpsim {

constexpr std::uint64_t warpBit(std::uint32_t w) {
  return std::uint64_t{1} << w;
}
// Bits w .. 63.
constexpr std::uint64_t warpsFrom(std::uint32_t w) {
  return w < 64 ? ~std::uint64_t{0} << w : 0;
}

}  // namespace warpsim
