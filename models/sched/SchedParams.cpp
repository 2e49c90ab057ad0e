#include "warpsim/sched/SchedParams.h"

#include "warpsim/config/Config.h"

namespace warpsim {

void SchedParams::declare(ConfigSchema& s) {
  s.addString("sched.policy", "lrr", "warp scheduling policy (see --list-policies)");
  s.addUInt("sched.group_size", 2,
            "2lvl: warps per fetch group, counted in each issue slot's own warp slots (CCWS 5.1 "
            "presents 2; Narasiman et al. used 8)",
            1, 64);
  s.addEnum("sched.inner", "gto", {"rr", "gto"},
            "2lvl: order of the warps within a fetch group (CCWS 2LVL-GTO: gto)");
  s.addEnum("sched.outer", "gto", {"rr", "gto"},
            "2lvl: order of the fetch groups once the current one cannot issue (CCWS 2LVL-GTO: "
            "gto, the group holding the oldest warp)");
  s.addUInt("sched.swl_limit", 0,
            "swl: warps per SM allowed to issue, the oldest not waiting at a barrier, split "
            "evenly over the issue slots with at least one each (0: no limit, i.e. plain GTO)",
            0, 64);
  s.addUInt("sched.owl_group_size", 8,
            "cta-aware, cta-aware-locality(-blp), owl: minimum warps per CTA group and issue "
            "slot, g_size of OWL Algorithm 1 (OWL 5.2: 8; a group holds g_size x sm.schedulers "
            "warps)",
            1, 64);
  CcwsParams::declare(s);
}

SchedParams SchedParams::load(const Config& c) {
  SchedParams p;
  auto order = [&](const char* key) {
    return c.getString(key) == "rr" ? SchedOrder::Rr : SchedOrder::Gto;
  };
  p.policy = c.getString("sched.policy");
  p.groupSize = static_cast<std::uint32_t>(c.getUInt("sched.group_size"));
  p.inner = order("sched.inner");
  p.outer = order("sched.outer");
  p.swlLimit = static_cast<std::uint32_t>(c.getUInt("sched.swl_limit"));
  p.owlGroupSize = static_cast<std::uint32_t>(c.getUInt("sched.owl_group_size"));
  p.ccws = CcwsParams::load(c);
  return p;
}

}  // namespace warpsim
