#pragma once
// Book-keeping of the predictor-driven prefetcher: which lines it prefetched, and what became
// of them when (if) a demand load for the line left an SM. A direct-mapped table of recent
// prefetches (fixed size, no allocation), also used to avoid prefetching a line twice.
//   useful:  the prefetch had completed and the line was still in its L2 slice
//   early:   the prefetch had completed but the line had been evicted again
//   late:    the demand left the SM while the prefetch was still in flight
//   useless: never demanded (replaced in the table, or at the end of the kernel)
#include <cstdint>
#include <vector>

#include "warpsim/core/Ids.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {

class PrefetchTracker {
 public:
  explicit PrefetchTracker(std::uint32_t slots = 4096) : slots_(slots) {}

  // Whether `line` is worth a prefetch: not prefetched recently.
  bool fresh(Addr line) const {
    const Slot& s = slotOf(line);
    return !(s.valid && s.line == line);
  }
  void issued(Addr line) {
    Slot& s = slotOf(line);
    if (s.valid && !s.used) useless.inc();
    s = Slot{line, true, false, false};
    issuedCount.inc();
  }
  void done(Addr line) {
    Slot& s = slotOf(line);
    if (s.valid && s.line == line) s.done = true;
  }
  void demand(Addr line, bool inL2) {
    Slot& s = slotOf(line);
    if (!s.valid || s.line != line || s.used) return;
    s.used = true;
    (s.done ? (inL2 ? useful : early) : late).inc();
  }
  // The kernel ended: what was never demanded is useless.
  void flush() {
    for (Slot& s : slots_) {
      if (s.valid && !s.used) useless.inc();
      s = Slot{};
    }
  }

  Counter issuedCount, useful, early, late, useless;

 private:
  struct Slot {
    Addr line = 0;
    bool valid = false, used = false, done = false;
  };
  // Hashed, so that arrays at aligned bases (256 MiB apart) do not collide line for line.
  std::size_t indexOf(Addr line) const {
    return static_cast<std::size_t>(((line >> 5) * 0x9E3779B97F4A7C15ull) >> 40) % slots_.size();
  }
  Slot& slotOf(Addr line) { return slots_[indexOf(line)]; }
  const Slot& slotOf(Addr line) const { return slots_[indexOf(line)]; }
  std::vector<Slot> slots_;
};

}  // namespace warpsim
