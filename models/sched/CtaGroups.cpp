#include "warpsim/sched/CtaGroups.h"

#include <stdexcept>

namespace warpsim {

CtaGroups formCtaGroups(std::uint32_t ctas, std::uint32_t warpsPerCta,
                        std::uint32_t minGroupWarps) {
  if (warpsPerCta == 0) throw std::invalid_argument("formCtaGroups: a CTA has at least one warp");
  CtaGroups g;
  g.ctas = ctas;
  // OWL Algorithm 1: while (n x k) < g_size do n <- n + 1.
  while (g.ctasPerGroup * warpsPerCta < minGroupWarps) ++g.ctasPerGroup;
  // g_core <- floor(N / n); the remainder N mod n is added to the last group.
  g.count = ctas / g.ctasPerGroup;
  if (g.count == 0 && ctas > 0) g.count = 1;
  return g;
}

std::uint32_t ctaGroupPriority(CtaScheme scheme, std::uint32_t group, std::uint32_t core,
                               std::uint32_t groups) {
  switch (scheme) {
    case CtaScheme::CtaAware:
      return 0;
    case CtaScheme::CtaAwareLocality:
      return group;
    case CtaScheme::CtaAwareLocalityBlp:
      // (g_num - core_ID) mod g_core, taken as the non-negative residue.
      return groups == 0 ? 0 : (group + groups - core % groups) % groups;
  }
  return 0;
}

}  // namespace warpsim
