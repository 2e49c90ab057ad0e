#include "warpsim/sched/PolicyRegistry.h"

#include <algorithm>
#include <string>

#include "warpsim/sched/CcwsPolicy.h"
#include "warpsim/sched/CtaAwarePolicy.h"
#include "warpsim/sched/GtoPolicy.h"
#include "warpsim/sched/LrrPolicy.h"
#include "warpsim/sched/MascarPolicy.h"
#include "warpsim/sched/SwlPolicy.h"
#include "warpsim/sched/TwoLevelPolicy.h"

namespace warpsim {
namespace {
// ccws's options, and 2lvl's for ccws.baseline = 2lvl.
struct CcwsOptions {
  CcwsParams ccws;
  TwoLevelParams twoLevel;
};

// OWL (Jog et al., ASPLOS'13) Algorithm 1's three schemes; `owl` is -Locality-BLP, to which the
// full OWL adds the DRAM controller's opportunistic prefetcher (§4.4). Each entry declares
// sched.owl_group_size (CtaAwareParams::declare adds it once).
void addCtaAware(PolicyRegistry& r, const std::string& name, const std::string& description,
                 CtaScheme scheme) {
  // g_size counts warps per issue slot (OWL 4.1: "enough warps to keep the core pipeline
  // busy"; each slot feeds its own pipeline), as sched.group_size does for two-level.
  r.addWithOptions(name, description, CtaAwareParams::declare, CtaAwareParams::load,
                   [scheme](const CtaAwareParams& p,
                            const PolicyContext& ctx) -> std::unique_ptr<IWarpSchedulingPolicy> {
                     const std::uint32_t slots = std::max<std::uint32_t>(ctx.issueSlots, 1);
                     return std::make_unique<CtaAwarePolicy>(scheme, p.groupSize * slots, ctx.sm);
                   });
}

void addCtaAwarePolicies(PolicyRegistry& r) {
  addCtaAware(r, "cta-aware",
              "CTA groups of sched.owl_group_size warps, switched round-robin once all warps of "
              "the current one are blocked (OWL 4.1)",
              CtaScheme::CtaAware);
  addCtaAware(r, "cta-aware-locality",
              "CTA groups, the oldest group always first, RR within a group (OWL 4.2)",
              CtaScheme::CtaAwareLocality);
  addCtaAware(r, "cta-aware-locality-blp",
              "CTA groups by priority (group - core) mod groups: consecutive cores favour "
              "non-consecutive CTAs (OWL 4.3)",
              CtaScheme::CtaAwareLocalityBlp);
}
}  // namespace

// Registered in alphabetical order, the order --list-policies shows. Each policy with options
// is registered with them (addWithOptions): they join the schema and are read once per run.
PolicyRegistry PolicyRegistry::withBuiltins() {
  PolicyRegistry r;
  r.addWithOptions(
      "2lvl",
      "two-level: fetch groups of sched.group_size, sched.inner/outer rr|gto (CCWS 5.1 2LVL)",
      TwoLevelParams::declare, TwoLevelParams::load,
      [](const TwoLevelParams& p, const PolicyContext& ctx) {
        return std::make_unique<TwoLevelPolicy>(p, ctx.issueSlots);
      });
  r.addWithOptions(
      "ccws",
      "cache-conscious wavefront scheduling: victim-tag hits raise lost-locality scores that "
      "withhold loads of the lowest-scored warps; ccws.* options (CCWS 3.3)",
      [](ConfigSchema& s) {
        CcwsParams::declare(s);
        TwoLevelParams::declare(s);  // ccws.baseline = 2lvl: added once, with 2lvl's
      },
      [](const Config& c) {
        return CcwsOptions{CcwsParams::load(c), TwoLevelParams::load(c)};
      },
      [](const CcwsOptions& o, const PolicyContext& ctx) {
        std::unique_ptr<IWarpSchedulingPolicy> base;
        if (o.ccws.baseline == "lrr")
          base = std::make_unique<LrrPolicy>();
        else if (o.ccws.baseline == "2lvl")
          base = std::make_unique<TwoLevelPolicy>(o.twoLevel, ctx.issueSlots);
        else
          base = std::make_unique<GtoPolicy>();
        return std::make_unique<CcwsPolicy>(o.ccws, std::move(base));
      });
  addCtaAwarePolicies(r);
  r.add("gto", "greedy-then-oldest: the last issuer until it stalls, then the oldest (CCWS 5.1)",
        [](const PolicyContext&) { return std::make_unique<GtoPolicy>(); });
  r.add("lrr", "loose round-robin: equal chance for every warp (CCWS 5.1)",
        [](const PolicyContext&) { return std::make_unique<LrrPolicy>(); });
  r.add("mascar",
        "Mascar: memory-ready first (EP); when an L1 saturates, compute first and one owner warp "
        "per SM past the L1 (MP); with lsu.reexec_entries (Mascar III)",
        [](const PolicyContext& ctx) {
          std::shared_ptr<MascarControl> control;
          if (ctx.shared && ctx.shared->state)
            control = std::static_pointer_cast<MascarControl>(ctx.shared->state);
          else
            control = std::make_shared<MascarControl>();
          if (ctx.shared) ctx.shared->state = control;
          return std::make_unique<MascarPolicy>(control);
        });
  addCtaAware(r, "owl",
              "OWL: cta-aware-locality-blp (OWL 4.3) with the DRAM opportunistic prefetcher (OWL "
              "4.4) on unless dram.prefetch is set",
              CtaScheme::CtaAwareLocalityBlp);
  r.addWithOptions(
      "swl", "static wavefront limiting: sched.swl_limit oldest warps, GTO (CCWS 3.2, 5.1)",
      SwlParams::declare, SwlParams::load, [](const SwlParams& p, const PolicyContext& ctx) {
        return std::make_unique<SwlPolicy>(p, ctx.slot, ctx.issueSlots);
      });
  return r;
}

}  // namespace warpsim
