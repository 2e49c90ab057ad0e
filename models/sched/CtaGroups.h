#pragma once
// OWL Algorithm 1 as pure functions (no SystemC, no SM): how the CTAs on a core are split into
// groups (FORM_GROUPS), and the priority each of the three CTA-aware schemes gives a group.
#include <cstdint>

namespace warpsim {

// The groups of N CTAs on a core, numbered 0 .. count-1 over the CTAs in launch order.
struct CtaGroups {
  std::uint32_t ctasPerGroup = 1;  // n: the smallest n with n x k >= g_size
  std::uint32_t count = 0;         // g_core: floor(N / n), at least 1 when N > 0
  std::uint32_t ctas = 0;          // N

  // Group of the i-th CTA in launch order: the remainder N mod n joins the last group.
  std::uint32_t groupOf(std::uint32_t i) const {
    const std::uint32_t g = i / ctasPerGroup;
    return g < count ? g : count - 1;
  }
  // CTAs in group g (group_size[g] of Algorithm 1).
  std::uint32_t sizeOf(std::uint32_t g) const {
    return g + 1 < count ? ctasPerGroup : ctas - ctasPerGroup * (count - 1);
  }
};

// OWL Algorithm 1 FORM_GROUPS for N = `ctas` CTAs of k = `warpsPerCta` warps and a minimum of
// g_size = `minGroupWarps` warps per group. When fewer than n CTAs are left (the end of a
// kernel), Algorithm 1 would form no group; they form one group (count = 1) instead.
CtaGroups formCtaGroups(std::uint32_t ctas, std::uint32_t warpsPerCta, std::uint32_t minGroupWarps);

// The three schemes of OWL section 4 (Algorithm 1's procedures).
enum class CtaScheme {
  CtaAware,            // §4.1: every group priority 0, groups switched round-robin
  CtaAwareLocality,    // §4.2: g_pri = g_num
  CtaAwareLocalityBlp  // §4.3: g_pri = (g_num - core_ID) mod g_core
};

// g_pri[g][core] of Algorithm 1: lower is scheduled first.
std::uint32_t ctaGroupPriority(CtaScheme scheme, std::uint32_t group, std::uint32_t core,
                               std::uint32_t groups);

}  // namespace warpsim
