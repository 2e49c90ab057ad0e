#include "warpsim/sched/SchedParams.h"

#include "warpsim/config/Config.h"

namespace warpsim {

void SchedParams::declare(ConfigSchema& s) {
  s.addString("sched.policy", "lrr", "warp scheduling policy (see --list-policies)");
}

SchedParams SchedParams::load(const Config& c) {
  SchedParams p;
  p.policy = c.getString("sched.policy");
  return p;
}

}  // namespace warpsim
