#pragma once
// Warp scheduling policies by name. The GPU creates one policy object per issue slot through
// this registry; users add their own policies (examples/custom_scheduler) before building.
#include <memory>

#include "warpsim/config/Registry.h"
#include "warpsim/sched/IWarpSchedulingPolicy.h"

namespace warpsim {

class Config;
struct SchedParams;

// State the policies of one SM's issue slots share (Mascar III-A, "Multiple schedulers": one
// owner warp per SM). The GPU passes the same holder to every slot of an SM: the first slot's
// factory creates what it needs, the others find it there.
struct SmPolicyShared {
  std::shared_ptr<void> state;
};

// What a policy factory may read when it creates the policy of one issue slot.
struct PolicyContext {
  SmId sm;
  std::uint32_t slot = 0;
  std::uint32_t numSms = 1;
  std::uint32_t warpSlots = 0;  // warp slots on the SM
  // The raw configuration (nullptr in unit tests). The built-in policies never read it per
  // slot: their options come with their registry entries (addWithOptions), read once per run.
  const Config* config = nullptr;
  const SchedParams* sched = nullptr;  // sched.policy; nullptr: the defaults
  std::uint32_t issueSlots = 1;  // issue slots on the SM (slot s owns warps w % issueSlots == s)
  SmPolicyShared* shared = nullptr;  // the same for every slot of the SM; nullptr: none
};

// Built on the generic Registry (config/Registry.h): add, create, names, description. Names
// keep the order of registration; the built-ins are registered in alphabetical order.
class PolicyRegistry : public Registry<IWarpSchedulingPolicy, const PolicyContext&> {
 public:
  PolicyRegistry() : Registry("sched.policy", "warp scheduling policy") {}

  // A registry holding warpsim's built-in policies.
  static PolicyRegistry withBuiltins();
};

}  // namespace warpsim
