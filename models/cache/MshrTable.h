#pragma once
// Miss status holding registers: one entry per line with a request outstanding below, each
// holding up to `maxMerged` requests that wait for it (the first miss and the later ones merged
// into it). Plain C++; storage is allocated once, so allocate/merge/release never allocate.
#include <cstdint>
#include <vector>

#include <tlm>

#include "warpsim/core/Ids.h"

namespace warpsim {

class MshrTable {
 public:
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  // A request waiting for the entry's response, with the cycle it arrived at the cache.
  struct Waiter {
    tlm::tlm_generic_payload* payload = nullptr;
    Cycle arrived = 0;
  };
  struct Entry {
    Addr line = 0;
    bool busy = false;
    bool bypass = false;       // answers one request without filling a line; never merged into
    bool dirtyOnFill = false;  // a store waits on it: the filled line is dirty (write-back)
    std::uint32_t merged = 0;  // waiters, the first included
  };

  MshrTable(std::uint32_t entries, std::uint32_t maxMerged);

  // The busy, mergeable entry for `line`, or kNone. Inline: every access asks (a probe or two).
  std::uint32_t find(Addr line) const {
    const std::uint32_t mask = (1u << slotBits_) - 1;
    for (std::uint32_t i = home(line); slotEntry_[i] != kNone; i = (i + 1) & mask)
      if (slotLine_[i] == line) return slotEntry_[i];
    return kNone;
  }
  bool full() const { return free_.empty(); }
  bool mergeFull(std::uint32_t e) const { return entries_[e].merged >= maxMerged_; }
  std::uint32_t freeEntries() const { return static_cast<std::uint32_t>(free_.size()); }
  std::uint32_t inUse() const { return capacity() - freeEntries(); }
  std::uint32_t capacity() const { return static_cast<std::uint32_t>(entries_.size()); }

  // A new entry for `line` with its first waiter; the table must not be full.
  std::uint32_t allocate(Addr line, bool bypass, const Waiter& first);
  // Adds a waiter to entry e; the entry must not be merge-full.
  void merge(std::uint32_t e, const Waiter& w);
  void setDirtyOnFill(std::uint32_t e) { entries_[e].dirtyOnFill = true; }
  const Entry& entry(std::uint32_t e) const { return entries_[e]; }
  // Waiter i of entry e, in arrival order.
  const Waiter& waiter(std::uint32_t e, std::uint32_t i) const {
    return waiters_[std::size_t{e} * maxMerged_ + i];
  }
  void release(std::uint32_t e);

 private:
  std::uint32_t maxMerged_;
  std::vector<Entry> entries_;
  std::vector<Waiter> waiters_;      // entries x maxMerged
  std::vector<std::uint32_t> free_;  // a stack: the lowest index is taken first
  // find()'s index, line -> entry, of the busy mergeable entries: open addressing with linear
  // probing over a power-of-two table of at least four slots per entry (short probes), removal
  // by shifting the probe run back (no tombstones). Sized once: nothing allocates later.
  std::vector<Addr> slotLine_;
  std::vector<std::uint32_t> slotEntry_;  // kNone: empty
  std::uint32_t slotBits_ = 0;
  std::uint32_t home(Addr line) const {
    // Fibonacci hashing: the high bits of the product mix every bit of the line address.
    return slotBits_ == 0
               ? 0
               : static_cast<std::uint32_t>((line * 0x9E3779B97F4A7C15ull) >> (64 - slotBits_));
  }
  void index(Addr line, std::uint32_t e);
  void unindex(Addr line);
};

}  // namespace warpsim
