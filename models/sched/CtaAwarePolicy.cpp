#include "warpsim/sched/CtaAwarePolicy.h"

#include <algorithm>
#include <stdexcept>

#include "warpsim/config/Config.h"
#include "warpsim/sched/WarpMask.h"

namespace warpsim {

void CtaAwareParams::declare(ConfigSchema& s) {
  if (s.find("sched.owl_group_size")) return;  // declared by another CTA-aware entry
  s.addUInt("sched.owl_group_size", 8,
            "cta-aware, cta-aware-locality(-blp), owl: minimum warps per CTA group and issue "
            "slot, g_size of OWL Algorithm 1 (OWL 5.2: 8; a group holds g_size x sm.schedulers "
            "warps)",
            1, 64);
}

CtaAwareParams CtaAwareParams::load(const Config& c) {
  CtaAwareParams p;
  p.groupSize = static_cast<std::uint32_t>(c.getUInt("sched.owl_group_size"));
  return p;
}

// The CTAs resident at a regroup, by CTA slot.
struct CtaAwarePolicy::Resident {
  std::array<std::uint64_t, kMax> warps{}, age{};
  std::array<std::uint32_t, kMax> k{};
  std::uint64_t slots = 0;
};

CtaAwarePolicy::CtaAwarePolicy(CtaScheme scheme, std::uint32_t minGroupWarps, SmId core)
    : scheme_(scheme), minGroupWarps_(minGroupWarps), core_(core.value()) {
  if (minGroupWarps == 0)
    throw std::invalid_argument("CtaAwarePolicy: the minimum group size must be positive");
  groupOf_.fill(kNoGroup);
  slotGroup_.fill(kNone);
}

void CtaAwarePolicy::order(const SchedView& view, std::uint64_t slotWarps,
                           std::vector<WarpId>& order) {
  order.clear();
  if (!formed_ || view.ctaEpoch() != epoch_) regroup(view);
  const std::uint64_t ready = slotWarps & view.readyMask();
  bool open = true;  // every group offered so far waits for data: the next may be offered
  if (scheme_ == CtaScheme::CtaAware) {
    // §4.1: the current group; the others round-robin after it only while it waits for data.
    if (live_ > 0) {
      appendGroup(current_, ready, order);
      currentBlocked_ = waitsForData(view, slotWarps & groups_[current_].warps);
      open = currentBlocked_;
      for (std::uint32_t i = 1; open && i < live_; ++i)
        appendGroup((current_ + i) % live_, ready, order);
    }
  } else {
    for (std::uint32_t p = 0; open && p < live_; ++p) {
      appendGroup(byPriority_[p], ready, order);
      open = waitsForData(view, slotWarps & groups_[byPriority_[p]].warps);
    }
  }
  // Warps of no group (none while the view's epoch is kept) come last, in slot order.
  if (open)
    for (std::uint64_t m = ready & ~grouped_; m != 0; m &= m - 1)
      order.push_back(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(m))});
}

std::optional<WarpId> CtaAwarePolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  if (!formed_ || view.ctaEpoch() != epoch_) regroup(view);
  const std::uint64_t ready = slotWarps & view.readyMask();
  bool open = true;
  if (scheme_ == CtaScheme::CtaAware) {
    if (live_ > 0) {
      const std::optional<WarpId> first = firstOfGroup(current_, ready);
      currentBlocked_ = waitsForData(view, slotWarps & groups_[current_].warps);
      if (first) return first;
      open = currentBlocked_;
      for (std::uint32_t i = 1; open && i < live_; ++i)
        if (const std::optional<WarpId> f = firstOfGroup((current_ + i) % live_, ready)) return f;
    }
  } else {
    for (std::uint32_t p = 0; open && p < live_; ++p) {
      if (const std::optional<WarpId> f = firstOfGroup(byPriority_[p], ready)) return f;
      open = waitsForData(view, slotWarps & groups_[byPriority_[p]].warps);
    }
  }
  const std::uint64_t rest = open ? ready & ~grouped_ : 0;
  if (rest == 0) return std::nullopt;
  return WarpId{static_cast<std::uint32_t>(__builtin_ctzll(rest))};
}

void CtaAwarePolicy::issued(WarpId w, const WarpInst&) {
  const std::uint8_t g = groupOf_[w.value()];
  if (g == kNoGroup) return;
  groups_[g].rrNext = static_cast<std::uint8_t>(w.value() + 1);
  // Algorithm 1: another group is chosen only once every warp of the chosen one is blocked.
  if (scheme_ == CtaScheme::CtaAware && g != current_ && currentBlocked_) {
    current_ = g;
    currentNumber_ = groups_[g].number;
  }
}

// Round-robin within the group (§4.1), from the warp after its last issuer.
void CtaAwarePolicy::appendGroup(std::uint32_t i, std::uint64_t ready,
                                 std::vector<WarpId>& out) const {
  const std::uint64_t m = ready & groups_[i].warps;
  const std::uint64_t ahead = m & warpsFrom(groups_[i].rrNext);
  for (std::uint64_t part : {ahead, m & ~ahead})
    for (; part != 0; part &= part - 1)
      out.push_back(WarpId{static_cast<std::uint32_t>(__builtin_ctzll(part))});
}

// appendGroup's first warp, if the group has a ready one.
std::optional<WarpId> CtaAwarePolicy::firstOfGroup(std::uint32_t i, std::uint64_t ready) const {
  const std::uint64_t m = ready & groups_[i].warps;
  if (m == 0) return std::nullopt;
  const std::uint64_t ahead = m & warpsFrom(groups_[i].rrNext);
  return WarpId{static_cast<std::uint32_t>(__builtin_ctzll(ahead ? ahead : m))};
}

// Algorithm 1's "blocked because of unavailability of data": no warp of `warps` could go on
// without the memory system: each waits on its own loads, has a memory instruction the LSU
// cannot take now, waits at a barrier, or has finished.
bool CtaAwarePolicy::waitsForData(const SchedView& view, std::uint64_t warps) {
  if (warps & view.readyMask()) return false;  // a warp of it can issue now
  for (std::uint64_t m = warps; m != 0; m &= m - 1) {
    const auto w = static_cast<std::uint32_t>(__builtin_ctzll(m));
    const WarpState& s = view.warp(WarpId{w});
    const bool memoryStalled = s.nextIsMem && !(view.readyMask() & warpBit(w));
    if (s.resident && !s.finished && !s.atBarrier && !s.waitsOnMem && !memoryStalled) return false;
  }
  return true;
}

// Runs only when a CTA arrived or left. Groups keep their CTAs, numbers and priorities; a group
// whose CTAs have all finished goes; arrivals join or form groups (addArrivals).
void CtaAwarePolicy::regroup(const SchedView& view) {
  formed_ = true;
  epoch_ = view.ctaEpoch();
  Resident r;
  for (std::uint32_t w = 0; w < view.warpSlots(); ++w) {
    const WarpState& s = view.warp(WarpId{w});
    if (!s.resident || s.ctaSlot >= kMax) continue;
    const std::uint32_t c = s.ctaSlot;
    if (!(r.slots & warpBit(c)) || s.age < r.age[c]) r.age[c] = s.age;
    r.slots |= warpBit(c);
    r.warps[c] |= warpBit(w);
    r.k[c] = s.ctaWarps ? s.ctaWarps : r.k[c];
  }
  for (std::uint32_t i = 0; i < live_; ++i) groups_[i].warps = groups_[i].ctas = 0;
  std::array<std::uint8_t, kMax> fresh{};  // CTA slots of new CTAs, oldest first
  std::uint32_t freshCount = 0;
  for (std::uint32_t c = 0; c < kMax; ++c) {
    if (!(r.slots & warpBit(c))) {
      slotGroup_[c] = kNone;
      continue;
    }
    if (r.k[c] == 0) r.k[c] = static_cast<std::uint32_t>(__builtin_popcountll(r.warps[c]));
    Group* g = nullptr;
    if (slotGroup_[c] != kNone && slotAge_[c] == r.age[c])
      for (std::uint32_t i = 0; i < live_ && !g; ++i)
        if (groups_[i].number == slotGroup_[c]) g = &groups_[i];
    if (g) {
      g->warps |= r.warps[c];
      ++g->ctas;
      continue;
    }
    std::uint32_t i = freshCount++;
    for (; i > 0 && r.age[fresh[i - 1]] > r.age[c]; --i) fresh[i] = fresh[i - 1];
    fresh[i] = static_cast<std::uint8_t>(c);
  }
  // Groups whose CTAs have all finished leave; the others keep their order.
  const auto end = std::remove_if(groups_.begin(), groups_.begin() + live_,
                                  [](const Group& g) { return g.ctas == 0; });
  live_ = static_cast<std::uint32_t>(end - groups_.begin());
  if (live_ == 0) mostCtas_ = 0;  // a new kernel (or the first) starts filling the core
  addArrivals(r, fresh.data(), freshCount);
  prioritise();
}

// New CTAs, oldest first: they fill the youngest group up to n CTAs, then form groups of n by
// FORM_GROUPS over the rest of them (the remainder joining the last), so CTAs that arrive
// together are grouped as Algorithm 1 groups the N CTAs of a core.
void CtaAwarePolicy::addArrivals(const Resident& r, const std::uint8_t* fresh,
                                 std::uint32_t count) {
  std::uint32_t i = 0;
  while (i < count) {
    const std::uint32_t k = r.k[fresh[i]];
    std::uint32_t run = i;  // arrivals of one kernel (same k)
    while (run < count && r.k[fresh[run]] == k) ++run;
    const std::uint32_t n = formCtaGroups(1, k, minGroupWarps_).ctasPerGroup;
    auto join = [&](Group& g, std::uint8_t c) {
      g.warps |= r.warps[c];
      ++g.ctas;
      slotGroup_[c] = g.number;
      slotAge_[c] = r.age[c];
    };
    Group* youngest = live_ ? &groups_[live_ - 1] : nullptr;
    for (; i < run && youngest && youngest->k == k && youngest->ctas < youngest->full; ++i)
      join(*youngest, fresh[i]);
    const CtaGroups batch = formCtaGroups(run - i, k, minGroupWarps_);
    for (std::uint32_t j = 0; i < run; ++i, ++j) {
      const std::uint32_t g = batch.groupOf(j);
      if (j == g * n) {  // the first CTA of a new group
        Group& fresh_group = groups_[live_++];
        fresh_group = Group{};
        fresh_group.number = nextNumber_++;
        fresh_group.k = k;
        fresh_group.full = std::max(n, batch.sizeOf(g));
      }
      join(groups_[live_ - 1], fresh[i]);
    }
  }
}

// Priority positions and the warp -> group map; g_core from the most CTAs held at once.
void CtaAwarePolicy::prioritise() {
  std::uint32_t ctas = 0;
  for (std::uint32_t i = 0; i < live_; ++i) ctas += groups_[i].ctas;
  mostCtas_ = std::max(mostCtas_, ctas);
  gCore_ = live_ ? std::max(1u, formCtaGroups(mostCtas_, groups_[0].k, minGroupWarps_).count) : 1;
  groupOf_.fill(kNoGroup);
  grouped_ = 0;
  for (std::uint32_t i = 0; i < live_; ++i) {
    grouped_ |= groups_[i].warps;
    for (std::uint64_t m = groups_[i].warps; m != 0; m &= m - 1)
      groupOf_[__builtin_ctzll(m)] = static_cast<std::uint8_t>(i);
    byPriority_[i] = static_cast<std::uint8_t>(i);
  }
  // -Locality: oldest first (g_pri = g_num). -Locality-BLP: (g_num - core_ID) mod g_core, ties
  // (groups whose numbers differ by a multiple of g_core) oldest first.
  if (scheme_ == CtaScheme::CtaAwareLocalityBlp) {
    auto key = [&](std::uint8_t i) {
      const auto g = static_cast<std::uint32_t>(groups_[i].number % gCore_);
      return ctaGroupPriority(scheme_, g, core_, gCore_);
    };
    std::stable_sort(byPriority_.begin(), byPriority_.begin() + live_,
                     [&](std::uint8_t a, std::uint8_t b) { return key(a) < key(b); });
  }
  // CtaAware keeps running its group while it lives, else the next younger one.
  current_ = 0;
  for (std::uint32_t i = 0; i < live_; ++i)
    if (groups_[i].number >= currentNumber_) {
      current_ = i;
      break;
    }
  currentNumber_ = live_ ? groups_[current_].number : 0;
}

}  // namespace warpsim
