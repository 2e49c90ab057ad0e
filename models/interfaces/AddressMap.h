#pragma once
// Where an address lives: consecutive `chunk`-byte blocks interleave across the memory
// partitions (GPGPU-Sim interleaves 256 B chunks on Fermi); within a partition, with the
// partition bits removed, consecutive `rowSize` bytes form one DRAM row (so a 2 KiB row holds
// consecutive lines, as OWL Fig. 1 assumes), and consecutive rows go to consecutive banks.
// With power-of-two sizes these are plain bit fields:
//   partition-local address = | row | bank | column |, column = rowSize bytes.
#include <cstdint>

#include "warpsim/core/Ids.h"

namespace warpsim {

class Config;
class ConfigSchema;

struct DramCoord {
  PartitionId partition;
  std::uint32_t bank = 0;
  std::uint64_t row = 0;
  std::uint32_t column = 0;  // byte offset within the row
};

struct AddressMapParams {
  std::uint32_t partitions = 6;
  std::uint32_t chunk = 256;
  std::uint32_t banks = 16;
  std::uint32_t rowSize = 2048;

  static void declare(ConfigSchema& schema);
  static AddressMapParams load(const Config& config);
};

class AddressMap {
 public:
  explicit AddressMap(const AddressMapParams& p) : p_(p) {}
  std::uint32_t partitions() const { return p_.partitions; }
  PartitionId partitionOf(Addr a) const {
    return PartitionId{static_cast<std::uint32_t>((a / p_.chunk) % p_.partitions)};
  }
  // The address as the partition sees it, with the partition bits removed (contiguous per
  // partition, which is what its rows and banks are made of).
  Addr localAddr(Addr a) const { return (a / p_.chunk / p_.partitions) * p_.chunk + a % p_.chunk; }
  // The inverse of localAddr: the address of partition `p` whose local address is `local`.
  Addr globalAddr(PartitionId p, Addr local) const {
    return ((local / p_.chunk) * p_.partitions + p.value()) * p_.chunk + local % p_.chunk;
  }
  DramCoord decode(Addr a) const {
    const Addr local = localAddr(a);
    const Addr rowIndex = local / p_.rowSize;
    return DramCoord{partitionOf(a), static_cast<std::uint32_t>(rowIndex % p_.banks),
                     rowIndex / p_.banks, static_cast<std::uint32_t>(local % p_.rowSize)};
  }
  std::uint32_t chunk() const { return p_.chunk; }  // mem.partition_chunk
  std::uint32_t banks() const { return p_.banks; }
  std::uint32_t rowSize() const { return p_.rowSize; }

 private:
  AddressMapParams p_;
};

}  // namespace warpsim
