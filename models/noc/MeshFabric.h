#pragma once
// The mesh without its TLM edge: cols x rows routers, one network interface per node, the
// channels between them (each direction a link), and the statistics. Plain C++ on the clock
// engine, so tests can drive it with synthetic traffic.
#include <cstdint>
#include <deque>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "warpsim/noc/MeshParams.h"
#include "warpsim/noc/NetworkInterface.h"
#include "warpsim/noc/NocStats.h"
#include "warpsim/noc/Router.h"

namespace warpsim {
class ClockDomain;
class StatsRegistry;
}  // namespace warpsim

namespace warpsim::noc {

class MeshFabric {
 public:
  MeshFabric(const MeshParams& params, IMeshEndpoint& endpoint, Watchdog* watchdog);

  std::uint32_t nodes() const { return static_cast<std::uint32_t>(routers_.size()); }
  Router& router(std::uint32_t n) { return *routers_[n]; }
  NetworkInterface& ni(std::uint32_t n) { return *nis_[n]; }
  NocStats& stats() { return stats_; }
  const MeshParams& params() const { return params_; }

  // Routers, then interfaces, on `domain` (the icnt clock).
  void registerWith(ClockDomain& domain);
  // Statistics under `prefix`: the NocStats, and per link `links.<name>.flits` and
  // `.utilisation` (flits per cycle), plus `max_link_utilisation`.
  void registerStats(StatsRegistry& stats, const std::string& prefix);
  // Counts the icnt cycles up to `end` (the denominator of every utilisation).
  void settleStats(Cycle end);
  void setObserver(IFlitObserver* o);
  void describeWaits(std::ostream& os) const;

  struct Link {
    std::string name;  // "n3_east", "n3_inject" (interface to router), "n3_eject"
    Counter flits;
  };
  const std::deque<Link>& links() const { return links_; }

 private:
  Counter& addLink(std::string name);

  MeshParams params_;
  NocStats stats_;
  PacketPool packets_;  // every packet whose flits are in the mesh
  std::vector<std::unique_ptr<Router>> routers_;
  std::vector<std::unique_ptr<NetworkInterface>> nis_;
  std::deque<Link> links_;  // a deque: the counters' addresses never move
};

}  // namespace warpsim::noc
