#include "warpsim/noc/Interconnect.h"

#include "warpsim/config/Config.h"
#include "warpsim/noc/Mesh.h"

namespace warpsim {

namespace {

// Throws ConfigError, naming the interconnect `icnt`, unless port `port` of `side` (the next
// one bound) belongs to `unit` `owner`, which has `perOwner` ports.
void checkPortOwner(const char* icnt, const char* side, const char* unit, std::uint32_t owner,
                    std::uint32_t port, std::uint32_t perOwner) {
  const std::uint32_t portOwner = port / perOwner;
  if (portOwner != owner)
    throw ConfigError(std::string(icnt) + ": " + unit + " " + std::to_string(owner) + " bound to " +
                      side + " port " + std::to_string(port) + ", which is " + unit + " " +
                      std::to_string(portOwner) + "'s; bind them in " + unit + " order, " +
                      std::to_string(perOwner) + " port(s) each");
}

}  // namespace

void IInterconnect::bindSmPort(SmId sm, tlm::tlm_initiator_socket<>& l1) {
  checkPortOwner(interconnectName(), "SM-side", "SM", sm.value(), smPortsBound_++, portsPerSm());
  bindNextSmPort(l1);
}

void IInterconnect::bindMemPort(PartitionId partition, tlm::tlm_target_socket<>& l2) {
  checkPortOwner(interconnectName(), "memory-side", "partition", partition.value(),
                 memPortsBound_++, 1);
  bindNextMemPort(l2);
}

void InterconnectParams::declare(ConfigSchema& s) {
  s.addEnum("icnt.topology", "crossbar", {"crossbar", "mesh"},
            "interconnect: an ideal crossbar (icnt.latency, per-port bandwidth) or a 2D mesh of "
            "routers (icnt.mesh_*, icnt.router_latency, ...)");
  MeshParams::declare(s);
}

InterconnectParams InterconnectParams::load(const Config& c, std::uint32_t sms,
                                            std::uint32_t partitions, std::uint32_t lineBytes) {
  InterconnectParams p;
  const std::string& t = c.getString("icnt.topology");
  if (t == "crossbar") {
    p.topology = Topology::Crossbar;
  } else if (t == "mesh") {
    p.topology = Topology::Mesh;
    p.mesh = MeshParams::load(c, sms, partitions, lineBytes);
  } else {
    throw ConfigError("icnt.topology = '" + t + "'; allowed: crossbar, mesh");
  }
  return p;
}

std::unique_ptr<IInterconnect> makeInterconnect(const char* name, const CrossbarParams& crossbar,
                                                const InterconnectParams& net,
                                                const AddressMap& map, std::uint32_t sms,
                                                Watchdog& watchdog, StatsRegistry& stats) {
  // Three SM-side ports per SM: the L1D, L1T and L1C each have their own (IInterconnect).
  if (net.topology == InterconnectParams::Topology::Mesh)
    return std::make_unique<Mesh>(name, net.mesh, map, sms, watchdog, stats, 3);
  return std::make_unique<Crossbar>(name, crossbar, map, sms, watchdog, stats, 3);
}

}  // namespace warpsim
