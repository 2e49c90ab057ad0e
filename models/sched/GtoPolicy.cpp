#include "warpsim/sched/GtoPolicy.h"

namespace warpsim {

void GtoPolicy::order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) {
  order.clear();
  append(view, slotWarps, slotWarps & view.readyMask(), order);
}

std::optional<WarpId> GtoPolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  return firstOf(view, slotWarps, slotWarps & view.readyMask());
}

std::optional<WarpId> GtoPolicy::firstOf(const SchedView& view, std::uint64_t slotWarps,
                                         std::uint64_t mask) {
  if (mask == 0) return std::nullopt;
  if (isGreedy(view, mask)) return WarpId{last_};
  return WarpId{ages_.oldest(view, slotWarps, mask)};
}

void GtoPolicy::append(const SchedView& view, std::uint64_t slotWarps, std::uint64_t mask,
                       std::vector<WarpId>& out) {
  if (isGreedy(view, mask)) {
    out.push_back(WarpId{last_});
    mask &= ~(std::uint64_t{1} << last_);
  }
  ages_.append(ages_.ranks(view, slotWarps, mask), out);
}

// The issuer was ready this cycle, so the age order holds its current age.
void GtoPolicy::issued(WarpId w, const WarpInst&) {
  last_ = w.value();
  lastAge_ = ages_.ageOf(last_);
}

}  // namespace warpsim
