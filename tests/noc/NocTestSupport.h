#pragma once
// A bench for the mesh without its TLM edge: a MeshFabric on a 1 GHz icnt clock, a driver that
// injects scripted or random packets, and a sink that records every delivery and can refuse
// requests (as an L2 withholding END_REQ does) for a while.
#include <cstdint>
#include <deque>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "warpsim/core/ClockEngine.h"
#include "warpsim/noc/MeshFabric.h"

namespace warpsim::test {

using noc::Packet;

inline MeshParams meshParams(std::uint32_t cols, std::uint32_t rows) {
  MeshParams p;
  p.cols = cols;
  p.rows = rows;
  return p;
}

struct Delivery {
  std::uint64_t id;
  std::uint32_t node, vc;
  Cycle at, injectedAt;
};

// Token ids travel as the payload pointer (the mesh never dereferences it).
inline void* token(std::uint64_t id) {
  return reinterpret_cast<void*>(static_cast<std::uintptr_t>(id + 1));
}
inline std::uint64_t idOf(const Packet& p) {
  return reinterpret_cast<std::uintptr_t>(p.payload) - 1;
}

class Sink : public noc::IMeshEndpoint {
 public:
  explicit Sink(const ClockDomain& clock) : clock_(clock) {}
  bool deliver(std::uint32_t node, const Packet& p) override {
    got.push_back(Delivery{idOf(p), node, p.vc, clock_.cycle(), p.injectedAt});
    if (p.dest != node) ++misrouted;
    if (p.vc == noc::kRequestVc && refuseRequestsAt.count(node)) {
      blockedNodes.push_back(node);
      return false;
    }
    return true;
  }
  void injectionSpace(std::uint32_t, std::uint32_t) override {}

  std::vector<Delivery> got;
  std::map<std::uint32_t, bool> refuseRequestsAt;  // nodes whose request VC blocks after each
  std::vector<std::uint32_t> blockedNodes;         // deliveries that blocked, in order
  int misrouted = 0;

 private:
  const ClockDomain& clock_;
};

// Records per-link flit counts per cycle, and any link carrying two flits in one cycle.
class LinkProbe : public noc::IFlitObserver {
 public:
  void flitSent(std::uint32_t router, std::uint32_t out, const Packet& p, const noc::Flit&,
                Cycle cycle) override {
    auto& last = lastCycle_[{router, out}];
    if (last.first == cycle + 1) ++doubleBooked;  // stored as cycle + 1: 0 means never
    last.first = cycle + 1;
    hops[p.payload].emplace_back(router, out);
  }
  int doubleBooked = 0;
  std::map<const void*, std::vector<std::pair<std::uint32_t, std::uint32_t>>> hops;

 private:
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<Cycle, int>> lastCycle_;
};

struct Script {
  Cycle at;
  std::uint32_t src, dest, vc, flits;
};

// Injects a script, or uniform random traffic: each node starts a packet with probability `rate`
// per cycle until `stopAt`, to a uniformly chosen other node, request (1 flit) or response
// (3 flits) with equal odds. Packets wait in an unbounded source queue for room in the node's
// interface queue. Resumes refusing nodes `resumeAfter` cycles after they block.
class Driver : public Clocked {
 public:
  Driver(noc::MeshFabric& f, Sink& sink, std::uint32_t queueCapacity)
      : fabric_(f), sink_(sink), source_(f.nodes()) {
    for (std::uint32_t n = 0; n < f.nodes(); ++n)
      for (std::uint8_t vc = 0; vc < noc::kVcs; ++vc)
        queue_[n][vc] = f.ni(n).addQueue(vc, queueCapacity);
  }
  void script(std::vector<Script> s) {
    script_ = std::move(s);
    wake();
  }
  void random(double rate, Cycle stopAt, std::uint32_t seed) {
    rate_ = rate;
    stopAt_ = stopAt;
    rng_.seed(seed);
    wake();
  }
  Cycle resumeAfter = 20;

  bool tick() override {
    const Cycle t = now();
    for (; next_ < script_.size() && script_[next_].at <= t; ++next_) {
      const Script& s = script_[next_];
      enqueue(s.src, s.dest, s.vc, s.flits);
    }
    if (t < stopAt_) {
      std::uniform_real_distribution<double> coin(0.0, 1.0);
      std::uniform_int_distribution<std::uint32_t> other(0, fabric_.nodes() - 2);
      for (std::uint32_t n = 0; n < fabric_.nodes(); ++n) {
        if (coin(rng_) >= rate_) continue;
        std::uint32_t d = other(rng_);
        if (d >= n) ++d;
        const std::uint32_t vc = coin(rng_) < 0.5 ? 0 : 1;
        enqueue(n, d, vc, vc == 0 ? 1 : 3);
      }
    }
    for (std::uint32_t n = 0; n < fabric_.nodes(); ++n)
      for (std::uint32_t vc = 0; vc < noc::kVcs; ++vc) {
        auto& src = source_[n][vc];
        while (!src.empty() && !fabric_.ni(n).full(queue_[n][vc])) {
          fabric_.ni(n).inject(queue_[n][vc], src.front());
          src.pop_front();
        }
      }
    for (; blockedSeen_ < sink_.blockedNodes.size(); ++blockedSeen_)
      resumes_.emplace_back(t + resumeAfter, sink_.blockedNodes[blockedSeen_]);
    while (!resumes_.empty() && resumes_.front().first <= t) {
      fabric_.ni(resumes_.front().second).resume(noc::kRequestVc);
      resumes_.pop_front();
    }
    return true;  // a test bench: stays awake; runs are bounded by a cycle limit
  }

  std::uint64_t injected = 0, injectedFlits = 0;

 private:
  void enqueue(std::uint32_t src, std::uint32_t dest, std::uint32_t vc, std::uint32_t flits) {
    Packet p;
    p.payload = token(injected++);
    p.dest = static_cast<std::uint16_t>(dest);
    p.target = dest;
    p.flits = static_cast<std::uint16_t>(flits);
    injectedFlits += flits;
    source_[src][vc].push_back(p);
  }
  noc::MeshFabric& fabric_;
  Sink& sink_;
  std::vector<std::array<std::deque<Packet>, noc::kVcs>> source_;
  std::map<std::uint32_t, std::array<std::uint32_t, noc::kVcs>> queue_;
  std::vector<Script> script_;
  std::size_t next_ = 0;
  double rate_ = 0;
  Cycle stopAt_ = 0;
  std::mt19937 rng_;
  std::size_t blockedSeen_ = 0;
  std::deque<std::pair<Cycle, std::uint32_t>> resumes_;
};

struct FabricBench {
  ClockEngine engine{"engine"};
  ClockDomain& icnt = engine.addDomain("icnt", 1000.0);
  Sink sink{icnt};
  noc::MeshFabric fabric;
  LinkProbe probe;
  Driver driver;

  explicit FabricBench(const MeshParams& p, std::uint32_t queueCapacity = 4)
      : fabric(p, sink, &engine.watchdog()), driver(fabric, sink, queueCapacity) {
    icnt.add(driver);  // first: a packet it injects at cycle t may leave at t + 1
    fabric.registerWith(icnt);
    fabric.setObserver(&probe);
  }
  // Runs until `limit` icnt cycles.
  void run(Cycle limit) {
    engine.setCycleLimit(icnt, limit);
    sc_core::sc_start();
  }
};

}  // namespace warpsim::test
