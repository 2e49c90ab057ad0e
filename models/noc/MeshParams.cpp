#include "warpsim/noc/MeshParams.h"

#include <cmath>
#include <sstream>

#include "warpsim/config/Config.h"

namespace warpsim {

void MeshParams::declare(ConfigSchema& s) {
  s.addUInt("icnt.mesh_cols", 0,
            "mesh columns (topology mesh; 0: the smallest square holding every core and "
            "memory controller)",
            0, 64);
  s.addUInt("icnt.mesh_rows", 0,
            "mesh rows (topology mesh; 0: as many as the cores and memory controllers need)", 0,
            64);
  s.addUInt("icnt.router_latency", 2,
            "mesh router pipeline: cycles from a flit's arrival until it may cross the switch", 0,
            64);
  s.addUInt("icnt.link_latency", 1, "mesh link: cycles from the switch to the next buffer", 1, 64);
  s.addUInt("icnt.vc_buffer", 8, "mesh: flits buffered per virtual channel per router input", 1,
            1024);
  s.addString("icnt.mc_nodes", "",
              "mesh nodes of the memory controllers, partition 0 first, as a comma-separated "
              "list of node indices (row-major); empty: spread evenly");
  s.addString("icnt.core_nodes", "",
              "mesh nodes of the SMs, SM 0 first, comma-separated; empty: the nodes left after "
              "the memory controllers, in order");
}

namespace {

std::vector<std::uint32_t> parseList(const std::string& option, const std::string& text) {
  std::vector<std::uint32_t> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto b = item.find_first_not_of(" \t");
    const auto e = item.find_last_not_of(" \t");
    const std::string t = b == std::string::npos ? "" : item.substr(b, e - b + 1);
    if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 6)
      throw ConfigError(option + " = '" + text + "': '" + t +
                        "' is not a node index; allowed: comma-separated node indices");
    out.push_back(static_cast<std::uint32_t>(std::stoul(t)));
  }
  return out;
}

}  // namespace

void MeshParams::place(std::uint32_t sms, std::uint32_t partitions, const std::string& mcList,
                       const std::string& coreList) {
  const std::uint32_t n = nodes();
  const std::string size = std::to_string(cols) + "x" + std::to_string(rows) + " mesh";
  if (sms + partitions > n)
    throw ConfigError("icnt.mesh_cols/icnt.mesh_rows: a " + size + " has " + std::to_string(n) +
                      " nodes, too few for gpu.sms = " + std::to_string(sms) +
                      " cores and mem.partitions = " + std::to_string(partitions) +
                      " memory controllers");
  mcNodes = parseList("icnt.mc_nodes", mcList);
  if (mcList.empty())  // spread evenly over the node indices
    for (std::uint32_t p = 0; p < partitions; ++p)
      mcNodes.push_back(
          static_cast<std::uint32_t>((2 * p + 1) * std::uint64_t{n} / (2 * partitions)));
  smNodes = parseList("icnt.core_nodes", coreList);
  const auto check = [&](const char* option, const std::vector<std::uint32_t>& list,
                         std::uint32_t want, const char* what) {
    if (list.size() != want)
      throw ConfigError(std::string(option) + " lists " + std::to_string(list.size()) +
                        " nodes; allowed: exactly " + std::to_string(want) + " (" + what + ")");
    for (std::uint32_t v : list)
      if (v >= n)
        throw ConfigError(std::string(option) + ": node " + std::to_string(v) + " is outside the " +
                          size + "; allowed: 0 .. " + std::to_string(n - 1));
  };
  check("icnt.mc_nodes", mcNodes, partitions, "mem.partitions");
  std::vector<bool> used(n, false);
  for (std::uint32_t v : mcNodes) {
    if (used[v])
      throw ConfigError("icnt.mc_nodes: node " + std::to_string(v) +
                        " is listed twice; allowed: distinct nodes");
    used[v] = true;
  }
  if (coreList.empty()) {
    for (std::uint32_t v = 0; v < n && smNodes.size() < sms; ++v)
      if (!used[v]) smNodes.push_back(v);
  }
  check("icnt.core_nodes", smNodes, sms, "gpu.sms");
  if (!coreList.empty())
    for (std::uint32_t v : smNodes) {
      if (used[v])
        throw ConfigError("icnt.core_nodes: node " + std::to_string(v) +
                          " is already taken (by a core or a memory controller in "
                          "icnt.mc_nodes); allowed: distinct nodes");
      used[v] = true;
    }
}

MeshParams MeshParams::load(const Config& c, std::uint32_t sms, std::uint32_t partitions,
                            std::uint32_t maxPayloadBytes) {
  MeshParams p;
  p.cols = static_cast<std::uint32_t>(c.getUInt("icnt.mesh_cols"));
  p.rows = static_cast<std::uint32_t>(c.getUInt("icnt.mesh_rows"));
  if (p.cols == 0)
    p.cols = static_cast<std::uint32_t>(std::ceil(std::sqrt(double(sms + partitions)) - 1e-9));
  if (p.rows == 0) p.rows = (sms + partitions + p.cols - 1) / p.cols;
  p.routerLatency = static_cast<std::uint32_t>(c.getUInt("icnt.router_latency"));
  p.linkLatency = static_cast<std::uint32_t>(c.getUInt("icnt.link_latency"));
  p.vcBuffer = static_cast<std::uint32_t>(c.getUInt("icnt.vc_buffer"));
  p.inputBuffer = static_cast<std::uint32_t>(c.getUInt("icnt.input_buffer"));
  p.flitBytes = static_cast<std::uint32_t>(c.getSize("icnt.flit_size"));
  p.headerBytes = static_cast<std::uint32_t>(c.getSize("icnt.header_size"));
  // A network interface hands a packet on only once all of it has arrived: it must fit.
  if (p.vcBuffer < p.flitsFor(maxPayloadBytes))
    throw ConfigError("icnt.vc_buffer = " + std::to_string(p.vcBuffer) +
                      ": too small for a packet carrying a " + std::to_string(maxPayloadBytes) +
                      " B line (" + std::to_string(p.flitsFor(maxPayloadBytes)) +
                      " flits); allowed: at least " + std::to_string(p.flitsFor(maxPayloadBytes)));
  p.place(sms, partitions, c.getString("icnt.mc_nodes"), c.getString("icnt.core_nodes"));
  return p;
}

}  // namespace warpsim
