#include "warpsim/cache/MshrTable.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace warpsim {

MshrTable::MshrTable(std::uint32_t entries, std::uint32_t maxMerged)
    : maxMerged_(maxMerged), entries_(entries), waiters_(std::size_t{entries} * maxMerged) {
  if (entries == 0 || maxMerged == 0)
    throw std::invalid_argument("MshrTable: needs at least one entry and one request per entry");
  free_.reserve(entries);
  busy_.reserve(entries);
  busyLines_.reserve(entries);
  for (std::uint32_t e = entries; e-- > 0;) free_.push_back(e);
}

namespace {
constexpr Addr kNoLine = ~Addr{0};  // bypass entries are never found (no line address is odd)
}

std::uint32_t MshrTable::find(Addr line) const {
  // A contiguous scan: this runs on every miss.
  for (std::size_t i = 0; i < busyLines_.size(); ++i)
    if (busyLines_[i] == line) return busy_[i];
  return kNone;
}

std::uint32_t MshrTable::allocate(Addr line, bool bypass, const Waiter& first) {
  if (free_.empty()) throw std::logic_error("MshrTable: allocate in a full table");
  const std::uint32_t e = free_.back();
  free_.pop_back();
  busy_.push_back(e);
  busyLines_.push_back(bypass ? kNoLine : line);
  entries_[e] = Entry{line, true, bypass, false, 1};
  waiters_[std::size_t{e} * maxMerged_] = first;
  return e;
}

void MshrTable::merge(std::uint32_t e, const Waiter& w) {
  Entry& en = entries_[e];
  if (!en.busy || en.bypass || en.merged >= maxMerged_)
    throw std::logic_error("MshrTable: merge into a free, bypass or merge-full entry");
  waiters_[std::size_t{e} * maxMerged_ + en.merged++] = w;
}

void MshrTable::release(std::uint32_t e) {
  if (!entries_[e].busy) throw std::logic_error("MshrTable: release of a free entry");
  entries_[e] = Entry{};
  const auto i = std::find(busy_.begin(), busy_.end(), e) - busy_.begin();
  busy_.erase(busy_.begin() + i);
  busyLines_.erase(busyLines_.begin() + i);
  // Keep the free stack ordered so that the lowest free index is always taken next: the order
  // entries are used in then depends only on which are busy, not on the order they freed.
  free_.insert(std::upper_bound(free_.begin(), free_.end(), e, std::greater<>()), e);
}

}  // namespace warpsim
