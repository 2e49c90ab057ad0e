#pragma once
// Which memory partition serves an address: consecutive `chunk`-byte blocks are interleaved
// across the partitions (GPGPU-Sim interleaves 256 B chunks on Fermi).
#include <cstdint>

#include "core/Ids.h"

namespace warpsim {

class Config;
class ConfigSchema;

struct AddressMapParams {
  std::uint32_t partitions = 6;
  std::uint32_t chunk = 256;

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

 private:
  AddressMapParams p_;
};

}  // namespace warpsim
