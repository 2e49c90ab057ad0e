#pragma once
// Parameters of the 2D mesh (topology `mesh`), validated against the GPU it serves: its size,
// its router and link timing, its buffers, and where the cores and memory controllers sit.
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim {

class Config;
class ConfigSchema;

struct MeshParams {
  std::uint32_t cols = 2, rows = 2;    // node n sits at column n % cols, row n / cols
  std::uint32_t routerLatency = 2;     // cycles in a router before the switch (BW, RC, VA, SA)
  std::uint32_t linkLatency = 1;       // switch traversal + wire, per hop, and NI <-> router
  std::uint32_t vcBuffer = 8;          // flits per VC per router input (and NI ejection buffer)
  std::uint32_t inputBuffer = 8;       // packets per SM port injection queue (icnt.input_buffer)
  std::uint32_t flitBytes = 32;        // icnt.flit_size
  std::uint32_t headerBytes = 8;       // icnt.header_size
  std::vector<std::uint32_t> smNodes;  // node of SM i
  std::vector<std::uint32_t> mcNodes;  // node of memory partition p

  std::uint32_t nodes() const { return cols * rows; }
  // Flits of a packet carrying `payloadBytes` of data after its header.
  std::uint32_t flitsFor(std::uint32_t payloadBytes) const {
    return (headerBytes + payloadBytes + flitBytes - 1) / flitBytes;
  }

  static void declare(ConfigSchema& schema);
  // Reads the icnt.mesh_* options and places `sms` cores and `partitions` memory controllers;
  // `maxPayloadBytes` (the L2 line) must fit one VC buffer. Throws ConfigError naming the option.
  static MeshParams load(const Config& config, std::uint32_t sms, std::uint32_t partitions,
                         std::uint32_t maxPayloadBytes);
  // The same checks and placement without a Config (tests): `mcList`/`coreList` as in the
  // options ("" = automatic).
  void place(std::uint32_t sms, std::uint32_t partitions, const std::string& mcList,
             const std::string& coreList);
};

}  // namespace warpsim
