#include "cache/MshrTable.h"

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
  for (std::uint32_t e = entries; e-- > 0;) free_.push_back(e);
}

std::uint32_t MshrTable::find(Addr line) const {
  for (std::uint32_t e : busy_)
    if (entries_[e].line == line && !entries_[e].bypass) return e;
  return kNone;
}

std::uint32_t MshrTable::allocate(Addr line, bool bypass, const Waiter& first) {
  if (free_.empty()) throw std::logic_error("MshrTable: allocate in a full table");
  const std::uint32_t e = free_.back();
  free_.pop_back();
  busy_.push_back(e);
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
  busy_.erase(std::find(busy_.begin(), busy_.end(), e));
  // Keep the free stack ordered so that the lowest free index is always taken next: the order
  // entries are used in then depends only on which are busy, not on the order they freed.
  free_.insert(std::upper_bound(free_.begin(), free_.end(), e, std::greater<>()), e);
}

}  // namespace warpsim
