#include "sched/LrrPolicy.h"

#include <algorithm>

namespace warpsim {

void LrrPolicy::order(const SchedView& view, const std::vector<WarpId>& warps,
                      std::vector<WarpId>& order) {
  order.clear();
  if (warps.empty()) return;
  // First warp with an id greater than the last issuer; wrap around.
  std::size_t start = 0;
  if (any_)
    start = static_cast<std::size_t>(
        std::upper_bound(warps.begin(), warps.end(), last_) - warps.begin());
  for (std::size_t i = start; i < warps.size(); ++i)
    if (view.warp(warps[i]).eligible) order.push_back(warps[i]);
  for (std::size_t i = 0; i < start; ++i)
    if (view.warp(warps[i]).eligible) order.push_back(warps[i]);
}

void LrrPolicy::issued(WarpId w, const WarpInst&) {
  last_ = w;
  any_ = true;
}

}  // namespace warpsim
