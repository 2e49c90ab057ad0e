#pragma once
// Warp scheduling policies by name. The GPU creates one policy object per issue slot through
// this registry; users add their own policies (examples/custom_scheduler) before building.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sched/IWarpSchedulingPolicy.h"

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
  const Config* config = nullptr;
  const SchedParams* sched = nullptr;  // the [sched] options; nullptr: their defaults
  std::uint32_t issueSlots = 1;  // issue slots on the SM (slot s owns warps w % issueSlots == s)
  SmPolicyShared* shared = nullptr;  // the same for every slot of the SM; nullptr: none
};

class PolicyRegistry {
 public:
  using Factory = std::function<std::unique_ptr<IWarpSchedulingPolicy>(const PolicyContext&)>;

  // A registry holding warpsim's built-in policies.
  static PolicyRegistry withBuiltins();

  // Registering a name twice is a programming error (std::logic_error).
  void add(const std::string& name, const std::string& description, Factory factory);
  // Throws ConfigError naming the known policies when `name` is unknown.
  std::unique_ptr<IWarpSchedulingPolicy> create(const std::string& name,
                                                const PolicyContext& ctx) const;
  std::vector<std::string> names() const;
  const std::string& description(const std::string& name) const;

 private:
  struct Entry {
    std::string description;
    Factory factory;
  };
  std::map<std::string, Entry> entries_;
};

}  // namespace warpsim
