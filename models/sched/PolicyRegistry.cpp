#include "sched/PolicyRegistry.h"

#include <algorithm>
#include <stdexcept>

#include "config/Config.h"
#include "config/ConfigSchema.h"
#include "sched/CcwsPolicy.h"
#include "sched/CtaAwarePolicy.h"
#include "sched/GtoPolicy.h"
#include "sched/LrrPolicy.h"
#include "sched/MascarPolicy.h"
#include "sched/SchedParams.h"
#include "sched/SwlPolicy.h"
#include "sched/TwoLevelPolicy.h"

namespace warpsim {
namespace {
const SchedParams& paramsOf(const PolicyContext& ctx) {
  static const SchedParams defaults;
  return ctx.sched ? *ctx.sched : defaults;
}

// OWL (Jog et al., ASPLOS'13) Algorithm 1's three schemes; `owl` is -Locality-BLP, to which the
// full OWL adds the DRAM controller's opportunistic prefetcher (§4.4).
void addOwlPolicies(PolicyRegistry& r) {
  auto make = [](CtaScheme scheme) {
    // g_size counts warps per issue slot (OWL 4.1: "enough warps to keep the core pipeline
    // busy"; each slot feeds its own pipeline), as sched.group_size does for two-level.
    return [scheme](const PolicyContext& ctx) {
      const std::uint32_t slots = std::max<std::uint32_t>(ctx.issueSlots, 1);
      return std::make_unique<CtaAwarePolicy>(scheme, paramsOf(ctx).owlGroupSize * slots, ctx.sm);
    };
  };
  r.add("cta-aware",
        "CTA groups of sched.owl_group_size warps, switched round-robin once all warps of the "
        "current one are blocked (OWL 4.1)",
        make(CtaScheme::CtaAware));
  r.add("cta-aware-locality",
        "CTA groups, the oldest group always first, RR within a group (OWL 4.2)",
        make(CtaScheme::CtaAwareLocality));
  r.add("cta-aware-locality-blp",
        "CTA groups by priority (group - core) mod groups: consecutive cores favour "
        "non-consecutive CTAs (OWL 4.3)",
        make(CtaScheme::CtaAwareLocalityBlp));
  r.add("owl",
        "OWL: cta-aware-locality-blp (OWL 4.3) with the DRAM opportunistic prefetcher (OWL 4.4) on "
        "unless dram.prefetch is set",
        make(CtaScheme::CtaAwareLocalityBlp));
}
}  // namespace

PolicyRegistry PolicyRegistry::withBuiltins() {
  PolicyRegistry r;
  r.add("lrr", "loose round-robin: equal chance for every warp (CCWS 5.1)",
        [](const PolicyContext&) { return std::make_unique<LrrPolicy>(); });
  r.add("gto", "greedy-then-oldest: the last issuer until it stalls, then the oldest (CCWS 5.1)",
        [](const PolicyContext&) { return std::make_unique<GtoPolicy>(); });
  r.add("2lvl",
        "two-level: fetch groups of sched.group_size, sched.inner/outer rr|gto (CCWS 5.1 2LVL)",
        [](const PolicyContext& ctx) {
          return std::make_unique<TwoLevelPolicy>(paramsOf(ctx), ctx.issueSlots);
        });
  r.add("swl", "static wavefront limiting: sched.swl_limit oldest warps, GTO (CCWS 3.2, 5.1)",
        [](const PolicyContext& ctx) {
          return std::make_unique<SwlPolicy>(paramsOf(ctx), ctx.slot, ctx.issueSlots);
        });
  addOwlPolicies(r);
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
  r.add("ccws",
        "cache-conscious wavefront scheduling: victim-tag hits raise lost-locality scores that "
        "withhold loads of the lowest-scored warps; ccws.* options (CCWS 3.3)",
        [](const PolicyContext& ctx) {
          const CcwsParams p = ctx.config ? CcwsParams::load(*ctx.config) : CcwsParams{};
          std::unique_ptr<IWarpSchedulingPolicy> base;
          if (p.baseline == "lrr")
            base = std::make_unique<LrrPolicy>();
          else if (p.baseline == "2lvl")
            base = std::make_unique<TwoLevelPolicy>(paramsOf(ctx), ctx.issueSlots);
          else
            base = std::make_unique<GtoPolicy>();
          return std::make_unique<CcwsPolicy>(p, std::move(base));
        });
  return r;
}

void PolicyRegistry::add(const std::string& name, const std::string& description, Factory factory) {
  if (!entries_.emplace(name, Entry{description, std::move(factory)}).second)
    throw std::logic_error("warp scheduling policy '" + name + "' registered twice");
}

std::unique_ptr<IWarpSchedulingPolicy> PolicyRegistry::create(const std::string& name,
                                                              const PolicyContext& ctx) const {
  auto it = entries_.find(name);
  if (it == entries_.end()) {
    std::string known;
    for (const auto& [n, e] : entries_) known += (known.empty() ? "" : ", ") + n;
    throw ConfigError("sched.policy = '" + name +
                      "': unknown warp scheduling policy; known: " + known);
  }
  return it->second.factory(ctx);
}

std::vector<std::string> PolicyRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& [n, e] : entries_) out.push_back(n);
  return out;
}

const std::string& PolicyRegistry::description(const std::string& name) const {
  return entries_.at(name).description;
}

}  // namespace warpsim
