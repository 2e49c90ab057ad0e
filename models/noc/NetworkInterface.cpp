#include "warpsim/noc/NetworkInterface.h"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "warpsim/core/Watchdog.h"
#include "warpsim/noc/Router.h"

namespace warpsim::noc {

namespace {
constexpr Cycle kNever = ~Cycle{0};
}

NetworkInterface::NetworkInterface(std::uint32_t node, const MeshParams& params,
                                   IMeshEndpoint& endpoint, NocStats& stats, PacketPool& packets,
                                   Watchdog* watchdog)
    : node_(node),
      col_(static_cast<std::uint8_t>(node % params.cols)),
      row_(static_cast<std::uint8_t>(node / params.cols)),
      params_(params),
      endpoint_(endpoint),
      stats_(stats),
      packets_(packets),
      watchdog_(watchdog) {
  for (auto& q : eject_) q = FlitQueue(params.vcBuffer);
}

std::uint32_t NetworkInterface::addQueue(std::uint8_t vc, std::uint32_t capacity) {
  if (queues_.size() == 32)
    throw std::logic_error("mesh interface " + std::to_string(node_) +
                           ": more than 32 injection queues");
  queues_.push_back(Queue{vc, TimedQueue<Packet>(capacity)});
  return static_cast<std::uint32_t>(queues_.size() - 1);
}

void NetworkInterface::connect(Router& router, Counter& injectFlits) {
  router_ = &router;
  injectFlits_ = &injectFlits;
  for (auto& c : credits_) c.reset(params_.vcBuffer);
}

void NetworkInterface::inject(std::uint32_t queue, Packet p) {
  Queue& q = queues_[queue];
  // A packet is handed on whole from an ejection buffer: it must fit (MeshParams checks the
  // largest the GPU sends).
  if (p.flits > params_.vcBuffer || p.flits == 0)
    throw std::logic_error(
        "mesh interface " + std::to_string(node_) + ": a packet of " + std::to_string(p.flits) +
        " flits does not fit icnt.vc_buffer = " + std::to_string(params_.vcBuffer));
  p.src = static_cast<std::uint16_t>(node_);
  p.srcCol = col_;
  p.srcRow = row_;
  p.vc = q.vc;
  const Cycle t = wakeIn(1);  // visible in its queue the next cycle
  p.injectedAt = t;
  q.q.push(p, t + 1);
  waiting_[q.vc] |= 1u << queue;
}

void NetworkInterface::resume(std::uint32_t vc) {
  blocked_[vc] = false;
  wake();
}

void NetworkInterface::fullEjection() const {
  throw std::logic_error("mesh interface " + std::to_string(node_) +
                         ": flit into a full ejection buffer (credit protocol broken)");
}

// From the packet's source to this node, its destination.
std::uint32_t NetworkInterface::hops(const Packet& p) const {
  const auto d = [](std::uint32_t a, std::uint32_t b) { return a > b ? a - b : b - a; };
  return d(p.srcCol, col_) + d(p.srcRow, row_);
}

bool NetworkInterface::tick() {
  const Cycle t = now();
  for (std::uint32_t vc = 0; vc < kVcs; ++vc)
    if (holdsTail(vc)) eject(vc, t);
  // One flit per cycle onto the injection link; the VCs take turns.
  bool injected = false;
  for (std::uint32_t k = 0; k < kVcs && !injected; ++k) {
    const std::uint32_t vc = (rrVc_ + k) % kVcs;
    injected = injectFlit(vc, t);
    if (injected) rrVc_ = (vc + 1) % kVcs;
  }
  // A packet half sent goes on next cycle as a rule: ticking then costs less than finding out
  // (an idle tick changes nothing).
  if (injected && (sending_[0].active || sending_[1].active)) return true;
  const Cycle next = nextEvent(t);
  if (next == kNever) return false;
  if (next <= t + 1) return true;
  wakeAt(next);
  return false;
}

// Hands over the front packet of `vc` once its tail is visible, and frees its flit slots; called
// only when holdsTail(vc).
void NetworkInterface::eject(std::uint32_t vc, Cycle t) {
  FlitQueue& q = eject_[vc];
  const std::uint32_t index = q.front().packet;
  const std::uint32_t n = packets_[index].flits;
  if (q.visibleAt(n - 1) > t) return;
  const Packet p = packets_[index];
  packets_.release(index);
  for (std::uint32_t i = 0; i < n; ++i) q.pop();
  --tails_[vc];
  router_->pushCredit(kLocal, vc, t + 1, n);
  stats_.packets[vc].inc();
  stats_.flits[vc].inc(n);
  stats_.latency[vc].add(t - p.injectedAt);
  stats_.hops.add(hops(p));
  if (watchdog_) watchdog_->progress();
  blocked_[vc] = !endpoint_.deliver(node_, p);
}

bool NetworkInterface::injectFlit(std::uint32_t vc, Cycle t) {
  if (credits_[vc].available(t) == 0) return false;
  Sending& s = sending_[vc];
  if (!s.active) {  // start the next packet: queues of this VC take turns
    const auto n = static_cast<std::uint32_t>(queues_.size());
    const std::uint32_t chosen = firstReady(vc, t);
    if (chosen == n) return false;
    rrQueue_[vc] = chosen + 1 == n ? 0 : chosen + 1;
    TimedQueue<Packet>& q = queues_[chosen].q;
    const Packet p = q.pop();
    if (q.empty()) waiting_[vc] &= ~(1u << chosen);
    s.packet = packets_.add(p);
    s.dest = p.dest;
    s.flits = p.flits;
    s.sent = 0;
    s.active = true;
    endpoint_.injectionSpace(node_, chosen);
  }
  const auto ends = static_cast<std::uint8_t>((s.sent == 0 ? Flit::kHead : 0) |
                                              (s.sent + 1 == s.flits ? Flit::kTail : 0));
  const Flit f{s.packet, s.dest, static_cast<std::uint8_t>(vc), ends};
  credits_[vc].take(t);
  injectFlits_->inc();
  router_->pushFlit(kLocal, f, t + params_.linkLatency + params_.routerLatency);
  if (++s.sent == s.flits) s.active = false;
  return true;
}

// The first queue of `vc` from the round-robin pointer on, wrapping, whose front packet is
// visible at t; queues_.size() if none. Only the queues holding packets are looked at.
std::uint32_t NetworkInterface::firstReady(std::uint32_t vc, Cycle t) const {
  const auto n = static_cast<std::uint32_t>(queues_.size());
  const std::uint32_t rr = rrQueue_[vc];
  // The queues holding packets, rotated so that the pointer's is bit 0 (n <= 32: 64-bit shifts).
  const std::uint64_t m = waiting_[vc];
  for (std::uint64_t bits = ((m >> rr) | (m << (n - rr))) & ((std::uint64_t{1} << n) - 1); bits;
       bits &= bits - 1) {
    std::uint32_t i = rr + static_cast<std::uint32_t>(__builtin_ctzll(bits));
    if (i >= n) i -= n;
    if (queues_[i].q.ready(t)) return i;
  }
  return n;
}

Cycle NetworkInterface::nextEvent(Cycle t) {
  Cycle next = kNever;
  for (std::uint32_t vc = 0; vc < kVcs; ++vc) {
    const FlitQueue& q = eject_[vc];
    if (holdsTail(vc)) {
      const std::uint32_t n = packets_[q.front().packet].flits;
      next = std::min(next, std::max(q.visibleAt(n - 1), t + 1));
    }
    // Injection: the packet under way, or the earliest visible head of this VC's queues, once
    // a credit is at hand (a credit with none in flight wakes us when it returns).
    Cycle ready = sending_[vc].active ? t + 1 : kNever;
    for (std::uint32_t bits = waiting_[vc]; bits; bits &= bits - 1) {
      const TimedQueue<Packet>& q = queues_[static_cast<std::uint32_t>(__builtin_ctz(bits))].q;
      ready = std::min(ready, std::max(q.frontVisibleAt(), t + 1));
    }
    if (ready == kNever) continue;
    const CreditCounter& c = credits_[vc];
    if (c.available(t) > 0 || c.inFlightAt(t) != 0) next = std::min(next, ready);
  }
  return next;
}

bool NetworkInterface::holdsPackets() const {
  for (const auto& q : eject_)
    if (!q.empty()) return true;
  for (const Queue& q : queues_)
    if (!q.q.empty()) return true;
  return sending_[0].active || sending_[1].active;
}

void NetworkInterface::describeWaits(std::ostream& os) const {
  for (std::uint32_t vc = 0; vc < kVcs; ++vc) {
    const char* cls = vc == kRequestVc ? "request" : "response";
    if (!eject_[vc].empty())
      os << "mesh interface " << node_ << ": " << eject_[vc].size() << " " << cls
         << " flits to deliver" << (blocked_[vc] ? " (the endpoint refuses more)" : "") << "\n";
    if (sending_[vc].active)
      os << "mesh interface " << node_ << ": a " << cls << " packet half sent ("
         << sending_[vc].sent << " of " << sending_[vc].flits << " flits)\n";
  }
  for (std::size_t i = 0; i < queues_.size(); ++i)
    if (!queues_[i].q.empty())
      os << "mesh interface " << node_ << " queue " << i << ": " << queues_[i].q.size()
         << " packets waiting to enter the mesh\n";
}

}  // namespace warpsim::noc
