#pragma once
// A mesh node's network interface: injection queues (one per local port: an SM's L1D, L1T and
// L1C, or a memory partition), which it cuts into flits and feeds to its router's local input
// one flit per cycle under credit flow control, arbitrating round-robin between the VCs and
// between the queues of a VC; and per-VC ejection buffers, where a packet is handed to the
// endpoint once its tail has arrived. An endpoint that cannot take more blocks that VC only.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <vector>

#include "warpsim/core/Clocked.h"
#include "warpsim/core/TimedQueue.h"
#include "warpsim/noc/Flit.h"
#include "warpsim/noc/MeshParams.h"
#include "warpsim/noc/NocStats.h"

namespace warpsim {
class Watchdog;
}

namespace warpsim::noc {

class Router;

// What sits at the mesh's edge: the TLM layer (Mesh) or a test's traffic sink.
class IMeshEndpoint {
 public:
  virtual ~IMeshEndpoint() = default;
  // A whole packet arrived at `node`; it is taken. Returns whether another packet of its VC may
  // follow now; false blocks the VC at that node until NetworkInterface::resume.
  virtual bool deliver(std::uint32_t node, const Packet& p) = 0;
  // Injection queue `queue` of `node` let a packet go: it has room again.
  virtual void injectionSpace(std::uint32_t node, std::uint32_t queue) = 0;
};

class NetworkInterface : public Clocked {
 public:
  // `packets`: the fabric's pool, where a packet stays while its flits are in the mesh.
  NetworkInterface(std::uint32_t node, const MeshParams& params, IMeshEndpoint& endpoint,
                   NocStats& stats, PacketPool& packets, Watchdog* watchdog);

  // Adds an injection queue for packets of `vc`, holding `capacity` packets (0: unbounded);
  // returns its index. Call before the run.
  std::uint32_t addQueue(std::uint8_t vc, std::uint32_t capacity);
  // Its router's local port: where its flits go and its credits come back.
  void connect(Router& router, Counter& injectFlits);

  bool full(std::uint32_t queue) const { return queues_[queue].q.full(); }
  // Takes a packet for `p.dest` (src, VC and injection cycle are filled in); it may leave from
  // the next cycle.
  void inject(std::uint32_t queue, Packet p);
  // The endpoint takes packets of `vc` again.
  void resume(std::uint32_t vc);

  bool tick() override;
  // From the router's local output: a flit, usable from `visibleAt`, and `n` credits of `vc`.
  // Inline, as the router's pushFlit: every flit's last hop ends here.
  void pushFlit(const Flit& flit, Cycle visibleAt) {
    FlitQueue& q = eject_[flit.vc];
    if (q.full()) fullEjection();
    q.push(flit, visibleAt);
    if (!flit.tail()) return;  // nothing to do before the whole packet is here
    ++tails_[flit.vc];
    if (!isActive()) wakeAt(visibleAt);
  }
  void pushCredit(std::uint32_t vc, Cycle visibleAt, std::uint32_t n) {
    if (credits_[vc].give(visibleAt, n) && !isActive()) wakeAt(visibleAt);
  }
  void describeWaits(std::ostream& os) const;
  bool holdsPackets() const;
  std::uint32_t node() const { return node_; }

 private:
  struct Queue {
    std::uint8_t vc;
    TimedQueue<Packet> q;
  };
  struct Sending {
    std::uint32_t packet = 0;  // its PacketPool index
    std::uint16_t dest = 0;
    std::uint32_t flits = 0, sent = 0;
    bool active = false;
  };
  // A VC's flits arrive packet by packet (its output VC is held from head to tail), so its front
  // packet is whole once any tail has arrived: one may be handed on unless the VC is blocked.
  bool holdsTail(std::uint32_t vc) const { return !blocked_[vc] && tails_[vc] != 0; }
  void eject(std::uint32_t vc, Cycle t);
  // Inlined into tick, its one caller (doc/performance.md, stop 49).
  [[gnu::always_inline]] inline bool injectFlit(std::uint32_t vc, Cycle t);
  std::uint32_t firstReady(std::uint32_t vc, Cycle t) const;
  Cycle nextEvent(Cycle t);
  std::uint32_t hops(const Packet& p) const;
  // A flit into a full ejection buffer: the credit protocol is broken (cold, out of line).
  [[noreturn, gnu::cold, gnu::noinline]] void fullEjection() const;

  std::uint32_t node_;
  std::uint8_t col_, row_;  // where the node is: a packet's hops without a division
  const MeshParams& params_;
  IMeshEndpoint& endpoint_;
  NocStats& stats_;
  PacketPool& packets_;
  Watchdog* watchdog_;
  std::vector<Queue> queues_;                  // at most 32
  std::array<std::uint32_t, kVcs> waiting_{};  // per VC, bit i: queue i holds packets
  std::array<std::uint32_t, kVcs> rrQueue_{};
  std::uint32_t rrVc_ = 0;
  std::array<Sending, kVcs> sending_;
  std::array<CreditCounter, kVcs> credits_;
  std::array<FlitQueue, kVcs> eject_;
  std::array<std::uint32_t, kVcs> tails_{};  // per VC: whole packets in eject_ (tails arrived)
  std::array<bool, kVcs> blocked_{};
  Router* router_ = nullptr;
  Counter* injectFlits_ = nullptr;
};

}  // namespace warpsim::noc
