#include "warpsim/noc/MeshFabric.h"

#include <algorithm>
#include <ostream>

#include "warpsim/core/ClockDomain.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim::noc {

MeshFabric::MeshFabric(const MeshParams& params, IMeshEndpoint& endpoint, Watchdog* watchdog)
    : params_(params) {
  const std::uint32_t n = params_.nodes();
  // Every flit slot of every router input and ejection buffer, which bounds the packets inside
  // (up to 64 Ki packets, 2.3 MB: past that, a very large mesh's pool may still grow).
  const std::size_t slots = std::size_t{n} * (kPorts + 1) * kVcs * params_.vcBuffer;
  packets_.reserve(std::min<std::size_t>(slots, std::size_t{1} << 16));
  for (std::uint32_t i = 0; i < n; ++i) {
    routers_.push_back(std::make_unique<Router>(i, params_, packets_, watchdog));
    nis_.push_back(
        std::make_unique<NetworkInterface>(i, params_, endpoint, stats_, packets_, watchdog));
  }
  const std::uint32_t cols = params_.cols, rows = params_.rows;
  for (std::uint32_t i = 0; i < n; ++i) {
    Router& r = *routers_[i];
    const std::string node = "n" + std::to_string(i);
    NetworkInterface& ni = *nis_[i];
    ni.connect(r, addLink(node + "_inject"));
    r.connectLocal(ni, params_.vcBuffer, addLink(node + "_eject"));
    const std::uint32_t x = i % cols, y = i / cols;
    const auto link = [&](std::uint32_t port, std::uint32_t to, std::uint32_t back) {
      r.connectOut(port, *routers_[to], back, params_.vcBuffer,
                   addLink(node + "_" + portName(port)));
      routers_[to]->connectIn(back, r, port);
    };
    if (y > 0) link(kNorth, i - cols, kSouth);
    if (x + 1 < cols) link(kEast, i + 1, kWest);
    if (y + 1 < rows) link(kSouth, i + cols, kNorth);
    if (x > 0) link(kWest, i - 1, kEast);
  }
}

Counter& MeshFabric::addLink(std::string name) {
  links_.push_back(Link{std::move(name), Counter{}});
  return links_.back().flits;
}

void MeshFabric::registerWith(ClockDomain& domain) {
  for (auto& r : routers_) domain.add(*r);
  for (auto& ni : nis_) domain.add(*ni);
}

void MeshFabric::registerStats(StatsRegistry& s, const std::string& prefix) {
  stats_.registerWith(s, prefix);
  for (const Link& l : links_) {
    s.addCounter(prefix + ".links." + l.name + ".flits", l.flits);
    s.addRatio(prefix + ".links." + l.name + ".utilisation", l.flits, stats_.cycles);
  }
  s.addValue(prefix + ".max_link_utilisation", [this] {
    std::uint64_t most = 0;
    for (const Link& l : links_) most = std::max(most, l.flits.value());
    const std::uint64_t c = stats_.cycles.value();
    return c ? double(most) / double(c) : 0.0;
  });
}

void MeshFabric::settleStats(Cycle end) {
  if (end > stats_.cycles.value()) stats_.cycles.inc(end - stats_.cycles.value());
}

void MeshFabric::setObserver(IFlitObserver* o) {
  for (auto& r : routers_) r->setObserver(o);
}

void MeshFabric::describeWaits(std::ostream& os) const {
  for (const auto& r : routers_) r->describeWaits(os);
  for (const auto& ni : nis_) ni->describeWaits(os);
}

}  // namespace warpsim::noc
