// OWL Algorithm 1 as pure functions: FORM_GROUPS and the group priorities of its three schemes.
#include <catch2/catch.hpp>

#include "warpsim/sched/CtaGroups.h"

using namespace warpsim;

TEST_CASE("cta groups: N=10, k=2, g_size=5 gives groups of 3, 3 and 4 CTAs (OWL 4.1)") {
  const CtaGroups g = formCtaGroups(10, 2, 5);
  CHECK(g.ctasPerGroup == 3);
  CHECK(g.count == 3);
  CHECK(g.sizeOf(0) == 3);
  CHECK(g.sizeOf(1) == 3);
  CHECK(g.sizeOf(2) == 4);
  std::vector<std::uint32_t> of;
  for (std::uint32_t i = 0; i < 10; ++i) of.push_back(g.groupOf(i));
  CHECK(of == std::vector<std::uint32_t>{0, 0, 0, 1, 1, 1, 2, 2, 2, 2});
}

TEST_CASE("cta groups: when a CTA has at least g_size warps, each CTA is its own group") {
  for (std::uint32_t k : {8u, 12u}) {
    const CtaGroups g = formCtaGroups(4, k, 8);
    CHECK(g.ctasPerGroup == 1);
    CHECK(g.count == 4);
    for (std::uint32_t i = 0; i < 4; ++i) {
      CHECK(g.groupOf(i) == i);
      CHECK(g.sizeOf(i) == 1);
    }
  }
}

TEST_CASE("cta groups: the default g_size of 8 with 2-warp CTAs groups 4 CTAs, 9 CTAs give 4+5") {
  const CtaGroups g = formCtaGroups(9, 2, 8);
  CHECK(g.ctasPerGroup == 4);
  CHECK(g.count == 2);
  CHECK(g.sizeOf(0) == 4);
  CHECK(g.sizeOf(1) == 5);
}

TEST_CASE("cta groups: fewer CTAs than one group needs form a single group, none form none") {
  const CtaGroups g = formCtaGroups(2, 2, 8);
  CHECK(g.ctasPerGroup == 4);
  CHECK(g.count == 1);
  CHECK(g.sizeOf(0) == 2);
  CHECK(g.groupOf(1) == 0);
  CHECK(formCtaGroups(0, 2, 8).count == 0);
}

TEST_CASE("cta groups: priorities of 3 groups on cores 0..3 follow Algorithm 1") {
  // g_pri[g][core]: CTA-Aware 0; -Locality g; -Locality-BLP (g - core) mod g_core.
  const std::uint32_t blp[4][3] = {{0, 1, 2}, {2, 0, 1}, {1, 2, 0}, {0, 1, 2}};
  for (std::uint32_t core = 0; core < 4; ++core)
    for (std::uint32_t g = 0; g < 3; ++g) {
      CHECK(ctaGroupPriority(CtaScheme::CtaAware, g, core, 3) == 0);
      CHECK(ctaGroupPriority(CtaScheme::CtaAwareLocality, g, core, 3) == g);
      CHECK(ctaGroupPriority(CtaScheme::CtaAwareLocalityBlp, g, core, 3) == blp[core][g]);
    }
}

TEST_CASE("cta groups: with 4 groups, -Locality-BLP's first group on core c is group c") {
  for (std::uint32_t core = 0; core < 4; ++core)
    for (std::uint32_t g = 0; g < 4; ++g)
      CHECK(ctaGroupPriority(CtaScheme::CtaAwareLocalityBlp, g, core, 4) == (g + 4 - core) % 4);
  CHECK(ctaGroupPriority(CtaScheme::CtaAwareLocalityBlp, 1, 1, 4) == 0);
  CHECK(ctaGroupPriority(CtaScheme::CtaAwareLocalityBlp, 0, 1, 4) == 3);
  CHECK(ctaGroupPriority(CtaScheme::CtaAwareLocalityBlp, 0, 0, 1) == 0);
}
