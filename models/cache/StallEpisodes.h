#pragma once
// Why the request at the head of the input queue waits, counted by episode: a reservation that
// fails (GPGPU-Sim's order: a line, a miss-queue slot, an MSHR entry) leaves the request at the
// head, and the episode is counted once, at its first failing cycle; its cycles are counted when
// it ends or its cause changes (a new episode). Retrying with the same cause changes nothing,
// so retrying every edge (sim.tick_all) or sleeping until something changes count the same.
// Plain C++: no SystemC module.
#include <cstdint>

#include "warpsim/cache/CacheStats.h"
#include "warpsim/core/Ids.h"

namespace warpsim {

class StallEpisodes {
 public:
  // What a lookup could not get. NotOwner (a Mascar non-owner's miss) is always refused, never
  // waited for, so it starts no episode of its own.
  enum class Cause : std::uint8_t { None, Line, MissQueue, Mshr, NotOwner };

  explicit StallEpisodes(CacheStats& stats) : stats_(stats) {}

  // The head failed at `t` for `c`: a new episode unless it is the one going on.
  void note(Cause c, Cycle t);
  // The head proceeded at `t`: the episode going on, if any, ends and its cycles count.
  void end(Cycle t) {  // inline: called for every request that proceeds
    if (cause_ != Cause::None) endEpisode(t);
  }
  // Counts the cycles of the episode going on up to `c` and restarts its span there.
  void accountUntil(Cycle c);

  Cause cause() const { return cause_; }
  Cycle since() const { return since_; }
  static const char* toString(Cause c);

 private:
  void endEpisode(Cycle t);
  Counter& counter(Cause c, bool cycles);
  CacheStats& stats_;
  Cause cause_ = Cause::None;
  Cycle since_ = 0;
};

}  // namespace warpsim
