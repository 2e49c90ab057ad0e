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
  for (std::uint32_t e = entries; e-- > 0;) free_.push_back(e);
  while ((std::size_t{1} << slotBits_) < std::size_t{entries} * 4) ++slotBits_;
  slotLine_.assign(std::size_t{1} << slotBits_, 0);
  slotEntry_.assign(std::size_t{1} << slotBits_, kNone);
}

void MshrTable::index(Addr line, std::uint32_t e) {
  const std::uint32_t mask = (1u << slotBits_) - 1;
  std::uint32_t i = home(line);
  while (slotEntry_[i] != kNone) i = (i + 1) & mask;
  slotLine_[i] = line;
  slotEntry_[i] = e;
}

void MshrTable::unindex(Addr line) {
  const std::uint32_t mask = (1u << slotBits_) - 1;
  std::uint32_t i = home(line);
  while (slotLine_[i] != line || slotEntry_[i] == kNone) i = (i + 1) & mask;
  // Backward shift: a later slot of the run moves into the hole unless its home lies
  // cyclically in (hole, slot], where moving it would put it before its home.
  for (std::uint32_t j = (i + 1) & mask; slotEntry_[j] != kNone; j = (j + 1) & mask) {
    const std::uint32_t h = home(slotLine_[j]);
    const bool stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
    if (stays) continue;
    slotLine_[i] = slotLine_[j];
    slotEntry_[i] = slotEntry_[j];
    i = j;
  }
  slotEntry_[i] = kNone;
}

std::uint32_t MshrTable::allocate(Addr line, bool bypass, const Waiter& first) {
  if (free_.empty()) throw std::logic_error("MshrTable: allocate in a full table");
  // A miss to a line with a mergeable entry merges or waits; it never takes a second entry.
  if (!bypass && find(line) != kNone)
    throw std::logic_error("MshrTable: a second entry for a line that has one");
  const std::uint32_t e = free_.back();
  free_.pop_back();
  if (!bypass) index(line, e);
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
  if (!entries_[e].bypass) unindex(entries_[e].line);
  entries_[e] = Entry{};
  // Keep the free stack ordered so that the lowest free index is always taken next: the order
  // entries are used in then depends only on which are busy, not on the order they freed.
  free_.insert(std::upper_bound(free_.begin(), free_.end(), e, std::greater<>()), e);
}

}  // namespace warpsim
