#include "warpsim/cache/StallEpisodes.h"

#include <algorithm>

namespace warpsim {
namespace {
// Cycles from `since` to `t`; none if accountUntil() already counted past t.
Cycle spanTo(Cycle since, Cycle t) {
  return t > since ? t - since : 0;
}
}  // namespace

void StallEpisodes::note(Cause c, Cycle t) {
  if (c == cause_) return;
  end(t);
  cause_ = c;
  since_ = t;
  counter(c, false).inc();
}

void StallEpisodes::endEpisode(Cycle t) {
  counter(cause_, true).inc(spanTo(since_, t));
  cause_ = Cause::None;
}

void StallEpisodes::accountUntil(Cycle c) {
  if (cause_ == Cause::None) return;
  counter(cause_, true).inc(spanTo(since_, c));
  since_ = std::max(since_, c);
}

Counter& StallEpisodes::counter(Cause c, bool cycles) {
  switch (c) {
    case Cause::Line:
      return cycles ? stats_.failLineCycles : stats_.failLine;
    case Cause::Mshr:
      return cycles ? stats_.failMshrCycles : stats_.failMshr;
    default:
      return cycles ? stats_.failMissQueueCycles : stats_.failMissQueue;
  }
}

const char* StallEpisodes::toString(Cause c) {
  static const char* const names[] = {"nothing", "a line (every way reserved)", "a miss-queue slot",
                                      "an MSHR entry", "ownership"};
  return names[static_cast<std::uint8_t>(c)];
}

}  // namespace warpsim
