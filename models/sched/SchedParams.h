#pragma once
// The warp schedulers' block option (section [sched]): which policy every issue slot runs. Read
// once per run. The policies' own options are declared and read by the policies themselves,
// through their registry entries (PolicyRegistry.cpp): TwoLevelParams (2lvl), SwlParams (swl),
// CtaAwareParams (the CTA-aware family), CcwsParams (ccws); see README.md.
#include <string>

namespace warpsim {

class Config;
class ConfigSchema;

struct SchedParams {
  std::string policy = "lrr";

  static void declare(ConfigSchema& schema);
  static SchedParams load(const Config& config);
};

}  // namespace warpsim
