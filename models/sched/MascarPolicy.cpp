#include "warpsim/sched/MascarPolicy.h"

namespace warpsim {

void MascarPolicy::order(const SchedView& view, std::uint64_t slotWarps,
                         std::vector<WarpId>& order) {
  order.clear();
  const auto [ready, mem, stalled] = split(view, slotWarps);
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

std::optional<WarpId> MascarPolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  const auto [ready, mem, stalled] = split(view, slotWarps);
  const std::uint64_t compute = ready & ~mem;
  if (!control_->mp()) return gto_.firstOf(view, slotWarps, mem ? mem : compute);
  const std::uint64_t first = compute ? compute : mem & ~stalled;
  if (first == 0) return std::nullopt;  // order() is empty too
  return WarpId{gto_.ages().oldest(view, slotWarps, first)};
}

// The Warp Status Table's bits for the ready warps (III-A): memory; stall for ownership.
MascarPolicy::Split MascarPolicy::split(const SchedView& view, std::uint64_t slotWarps) {
  control_->refresh(view);
  Split s;
  s.ready = slotWarps & view.readyMask();
  for (std::uint64_t m = s.ready; m; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    const WarpState& ws = view.warp(WarpId{w});
    if (!ws.nextIsMem) continue;
    s.mem |= std::uint64_t{1} << w;
    if (ws.nextLeavesSm && !control_->mayIssueMem(w)) s.stalled |= std::uint64_t{1} << w;
  }
  return s;
}

}  // namespace warpsim
