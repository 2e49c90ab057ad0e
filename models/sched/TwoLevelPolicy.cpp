#include "warpsim/sched/TwoLevelPolicy.h"

#include <stdexcept>

#include "warpsim/config/Config.h"
#include "warpsim/sched/WarpMask.h"

namespace warpsim {

void TwoLevelParams::declare(ConfigSchema& s) {
  if (s.find("sched.group_size")) return;  // declared by another entry that reads them
  s.addUInt("sched.group_size", 2,
            "2lvl: warps per fetch group, counted in each issue slot's own warp slots (CCWS 5.1 "
            "presents 2; Narasiman et al. used 8)",
            1, 64);
  s.addEnum("sched.inner", "gto", {"rr", "gto"},
            "2lvl: order of the warps within a fetch group (CCWS 2LVL-GTO: gto)");
  s.addEnum("sched.outer", "gto", {"rr", "gto"},
            "2lvl: order of the fetch groups once the current one cannot issue (CCWS 2LVL-GTO: "
            "gto, the group holding the oldest warp)");
}

TwoLevelParams TwoLevelParams::load(const Config& c) {
  auto order = [&](const char* key) {
    return c.getString(key) == "rr" ? SchedOrder::Rr : SchedOrder::Gto;
  };
  TwoLevelParams p;
  p.groupSize = static_cast<std::uint32_t>(c.getUInt("sched.group_size"));
  p.inner = order("sched.inner");
  p.outer = order("sched.outer");
  return p;
}

TwoLevelPolicy::TwoLevelPolicy(const TwoLevelParams& params, std::uint32_t issueSlots)
    : inner_(params.inner), outer_(params.outer) {
  if (params.groupSize == 0 || issueSlots == 0)
    throw std::invalid_argument("TwoLevelPolicy: group size and issue slots must be positive");
  // Warp w is the (w / S)-th warp slot of its issue slot, so a group spans S x G warp ids.
  const std::uint64_t span = std::uint64_t{params.groupSize} * issueSlots;
  for (std::uint32_t w = 0; w < kMaxWarps; ++w) {
    const auto g = static_cast<std::uint32_t>(w / span);
    groupOf_[w] = static_cast<std::uint8_t>(g);
    groupMask_[g] |= warpBit(w);
  }
}

void TwoLevelPolicy::order(const SchedView& view, std::uint64_t slotWarps,
                           std::vector<WarpId>& order) {
  order.clear();
  const std::uint64_t ready = slotWarps & view.readyMask();
  std::uint64_t groups = 0;  // groups with a ready warp
  for (std::uint64_t m = ready; m != 0; m &= m - 1) groups |= warpBit(groupOf_[__builtin_ctzll(m)]);
  if (groups & warpBit(current_)) appendGroup(view, slotWarps, current_, ready, order);
  groups &= ~warpBit(current_);
  if (outer_ == SchedOrder::Gto)
    return appendOldestGroupsFirst(view, slotWarps, groups, ready, order);
  const std::uint64_t ahead = groups & warpsFrom(current_ + 1);
  for (std::uint64_t part : {ahead, groups & ~ahead})
    for (; part != 0; part &= part - 1)
      appendGroup(view, slotWarps, static_cast<std::uint32_t>(__builtin_ctzll(part)), ready, order);
}

std::optional<WarpId> TwoLevelPolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  const std::uint64_t ready = slotWarps & view.readyMask();
  std::uint64_t groups = 0;  // groups with a ready warp
  for (std::uint64_t m = ready; m != 0; m &= m - 1) groups |= warpBit(groupOf_[__builtin_ctzll(m)]);
  if (groups & warpBit(current_)) return firstOfGroup(view, slotWarps, current_, ready);
  if (groups == 0) return std::nullopt;
  std::uint32_t g = 0;
  if (outer_ == SchedOrder::Gto) {
    std::array<std::uint8_t, kMaxWarps> groupAtRank;
    g = groupAtRank[__builtin_ctzll(groupsByAge(view, slotWarps, groups, groupAtRank))];
  } else {
    const std::uint64_t ahead = groups & warpsFrom(current_ + 1);
    g = static_cast<std::uint32_t>(__builtin_ctzll(ahead ? ahead : groups));
  }
  return firstOfGroup(view, slotWarps, g, ready);
}

void TwoLevelPolicy::issued(WarpId w, const WarpInst& inst) {
  const std::uint32_t g = groupOf_[w.value()];
  current_ = g;
  rrNext_[g] = static_cast<std::uint8_t>(w.value() + 1);
  gto_.issued(w, inst);
}

// Inner order: GTO (the last issuer, if it is of this group, then oldest first) or loose
// round-robin from the warp after the group's last issuer.
void TwoLevelPolicy::appendGroup(const SchedView& view, std::uint64_t slotWarps,
                                 std::uint32_t group, std::uint64_t ready,
                                 std::vector<WarpId>& out) {
  const std::uint64_t m = ready & groupMask_[group];
  if (inner_ == SchedOrder::Gto) return gto_.append(view, slotWarps, m, out);
  const std::uint64_t ahead = m & warpsFrom(rrNext_[group]);
  for (std::uint64_t part : {ahead, m & ~ahead})
    for (; part != 0; part &= part - 1)
      out.push_back(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(part))});
}

// appendGroup's first warp (the group has a ready one).
std::optional<WarpId> TwoLevelPolicy::firstOfGroup(const SchedView& view, std::uint64_t slotWarps,
                                                   std::uint32_t group, std::uint64_t ready) {
  const std::uint64_t m = ready & groupMask_[group];
  if (inner_ == SchedOrder::Gto) return gto_.firstOf(view, slotWarps, m);
  const std::uint64_t ahead = m & warpsFrom(rrNext_[group]);
  return WarpId{static_cast<std::uint32_t>(__builtin_ctzll(ahead ? ahead : m))};
}

void TwoLevelPolicy::appendOldestGroupsFirst(const SchedView& view, std::uint64_t slotWarps,
                                             std::uint64_t groups, std::uint64_t ready,
                                             std::vector<WarpId>& out) {
  std::array<std::uint8_t, kMaxWarps> groupAtRank;
  for (std::uint64_t byAge = groupsByAge(view, slotWarps, groups, groupAtRank); byAge != 0;
       byAge &= byAge - 1)
    appendGroup(view, slotWarps, groupAtRank[__builtin_ctzll(byAge)], ready, out);
}

// Outer GTO: a group is as old as its oldest warp (ready or not), so "the oldest FG" of CCWS
// 5.1 is the one holding the oldest warp. Each group's oldest rank is unique, so a mask of those
// ranks sorts the groups.
std::uint64_t TwoLevelPolicy::groupsByAge(const SchedView& view, std::uint64_t slotWarps,
                                          std::uint64_t groups,
                                          std::array<std::uint8_t, kMaxWarps>& groupAtRank) {
  AgeOrder& ages = gto_.ages();
  std::uint64_t touched = 0;
  for (std::uint64_t m = groups; m != 0; m &= m - 1) touched |= groupMask_[__builtin_ctzll(m)];
  // One query over all of them first: should it find a slot with a new warp and rebuild the
  // order, that happens before any rank is taken, so all ranks below come from one order.
  ages.ranks(view, slotWarps, slotWarps & touched);
  std::uint64_t byAge = 0;
  for (std::uint64_t m = groups; m != 0; m &= m - 1) {
    const auto g = static_cast<std::uint32_t>(__builtin_ctzll(m));
    const auto r = static_cast<std::uint32_t>(
        __builtin_ctzll(ages.ranks(view, slotWarps, slotWarps & groupMask_[g])));
    byAge |= warpBit(r);
    groupAtRank[r] = static_cast<std::uint8_t>(g);
  }
  return byAge;
}

}  // namespace warpsim
