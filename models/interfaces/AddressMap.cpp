#include "warpsim/interfaces/AddressMap.h"

#include "warpsim/config/Config.h"

namespace warpsim {

void AddressMapParams::declare(ConfigSchema& s) {
  s.addUInt("mem.partitions", 6, "memory partitions (L2 slice + DRAM channel each)", 1, 64);
  s.addSize("mem.partition_chunk", "256B", "bytes of consecutive addresses per partition", 32,
            1u << 20);
  s.addUInt("mem.banks", 16, "DRAM banks per partition (GPGPU-Sim GTX480: 16)", 1, 64);
  s.addSize("mem.row_size", "2KiB", "DRAM row (page) size per bank: consecutive bytes of a row",
            256, 1u << 20);
}

AddressMapParams AddressMapParams::load(const Config& c) {
  AddressMapParams p;
  p.partitions = static_cast<std::uint32_t>(c.getUInt("mem.partitions"));
  p.chunk = static_cast<std::uint32_t>(c.getSize("mem.partition_chunk"));
  p.banks = static_cast<std::uint32_t>(c.getUInt("mem.banks"));
  p.rowSize = static_cast<std::uint32_t>(c.getSize("mem.row_size"));
  for (const auto& [key, v] :
       {std::pair<const char*, std::uint64_t>{"mem.partition_chunk", p.chunk},
        {"mem.row_size", p.rowSize}})
    if (v & (v - 1))
      throw ConfigError(std::string(key) + " = " + std::to_string(v) +
                        " B: must be a power of two (address bits select it)");
  return p;
}

}  // namespace warpsim
