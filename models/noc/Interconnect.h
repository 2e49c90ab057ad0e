#pragma once
// Which interconnect the GPU builds (icnt.topology), and the factory that builds it.
#include <cstdint>
#include <memory>

#include "warpsim/noc/Crossbar.h"
#include "warpsim/noc/IInterconnect.h"
#include "warpsim/noc/MeshParams.h"

namespace warpsim {

struct InterconnectParams {
  enum class Topology { Crossbar, Mesh };
  Topology topology = Topology::Crossbar;
  MeshParams mesh;  // placed and validated only when topology is Mesh

  static void declare(ConfigSchema& schema);
  // `sms`, `partitions` and `lineBytes` (the largest payload) check the mesh placement and
  // buffers. Throws ConfigError.
  static InterconnectParams load(const Config& config, std::uint32_t sms, std::uint32_t partitions,
                                 std::uint32_t lineBytes);
};

// Builds the chosen interconnect as a child module `name` of the module under construction.
std::unique_ptr<IInterconnect> makeInterconnect(const char* name, const CrossbarParams& crossbar,
                                                const InterconnectParams& net,
                                                const AddressMap& map, std::uint32_t sms,
                                                Watchdog& watchdog, StatsRegistry& stats);

}  // namespace warpsim
