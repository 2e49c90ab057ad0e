#pragma once
// Cache-conscious wavefront scheduling's options (section [ccws]; CCWS §3.3, Table 3).
#include <cstdint>
#include <string>

#include "warpsim/interfaces/VtaGeometry.h"

namespace warpsim {

class Config;
class ConfigSchema;

struct CcwsParams {
  double kThrottle = 8;           // K_THROTTLE of Eq. 1 (Table 3: 8)
  std::uint32_t baseScore = 100;  // the base locality score (Fig. 6: 100)
  VtaGeometry vta;                // Table 3: 16 entries per wavefront, 8-way
  std::string baseline = "gto";   // the prioritisation CCWS filters (§5.1: GTO)

  static void declare(ConfigSchema& schema);
  static CcwsParams load(const Config& config);
};

}  // namespace warpsim
