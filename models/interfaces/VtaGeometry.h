#pragma once
// The size of CCWS's victim tag array (CCWS Table 3: 16 entries per wavefront, 8-way): what a
// lost-locality policy asks of the VTA its SM builds (ILostLocalitySink).
#include <cstdint>

namespace warpsim {

struct VtaGeometry {
  std::uint32_t entriesPerWarp = 16;
  std::uint32_t ways = 8;  // per set; fewer entries than ways make the partition one full set
};

}  // namespace warpsim
