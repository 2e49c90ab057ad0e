#include "warpsim/sched/LrrPolicy.h"

namespace warpsim {

void LrrPolicy::order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) {
  order.clear();
  const std::uint64_t m = slotWarps & view.readyMask();
  const std::uint64_t ahead = next_ < 64 ? m & (~std::uint64_t{0} << next_) : 0;
  for (std::uint64_t part : {ahead, m & ~ahead})
    for (; part != 0; part &= part - 1)
      order.push_back(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(part))});
}

std::optional<WarpId> LrrPolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  const std::uint64_t m = slotWarps & view.readyMask();
  if (m == 0) return std::nullopt;
  const std::uint64_t ahead = next_ < 64 ? m & (~std::uint64_t{0} << next_) : 0;
  return WarpId{static_cast<std::uint32_t>(__builtin_ctzll(ahead ? ahead : m))};
}

void LrrPolicy::issued(WarpId w, const WarpInst&) {
  next_ = w.value() + 1;
}

}  // namespace warpsim
