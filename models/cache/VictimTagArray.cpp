#include "warpsim/cache/VictimTagArray.h"

#include <stdexcept>
#include <string>

namespace warpsim {

VictimTagArray::VictimTagArray(std::uint32_t warps, VtaGeometry g, std::uint32_t lineSize)
    : warps_(warps) {
  if (warps == 0 || g.entriesPerWarp == 0 || g.ways == 0 || lineSize == 0 ||
      (lineSize & (lineSize - 1)) != 0)
    throw std::invalid_argument("VictimTagArray: empty geometry or line size not a power of two");
  ways_ = g.entriesPerWarp < g.ways ? g.entriesPerWarp : g.ways;  // CCWS Fig. 13: EPW 1-4
  if (g.entriesPerWarp % ways_ != 0)
    throw std::invalid_argument("VictimTagArray: " + std::to_string(g.entriesPerWarp) +
                                " entries per warp are not a multiple of " + std::to_string(ways_) +
                                " ways");
  sets_ = g.entriesPerWarp / ways_;
  lineShift_ = static_cast<std::uint32_t>(__builtin_ctz(lineSize));
  entries_.resize(std::size_t{warps} * sets_ * ways_);
}

std::size_t VictimTagArray::base(WarpId warp, Addr line) const {
  if (warp.value() >= warps_)
    throw std::out_of_range("VictimTagArray: warp " + std::to_string(warp.value()) + " of " +
                            std::to_string(warps_));
  const auto set = static_cast<std::size_t>((line >> lineShift_) % sets_);
  return (std::size_t{warp.value()} * sets_ + set) * ways_;
}

void VictimTagArray::insert(WarpId warp, Addr line) {
  const Addr tag = line >> lineShift_;
  Entry* set = &entries_[base(warp, line)];
  Entry* victim = set;
  for (std::uint32_t w = 0; w < ways_; ++w) {
    if (set[w].stamp != 0 && set[w].tag == tag) {
      victim = &set[w];
      break;
    }
    if (set[w].stamp < victim->stamp) victim = &set[w];
  }
  victim->tag = tag;
  victim->stamp = ++clock_;
}

bool VictimTagArray::probe(WarpId warp, Addr line) {
  const Addr tag = line >> lineShift_;
  Entry* set = &entries_[base(warp, line)];
  for (std::uint32_t w = 0; w < ways_; ++w)
    if (set[w].stamp != 0 && set[w].tag == tag) {
      set[w].stamp = 0;
      return true;
    }
  return false;
}

bool VictimTagArray::contains(WarpId warp, Addr line) const {
  const Addr tag = line >> lineShift_;
  const Entry* set = &entries_[base(warp, line)];
  for (std::uint32_t w = 0; w < ways_; ++w)
    if (set[w].stamp != 0 && set[w].tag == tag) return true;
  return false;
}

void VictimTagArray::clear(WarpId warp) {
  if (warp.value() >= warps_) return;
  const std::size_t n = std::size_t{sets_} * ways_;
  for (std::size_t i = 0; i < n; ++i) entries_[warp.value() * n + i].stamp = 0;
}

}  // namespace warpsim
