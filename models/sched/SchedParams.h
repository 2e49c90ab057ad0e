#pragma once
// The warp schedulers' options (section [sched]): which policy every issue slot runs, and the
// parameters of the policies that have any. Read once per run; policies get it through
// PolicyContext::sched.
#include <cstdint>
#include <string>

#include "warpsim/sched/CcwsParams.h"

namespace warpsim {

class Config;
class ConfigSchema;

// How a two-level scheduler orders warps within a fetch group (inner) or the groups (outer).
enum class SchedOrder { Rr, Gto };

struct SchedParams {
  std::string policy = "lrr";
  // Two-level (CCWS 5.1, "2LVL-GTO"): fetch group size in warps of one issue slot, and the
  // orders within and across groups. CCWS presents groups of 2 with GTO at both levels.
  std::uint32_t groupSize = 2;
  SchedOrder inner = SchedOrder::Gto;
  SchedOrder outer = SchedOrder::Gto;
  // Static wavefront limiting (CCWS 3.2): warps per SM allowed to issue; 0 = no limit.
  std::uint32_t swlLimit = 0;
  // OWL's CTA-aware schedulers (Algorithm 1): g_size, the minimum warps per CTA group;
  // OWL §5.2 found 8 best (the 5 pipeline stages of §4.1 is the lower bound).
  std::uint32_t owlGroupSize = 8;
  CcwsParams ccws;  // ccws: its own options (section [ccws])

  static void declare(ConfigSchema& schema);
  static SchedParams load(const Config& config);
};

}  // namespace warpsim
