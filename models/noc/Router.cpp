#include "warpsim/noc/Router.h"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "warpsim/core/Watchdog.h"
#include "warpsim/noc/NetworkInterface.h"

namespace warpsim::noc {

namespace {
constexpr Cycle kNever = ~Cycle{0};
}

const char* portName(std::uint32_t port) {
  static const char* const names[] = {"local", "north", "east", "south", "west"};
  return port < kPorts ? names[port] : "?";
}

Router::Router(std::uint32_t node, const MeshParams& params, const PacketPool& packets,
               Watchdog* watchdog)
    : node_(node),
      x_(node % params.cols),
      y_(node / params.cols),
      params_(params),
      watchdog_(watchdog),
      packets_(packets) {
  for (auto& port : in_)
    for (auto& q : port) q = FlitQueue(params.vcBuffer);
  for (auto& o : owner_) o.fill(kFree);
  // XY: first along the row (east/west) to the destination column, then along the column.
  for (std::uint32_t dest = 0; dest < params.nodes(); ++dest) {
    const std::uint32_t dx = dest % params.cols, dy = dest / params.cols;
    routeTo_.push_back(dx > x_   ? kEast
                       : dx < x_ ? kWest
                       : dy > y_ ? kSouth
                       : dy < y_ ? kNorth
                                 : kLocal);
  }
}

void Router::connectOut(std::uint32_t port, Router& down, std::uint32_t downPort,
                        std::uint32_t depth, Counter& flits) {
  out_[port].down = Link{&down, downPort};
  for (auto& c : credits_[port]) c.reset(depth);
  out_[port].flits = &flits;
  out_[port].delay = params_.linkLatency + params_.routerLatency;  // the link, then its pipeline
}

void Router::connectLocal(NetworkInterface& ni, std::uint32_t depth, Counter& flits) {
  ni_ = &ni;
  for (auto& c : credits_[kLocal]) c.reset(depth);
  out_[kLocal].flits = &flits;
  out_[kLocal].delay = params_.linkLatency;  // the interface takes the flit off the link
}

void Router::fullBuffer(std::uint32_t port) const {
  throw std::logic_error("mesh router " + std::to_string(node_) + ": flit into a full " +
                         portName(port) + " buffer (credit protocol broken)");
}

void Router::pushCredit(std::uint32_t port, std::uint32_t vc, Cycle visibleAt, std::uint32_t n) {
  // A flit waiting for these credits made the router sleep; otherwise it is awake already.
  if (credits_[port][vc].give(visibleAt, n) && !isActive()) wakeAt(visibleAt);
}

void Router::send(std::uint32_t p, std::uint32_t vc, std::uint32_t o, Cycle t) {
  FlitQueue& q = in_[p][vc];
  const Flit& f = q.front();  // read in place: the flit leaves the buffer below, once sent on
  Output& out = out_[o];
  credits_[o][vc].take(t);
  // A head takes the output VC, a tail frees it (kFree is all ones): masks, not branches.
  std::uint32_t& owner = owner_[o][vc];
  const std::uint32_t held = owner ^ ((owner ^ p) & (0u - std::uint32_t{f.head()}));
  owner = held | (0u - std::uint32_t{f.tail()});
  out.flits->inc();
  if (observer_) observer_->flitSent(node_, o, packets_[f.packet], f, t);
  if (o == kLocal)
    ni_->pushFlit(f, t + out.delay);
  else
    out.down.router->pushFlit(out.down.port, f, t + out.delay);
  q.pop();
  // An emptied queue's front is stale but harmless (its bit is clear): no branch.
  refreshFront(p, vc);
  occupied_ &= ~(std::uint32_t{q.empty()} << (p * kVcs + vc));
  if (p == kLocal)
    ni_->pushCredit(vc, t + 1, 1);
  else
    up_[p].router->pushCredit(up_[p].port, vc, t + 1, 1);
  if (watchdog_) watchdog_->progress();
}

bool Router::tick() {
  const Cycle t = now();
  // Separable allocation: each output grants one requesting (input, VC) round-robin; outputs
  // take turns first (rotating with the cycle number, so sleeping changes nothing); an input
  // sends at most one flit per cycle. Only the outputs someone requests are visited.
  std::array<std::uint32_t, kPorts> want{};
  std::uint32_t requested = 0;  // bit o: output o has a requester
  for (std::uint32_t bits = occupied_; bits; bits &= bits - 1) {
    const auto i = static_cast<std::uint32_t>(__builtin_ctz(bits));
    // Visible, holding its output VC, a credit at hand: computed without branches, as which
    // of these holds is data the host cannot predict.
    const Front& f = front_[i];
    const std::uint32_t go = std::uint32_t{f.at <= t} & std::uint32_t{ownsOutput(i)} &
                             std::uint32_t{credits_[f.out][i % kVcs].available(t) > 0};
    want[f.out] |= go << i;
    requested |= go << f.out;
  }
  constexpr std::uint32_t kPairs = kPorts * kVcs, kAllPairs = (1u << kPairs) - 1;
  constexpr std::uint32_t kAllPorts = (1u << kPorts) - 1;
  std::uint32_t used = 0;  // the (input, VC) pairs of inputs that have sent this cycle
  const auto first = static_cast<std::uint32_t>(t % kPorts);
  // The requested outputs from `first` on, wrapping: rotate, then take the lowest bit each time.
  std::uint32_t turn = ((requested >> first) | (requested << (kPorts - first))) & kAllPorts;
  for (; turn; turn &= turn - 1) {
    const std::uint32_t k = static_cast<std::uint32_t>(__builtin_ctz(turn));
    const std::uint32_t o = first + k < kPorts ? first + k : first + k - kPorts;
    const std::uint32_t m = want[o] & ~used;
    if (!m) continue;
    // The first requester at or after the round-robin pointer: rotate, take the lowest bit.
    const std::uint32_t rr = rr_[o];
    const std::uint32_t rotated = ((m >> rr) | (m << (kPairs - rr))) & kAllPairs;
    std::uint32_t i = rr + static_cast<std::uint32_t>(__builtin_ctz(rotated));
    if (i >= kPairs) i -= kPairs;
    const std::uint32_t p = i / kVcs;
    send(p, i % kVcs, o, t);
    used |= ((1u << kVcs) - 1) << (p * kVcs);
    rr_[o] = i + 1 < kPairs ? i + 1 : 0;
  }
  // A router that sent and still holds flits almost always sends again next cycle: ticking it
  // then costs less than finding out (an idle tick changes nothing).
  if (used != 0 && occupied_ != 0) return true;
  const Cycle next = nextEvent(t);
  if (next == kNever) return false;
  if (next <= t + 1) return true;
  wakeAt(next);
  return false;
}

// When the router next has something to do: a flit becoming visible, or a visible flit that
// can go once a credit lands or the switch frees. A flit waiting for a credit with none in flight
// sleeps: the credit's return wakes the router. A head waiting for an output VC another packet
// holds sleeps too: that packet's flits keep the router awake, or wake it when they arrive.
Cycle Router::nextEvent(Cycle t) {
  Cycle next = kNever;
  for (std::uint32_t bits = occupied_; bits; bits &= bits - 1) {
    const auto i = static_cast<std::uint32_t>(__builtin_ctz(bits));
    const Front& f = front_[i];
    if (f.at > t) {
      next = std::min(next, f.at);
      continue;
    }
    if (!ownsOutput(i)) continue;
    const CreditCounter& c = credits_[f.out][i % kVcs];
    if (c.available(t) > 0 || c.inFlightAt(t) != 0) return t + 1;
  }
  return next;
}

void Router::describeWaits(std::ostream& os) const {
  for (std::uint32_t p = 0; p < kPorts; ++p)
    for (std::uint32_t v = 0; v < kVcs; ++v) {
      const FlitQueue& q = in_[p][v];
      if (q.empty()) continue;
      const Flit& f = q.front();
      const std::uint32_t o = route(f.dest);
      os << "router " << node_ << " input " << portName(p) << (v ? " response" : " request")
         << " VC: " << q.size() << " flits, front for node " << f.dest << " via " << portName(o)
         << " (credits " << credits_[o][v].available(now()) << ", VC "
         << (owner_[o][v] == kFree ? std::string("free")
                                   : "held by " + std::string(portName(owner_[o][v])))
         << ")\n";
    }
}

}  // namespace warpsim::noc
