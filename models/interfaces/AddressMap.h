#pragma once
// Where an address lives: consecutive `chunk`-byte blocks interleave across the memory
// partitions (GPGPU-Sim interleaves 256 B chunks on Fermi); within a partition, with the
// partition bits removed, consecutive `rowSize` bytes form one DRAM row (so a 2 KiB row holds
// consecutive lines, as OWL Fig. 1 assumes), and consecutive rows go to consecutive banks.
// With power-of-two sizes these are plain bit fields:
//   partition-local address = | row | bank | column |, column = rowSize bytes.
#include <cstdint>

#include "warpsim/core/Divider.h"
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
  explicit AddressMap(const AddressMapParams& p)
      : p_(p), chunk_(p.chunk), partitions_(p.partitions), rowSize_(p.rowSize), banks_(p.banks) {}
  std::uint32_t partitions() const { return p_.partitions; }
  PartitionId partitionOf(Addr a) const {
    return PartitionId{static_cast<std::uint32_t>(partitions_.remainder(chunk_.divide(a)))};
  }
  // The address as the partition sees it, with the partition bits removed (contiguous per
  // partition, which is what its rows and banks are made of).
  Addr localAddr(Addr a) const {
    return partitions_.divide(chunk_.divide(a)) * p_.chunk + chunk_.remainder(a);
  }
  // The inverse of localAddr: the address of partition `p` whose local address is `local`.
  Addr globalAddr(PartitionId p, Addr local) const {
    return (chunk_.divide(local) * p_.partitions + p.value()) * p_.chunk + chunk_.remainder(local);
  }
  DramCoord decode(Addr a) const {
    const Addr local = localAddr(a);
    const Addr rowIndex = rowSize_.divide(local);
    const Addr row = banks_.divide(rowIndex);
    return DramCoord{partitionOf(a), static_cast<std::uint32_t>(rowIndex - row * p_.banks), row,
                     static_cast<std::uint32_t>(rowSize_.remainder(local))};
  }
  std::uint32_t chunk() const { return p_.chunk; }  // mem.partition_chunk
  std::uint32_t banks() const { return p_.banks; }
  std::uint32_t rowSize() const { return p_.rowSize; }

 private:
  AddressMapParams p_;
  // Every request decodes its address: divisions by these sizes without a divide instruction.
  Divider chunk_, partitions_, rowSize_, banks_;
};

}  // namespace warpsim
