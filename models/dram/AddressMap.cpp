#include "dram/AddressMap.h"

#include "config/Config.h"

namespace warpsim {

void AddressMapParams::declare(ConfigSchema& s) {
  s.addUInt("mem.partitions", 6, "memory partitions (L2 slice + DRAM channel each)", 1, 64);
  s.addSize("mem.partition_chunk", "256B", "bytes of consecutive addresses per partition", 32,
            1u << 20);
}

AddressMapParams AddressMapParams::load(const Config& c) {
  AddressMapParams p;
  p.partitions = static_cast<std::uint32_t>(c.getUInt("mem.partitions"));
  p.chunk = static_cast<std::uint32_t>(c.getSize("mem.partition_chunk"));
  return p;
}

}  // namespace warpsim
