#pragma once
// One mesh router: five input ports (local, north, east, south, west), each with one flit buffer
// per virtual channel; XY dimension-order routing; wormhole switching (an output VC belongs to
// one packet from its head to its tail); credit-based flow control; a pipeline of
// `routerLatency` cycles before the switch and `linkLatency` cycles to the next buffer. Each
// output carries at most one flit per cycle, and each input sends at most one.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <vector>

#include "warpsim/core/Clocked.h"
#include "warpsim/noc/Flit.h"
#include "warpsim/noc/MeshParams.h"
#include "warpsim/stats/Counter.h"

namespace warpsim {
class Watchdog;
}

namespace warpsim::noc {

class NetworkInterface;

enum Port : std::uint32_t { kLocal = 0, kNorth = 1, kEast = 2, kSouth = 3, kWest = 4 };
constexpr std::uint32_t kPorts = 5;
const char* portName(std::uint32_t port);

// Sees every flit a router sends, with its packet (tests: routes and link bandwidth).
class IFlitObserver {
 public:
  virtual ~IFlitObserver() = default;
  virtual void flitSent(std::uint32_t router, std::uint32_t outPort, const Packet& p, const Flit& f,
                        Cycle cycle) = 0;
};

// The channels are typed, not virtual: a router's local port meets its network interface and
// every other port a router's input, so each hand-over is a direct call the compiler inlines
// and the host predicts (doc/performance.md, stop 48).
class Router : public Clocked {
 public:
  // `packets`: the fabric's pool, where the observer's packets are looked up.
  Router(std::uint32_t node, const MeshParams& params, const PacketPool& packets,
         Watchdog* watchdog);

  // Output `port` (not the local one) feeds input `downPort` of router `down`; the local port
  // feeds and is fed by the node's network interface. Each output counts its flits in `flits`;
  // its credits start at the downstream buffer depth, `depth`.
  void connectOut(std::uint32_t port, Router& down, std::uint32_t downPort, std::uint32_t depth,
                  Counter& flits);
  void connectLocal(NetworkInterface& ni, std::uint32_t depth, Counter& flits);
  // Input `port` (not the local one) is fed by output `upPort` of router `up`, which gets this
  // input's credits back.
  void connectIn(std::uint32_t port, Router& up, std::uint32_t upPort) {
    up_[port] = Link{&up, upPort};
  }
  void setObserver(IFlitObserver* o) { observer_ = o; }  // null: none

  // XY: first along the row (east/west) to the destination column, then along the column.
  std::uint32_t route(std::uint32_t dest) const { return routeTo_[dest]; }

  bool tick() override;
  // A flit arrives at input `port`, in its packet's VC, usable from `visibleAt`. Inline: every
  // flit hop ends here, from a router's send or an interface's injection.
  void pushFlit(std::uint32_t port, const Flit& flit, Cycle visibleAt) {
    FlitQueue& q = in_[port][flit.vc];
    if (q.full()) fullBuffer(port);
    q.push(flit, visibleAt);
    refreshFront(port, flit.vc);  // unchanged unless the queue was empty: no branch
    occupied_ |= 1u << (port * kVcs + flit.vc);
    if (!isActive()) wakeAt(visibleAt);  // an active router sees the flit in its next tick
  }
  // `n` flit slots of VC `vc` freed downstream of output `port`; usable from `visibleAt`.
  void pushCredit(std::uint32_t port, std::uint32_t vc, Cycle visibleAt, std::uint32_t n);
  void describeWaits(std::ostream& os) const;
  bool holdsFlits() const { return occupied_ != 0; }

 private:
  static constexpr std::uint32_t kFree = ~0u;
  // The other end of a channel between routers: the router and its port number there.
  struct Link {
    Router* router = nullptr;
    std::uint32_t port = 0;
  };
  // Where an output goes (the local one: ni_); what a tick reads of it (owner, credits,
  // round-robin pointer) is kept below, with the other outputs', in a few host cache lines.
  struct Output {
    Link down;
    Counter* flits = nullptr;
    Cycle delay = 0;  // send to visible downstream: the link, and a router's pipeline
  };
  // Whether input VC i's front flit holds (or, as a head, may take) its output VC. The owner
  // it needs is kFree (all ones) for a head, its input otherwise: a mask, not a branch.
  bool ownsOutput(std::uint32_t i) const {
    const Front& f = front_[i];
    return owner_[f.out][i % kVcs] == ((i / kVcs) | (0u - std::uint32_t{f.head}));
  }
  // Inlined into tick, its one caller: as a call, its entry and exit were a sixth of a flit hop's
  // host instructions (doc/performance.md, stop 49).
  [[gnu::always_inline]] inline void send(std::uint32_t port, std::uint32_t vc, std::uint32_t out,
                                          Cycle t);
  // A flit into a full buffer: the credit protocol is broken. Out of line, so that pushFlit
  // stays small enough to inline where a router sends.
  [[noreturn, gnu::cold, gnu::noinline]] void fullBuffer(std::uint32_t port) const;
  Cycle nextEvent(Cycle t);

  std::uint32_t node_, x_, y_;
  const MeshParams& params_;
  Watchdog* watchdog_;
  IFlitObserver* observer_ = nullptr;
  const PacketPool& packets_;
  std::array<std::array<FlitQueue, kVcs>, kPorts> in_;
  std::array<Link, kPorts> up_;  // the local input's: ni_
  NetworkInterface* ni_ = nullptr;
  std::array<Output, kPorts> out_;
  std::vector<std::uint8_t> routeTo_;  // output port per destination node (XY), precomputed
  // What every tick reads, together: which input VCs hold flits (bit port x kVcs + vc), their
  // front flits (so that a tick reads no flit buffer until it sends: when each is visible,
  // where it goes, whether it is a head), and per output VC its owner (the input port holding
  // it) and credits, and per output the round-robin pointer over (input, VC) pairs.
  std::uint32_t occupied_ = 0;
  struct Front {
    Cycle at = 0;
    std::uint8_t out = 0;
    bool head = false;
  };
  std::array<Front, kPorts * kVcs> front_{};
  std::array<std::array<std::uint32_t, kVcs>, kPorts> owner_;
  std::array<std::array<CreditCounter, kVcs>, kPorts> credits_{};
  std::array<std::uint32_t, kPorts> rr_{};
  void refreshFront(std::uint32_t port, std::uint32_t vc) {
    const FlitQueue& q = in_[port][vc];
    Front& f = front_[port * kVcs + vc];
    f.at = q.frontVisibleAt();
    f.out = static_cast<std::uint8_t>(route(q.front().dest));
    f.head = q.front().head();
  }
};

}  // namespace warpsim::noc
