#pragma once
// Test benches for the cache: a scripted initiator above it (the LSU's or the interconnect's
// place), a memory below it that answers after a fixed delay and can withhold END_REQ, and a
// probe that samples a value every cycle. All are Clocked blocks on the cache's ClockEngine.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "warpsim/cache/Cache.h"
#include "warpsim/core/ClockEngine.h"
#include "warpsim/core/PayloadPool.h"
#include "warpsim/stats/StatsRegistry.h"

namespace warpsim::test {

constexpr Cycle kNever = ~Cycle{0};

struct Send {
  Cycle at = 0;  // the earliest cycle to send (later while END_REQ is withheld)
  Addr addr = 0;
  ReqKind kind = ReqKind::Load;
  std::uint32_t warp = 0;
  std::uint32_t sm = 0;
  ReqSpace space = ReqSpace::Global;
  std::uint8_t flags = 0;
};

inline Send load(Cycle at, Addr addr, std::uint32_t warp = 0, std::uint32_t sm = 0) {
  return Send{at, addr, ReqKind::Load, warp, sm};
}
inline Send store(Cycle at, Addr addr, std::uint32_t warp = 0, std::uint32_t sm = 0) {
  return Send{at, addr, ReqKind::Store, warp, sm};
}

// Seeded random request scripts: random in shape, identical on every run. `n` requests in
// bursts (after each, one time in four, a gap of up to `maxGap` - 1 cycles); `fill(s, next)`
// sets the rest of request `s` from the generator `next()`.
template <typename Fill>
std::vector<Send> burstScript(std::uint32_t seed, std::size_t n, std::uint32_t maxGap, Fill fill) {
  std::uint32_t lcg = seed;
  auto next = [&] {
    lcg = lcg * 1103515245u + 12345u;  // the classic ANSI C generator
    return lcg >> 16;
  };
  std::vector<Send> script;
  Cycle at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    at += next() % 4 == 0 ? next() % maxGap : 0;
    Send s;
    s.at = at;
    fill(s, next);
    script.push_back(s);
  }
  return script;
}

// What happened to one scripted request (index = its GpuRequest id).
struct Record {
  Cycle sent = kNever;
  tlm::tlm_sync_enum status = tlm::TLM_COMPLETED;  // what nb_transport_fw returned
  Cycle endReq = kNever;                           // END_REQ seen (at once or later)
  Cycle resp = kNever;                             // first BEGIN_RESP
  int responses = 0;
  bool intact = false;  // the response came back on our payload with its id, tag, address and size
};

class ScriptedInitiator : public sc_core::sc_module, public Clocked {
 public:
  tlm_utils::simple_initiator_socket<ScriptedInitiator> socket;
  std::vector<Record> records;
  std::vector<std::uint64_t> responseOrder;

  ScriptedInitiator(sc_core::sc_module_name name, PayloadPool& pool)
      : sc_core::sc_module(name), socket("socket"), pool_(pool) {
    socket.register_nb_transport_bw(this, &ScriptedInitiator::nbTransportBw);
  }

  void start(std::vector<Send> script) {
    script_ = std::move(script);
    records.assign(script_.size(), Record{});
    wake();
  }

  bool tick() override {
    while (next_ < script_.size() && script_[next_].at <= now() && !awaitingEndReq_) send();
    if (next_ < script_.size() && !awaitingEndReq_ && script_[next_].at > now() + 1) {
      wakeAt(script_[next_].at);
      return false;
    }
    return next_ < script_.size() && !awaitingEndReq_;
  }

 private:
  static constexpr std::uint32_t kTagBase = 0x5000;  // the initiator's own bookkeeping

  void send() {
    const Send& s = script_[next_];
    tlm::tlm_generic_payload& p = pool_.acquire();
    GpuRequest& r = GpuRequest::of(p);
    r.id = next_;
    r.kind = s.kind;
    r.space = s.space;
    r.sm = SmId{s.sm};
    r.warp = WarpId{s.warp};
    r.lineAddr = s.addr;
    r.flags = s.flags;
    r.issueCycle = now();
    r.tag = kTagBase + static_cast<std::uint32_t>(next_);
    const bool write = s.kind != ReqKind::Load && s.kind != ReqKind::Prefetch;
    p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    p.set_address(s.addr);
    p.set_data_length(128);
    p.set_streaming_width(128);
    Record& rec = records[next_];
    rec.sent = now();
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    rec.status = socket->nb_transport_fw(p, phase, delay);
    if (rec.status == tlm::TLM_UPDATED && phase == tlm::END_REQ)
      rec.endReq = now();
    else
      awaitingEndReq_ = true;
    ++next_;
  }

  tlm::tlm_sync_enum nbTransportBw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                                   sc_core::sc_time&) {
    const GpuRequest& r = GpuRequest::of(p);
    Record& rec = records.at(r.id);
    if (phase == tlm::END_REQ) {
      rec.endReq = now();
      awaitingEndReq_ = false;
      wake();
      return tlm::TLM_ACCEPTED;
    }
    // A refusal (Mascar's NACK) answers without END_REQ: the request is over.
    if (awaitingEndReq_ && p.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE) {
      awaitingEndReq_ = false;
      wake();
    }
    if (rec.responses++ == 0) {
      rec.resp = now();
      rec.intact = r.tag == kTagBase + r.id && p.get_address() == script_[r.id].addr &&
                   p.get_data_length() == 128 && p.get_response_status() == tlm::TLM_OK_RESPONSE;
      responseOrder.push_back(r.id);
      p.release();
    }
    return tlm::TLM_COMPLETED;
  }

  PayloadPool& pool_;
  std::vector<Send> script_;
  std::size_t next_ = 0;
  bool awaitingEndReq_ = false;
};

// Memory below the cache: answers every request `respondAfter` cycles after taking it, in
// order. With a capacity, it holds that many requests at most and withholds END_REQ beyond.
class MemoryTarget : public sc_core::sc_module, public Clocked {
 public:
  tlm_utils::simple_target_socket<MemoryTarget> socket;
  struct Arrival {
    Cycle at;
    Addr addr;
    ReqKind kind;
    bool write;
    std::uint32_t sm;
  };
  std::vector<Arrival> arrivals;  // in the order taken (END_REQ)
  int violations = 0;  // BEGIN_REQs while an earlier one still awaited END_REQ (base protocol)

  MemoryTarget(sc_core::sc_module_name name, Cycle respondAfter, std::size_t capacity = 0)
      : sc_core::sc_module(name),
        socket("socket"),
        respondAfter_(respondAfter),
        capacity_(capacity) {
    socket.register_nb_transport_fw(this, &MemoryTarget::nbTransportFw);
  }

  bool tick() override {
    while (!pending_.empty() && pending_.front().first <= now()) {
      tlm::tlm_generic_payload* p = pending_.front().second;
      pending_.pop_front();
      p->set_response_status(tlm::TLM_OK_RESPONSE);
      tlm::tlm_phase phase = tlm::BEGIN_RESP;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_bw(*p, phase, delay);
    }
    if (held_ && (capacity_ == 0 || pending_.size() < capacity_)) {
      tlm::tlm_generic_payload* h = held_;
      held_ = nullptr;
      take(*h);
      tlm::tlm_phase phase = tlm::END_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_bw(*h, phase, delay);
    }
    if (pending_.empty()) return false;
    if (pending_.front().first > now() + 1) {
      wakeAt(pending_.front().first);
      return false;
    }
    return true;
  }

 private:
  tlm::tlm_sync_enum nbTransportFw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase,
                                   sc_core::sc_time&) {
    if (phase != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;
    wake();
    if (held_) ++violations;
    if (capacity_ != 0 && pending_.size() >= capacity_) {
      held_ = &p;
      return tlm::TLM_ACCEPTED;
    }
    take(p);
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  void take(tlm::tlm_generic_payload& p) {
    const GpuRequest& r = GpuRequest::of(p);
    arrivals.push_back(Arrival{now(), p.get_address(), r.kind, p.is_write(), r.sm.value()});
    pending_.emplace_back(now() + respondAfter_, &p);
  }

  Cycle respondAfter_;
  std::size_t capacity_;
  tlm::tlm_generic_payload* held_ = nullptr;
  std::deque<std::pair<Cycle, tlm::tlm_generic_payload*>> pending_;
};

// Samples `read()` at the end of every cycle of its domain, from cycle 0 to `cycles` - 1
// (registered after the cache, so it sees the cycle's outcome).
class Probe : public Clocked {
 public:
  Probe(std::function<bool()> read, Cycle cycles) : read_(std::move(read)), cycles_(cycles) {}
  void start() { wake(); }
  bool tick() override {
    if (now() >= cycles_) return false;
    samples.push_back(read_());
    return now() + 1 < cycles_;
  }
  std::vector<bool> samples;

 private:
  std::function<bool()> read_;
  Cycle cycles_;
};

// An initiator, a cache and a memory on one 1 GHz clock, registered in that order.
struct CacheBench {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("core", 1000.0);
  StatsRegistry stats;
  PayloadPool poolAbove;  // the initiator's payloads
  PayloadPool poolBelow;  // the cache's payloads
  ScriptedInitiator cpu{"cpu", poolAbove};
  Cache cache;
  MemoryTarget mem;

  CacheBench(const CacheParams& p, Cycle memLatency, std::size_t memCapacity = 0)
      : cache("l1d", p, poolBelow, engine.watchdog(), stats), mem("mem", memLatency, memCapacity) {
    clock.add(cpu);
    clock.add(cache);
    clock.add(mem);
    cpu.socket.bind(cache.upstream);
    cache.downstream.bind(mem.socket);
  }
  nlohmann::json stat() const { return stats.tree()["l1d"]; }
};

// A small cache for timing tests: 4 sets x 2 ways of 128 B lines, 1-cycle hits, LRU,
// write-evict, allocate on miss, 4 MSHRs of 4 requests, a miss queue of 4, input queue of 2.
inline CacheParams smallCache() {
  CacheParams p;
  p.sets = 4;
  p.ways = 2;
  p.lineSize = 128;
  p.hitLatency = 1;
  p.mshrEntries = 4;
  p.mshrMerges = 4;
  p.missQueue = 4;
  p.inputQueue = 2;
  p.saturationThreshold = 0;
  return p;
}

// The address of line `i` of set `set` in smallCache() (4 sets of 128 B lines).
inline Addr lineIn(std::uint32_t set, std::uint32_t i) {
  return (Addr{i} * 4 + set) * 128;
}

}  // namespace warpsim::test
