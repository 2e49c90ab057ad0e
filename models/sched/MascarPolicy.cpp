#include "warpsim/sched/MascarPolicy.h"

namespace warpsim {

void MascarPolicy::order(const SchedView& view, std::uint64_t slotWarps,
                         std::vector<WarpId>& order) {
  order.clear();
  control_->refresh(view);
  const std::uint64_t ready = slotWarps & view.readyMask();
  std::uint64_t mem = 0, stalled = 0;  // the WST: memory bit; stall bit for ownership
  for (std::uint64_t m = ready; m; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    const WarpState& s = view.warp(WarpId{w});
    if (!s.nextIsMem) continue;
    mem |= std::uint64_t{1} << w;
    if (s.nextLeavesSm && !control_->mayIssueMem(w)) stalled |= std::uint64_t{1} << w;
  }
  const std::uint64_t compute = ready & ~mem;
  if (!control_->mp()) {  // III-B: equal priority, memory-ready first
    gto_.append(view, slotWarps, mem, order);
    gto_.append(view, slotWarps, compute, order);
    return;
  }
  AgeOrder& ages = gto_.ages();  // III-A: compute-ready first, oldest first within each
  ages.append(ages.ranks(view, slotWarps, compute), order);
  ages.append(ages.ranks(view, slotWarps, mem & ~stalled), order);
}

}  // namespace warpsim
