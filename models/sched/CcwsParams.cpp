#include "warpsim/sched/CcwsParams.h"

#include "warpsim/config/Config.h"

namespace warpsim {

void CcwsParams::declare(ConfigSchema& s) {
  s.addDouble("ccws.k_throttle", 8,
              "ccws: K_THROTTLE of Eq. 1, how hard lost locality throttles (CCWS Table 3: 8)", 0,
              1e6);
  s.addUInt("ccws.base_score", 100,
            "ccws: the base lost-locality score every warp starts at and decays back to (CCWS "
            "Fig. 6: 100)",
            1, 1u << 20);
  s.addUInt("ccws.vta_entries", 16,
            "ccws: victim tag array entries per warp (CCWS Table 3: 16); a multiple of "
            "ccws.vta_ways when larger",
            1, 4096);
  s.addUInt("ccws.vta_ways", 8,
            "ccws: victim tag array associativity (CCWS Table 3: 8); fewer entries than ways "
            "make one fully associative set",
            1, 64);
  s.addEnum("ccws.baseline", "gto", {"gto", "lrr", "2lvl"},
            "ccws: the prioritisation whose order CCWS filters (CCWS 5.1: gto)");
}

CcwsParams CcwsParams::load(const Config& c) {
  CcwsParams p;
  p.kThrottle = c.getDouble("ccws.k_throttle");
  p.baseScore = static_cast<std::uint32_t>(c.getUInt("ccws.base_score"));
  p.vta.entriesPerWarp = static_cast<std::uint32_t>(c.getUInt("ccws.vta_entries"));
  p.vta.ways = static_cast<std::uint32_t>(c.getUInt("ccws.vta_ways"));
  p.baseline = c.getString("ccws.baseline");
  const std::uint32_t ways = std::min(p.vta.ways, p.vta.entriesPerWarp);
  if (p.vta.entriesPerWarp % ways != 0)
    throw ConfigError("ccws.vta_entries = " + std::to_string(p.vta.entriesPerWarp) +
                      ": must be a multiple of ccws.vta_ways (" + std::to_string(p.vta.ways) +
                      ") when larger");
  return p;
}

}  // namespace warpsim
