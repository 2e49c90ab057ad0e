#include "warpsim/sched/SwlPolicy.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "warpsim/config/Config.h"

namespace warpsim {

void SwlParams::declare(ConfigSchema& s) {
  s.addUInt("sched.swl_limit", 0,
            "swl: warps per SM allowed to issue, the oldest not waiting at a barrier, split "
            "evenly over the issue slots with at least one each (0: no limit, i.e. plain GTO)",
            0, 64);
}

SwlParams SwlParams::load(const Config& c) {
  SwlParams p;
  p.limit = static_cast<std::uint32_t>(c.getUInt("sched.swl_limit"));
  return p;
}

SwlPolicy::SwlPolicy(const SwlParams& params, std::uint32_t slot, std::uint32_t issueSlots)
    : limit_(slotShare(params.limit, slot, issueSlots)) {}

std::uint32_t SwlPolicy::slotShare(std::uint32_t smLimit, std::uint32_t slot,
                                   std::uint32_t issueSlots) {
  if (issueSlots == 0 || slot >= issueSlots)
    throw std::invalid_argument("SwlPolicy: issue slot " + std::to_string(slot) + " of " +
                                std::to_string(issueSlots) +
                                " (PolicyContext::issueSlots must be the SM's issue slots)");
  if (smLimit == 0) return 64;
  const std::uint32_t share = smLimit / issueSlots + (slot < smLimit % issueSlots ? 1 : 0);
  return std::max(share, 1u);
}

void SwlPolicy::order(const SchedView& view, std::uint64_t slotWarps, std::vector<WarpId>& order) {
  order.clear();
  const std::uint64_t ready = slotWarps & view.readyMask();
  if (ready == 0) return;
  const std::uint64_t active = gto_.ages().oldestActive(view, slotWarps, limit_);
  gto_.append(view, slotWarps, ready & active, order);
}

std::optional<WarpId> SwlPolicy::firstReady(const SchedView& view, std::uint64_t slotWarps) {
  const std::uint64_t ready = slotWarps & view.readyMask();
  if (ready == 0) return std::nullopt;
  const std::uint64_t active = gto_.ages().oldestActive(view, slotWarps, limit_);
  return gto_.firstOf(view, slotWarps, ready & active);  // none: order() is empty too
}

}  // namespace warpsim
