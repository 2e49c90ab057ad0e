// Conformance (doc/architecture.md): seeded random loads, stores and atomics from a
// scripted initiator through an L1, alone or over an L2 slice, in front of a memory that
// answers after a fixed delay and refuses requests beyond its capacity. Every request gets
// exactly one response on its own payload with its ids untouched, nothing leaks in any pool,
// and sim.tick_all (no idle skipping) gives the same statistics.
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "CacheTestSupport.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

constexpr std::size_t kRequests = 400;

// Bursts of requests to 24 lines (3 per set of the 8-set L1 below), from 8 warps: enough reuse
// for hits and merges, enough conflict for evictions and every kind of reservation failure.
std::vector<Send> randomScript(std::uint32_t seed) {
  return burstScript(seed, kRequests, 6, [](Send& s, auto& next) {
    s.addr = Addr{next() % 24} * 128 + (next() % 4) * 32;
    const std::uint32_t k = next() % 20;
    s.kind = k < 14 ? ReqKind::Load : k < 19 ? ReqKind::Store : ReqKind::Atomic;
    s.warp = next() % 8;
    s.space = next() % 8 == 0 ? ReqSpace::Local : ReqSpace::Global;
  });
}

CacheParams l1Params(WritePolicy w) {
  CacheParams p;
  p.sets = 8;
  p.ways = 2;
  p.hitLatency = 2;
  p.mshrEntries = 4;
  p.mshrMerges = 2;
  p.missQueue = 2;
  p.inputQueue = 2;
  p.writePolicy = w;
  return p;
}

CacheParams l2Params() {
  CacheParams p;
  p.sets = 4;
  p.ways = 2;
  p.hitLatency = 6;
  p.mshrEntries = 3;
  p.mshrMerges = 2;
  p.missQueue = 2;
  p.inputQueue = 2;
  p.writePolicy = WritePolicy::WriteBack;
  p.allocate = AllocatePolicy::OnFill;
  return p;
}

// cpu -> l1d [-> l2] -> mem, on one clock.
struct Stack {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("core", 1000.0);
  StatsRegistry stats;
  PayloadPool poolCpu, poolL1, poolL2;
  ScriptedInitiator cpu{"cpu", poolCpu};
  Cache l1;
  std::unique_ptr<Cache> l2;
  MemoryTarget mem{"mem", 7, 3};

  Stack(const CacheParams& l1p, const CacheParams* l2p)
      : l1("l1d", l1p, poolL1, engine.watchdog(), stats) {
    clock.add(cpu);
    clock.add(l1);
    cpu.socket.bind(l1.upstream);
    if (l2p) {
      l2 = std::make_unique<Cache>("l2", *l2p, poolL2, engine.watchdog(), stats);
      clock.add(*l2);
      l1.downstream.bind(l2->upstream);
      l2->downstream.bind(mem.socket);
    } else {
      l1.downstream.bind(mem.socket);
    }
    clock.add(mem);
  }

  // Everything a run produced, as text: the statistics and every response and arrival cycle.
  std::string outcome() const {
    std::ostringstream os;
    os << stats.tree().dump() << "\n";
    for (const Record& r : cpu.records) os << r.resp << " ";
    os << "\n";
    for (const auto& a : mem.arrivals) os << a.at << ":" << a.addr << " ";
    return os.str();
  }
};

void checkConformance(const Stack& s, const std::vector<Send>& script) {
  REQUIRE(s.cpu.records.size() == script.size());
  for (std::size_t i = 0; i < script.size(); ++i) {
    INFO("request " << i);
    const Record& r = s.cpu.records[i];
    REQUIRE(r.responses == 1);
    CHECK(r.intact);
    CHECK(r.resp > r.endReq);
  }
  CHECK(s.cpu.responseOrder.size() == script.size());
  CHECK(s.poolCpu.inUse() == 0);
  CHECK(s.poolL1.inUse() == 0);
  CHECK(s.poolL2.inUse() == 0);
  const CacheStats& l1 = s.l1.stats();
  CHECK(l1.accesses.value() == script.size());
  CHECK(l1.hits.value() + l1.misses.value() + l1.mshrMerges.value() == l1.accesses.value());
  CHECK(l1.intraWarpHits.value() + l1.interWarpHits.value() == l1.hits.value());
  CHECK(s.l1.mshrs().inUse() == 0);
  CHECK(s.l1.missQueueSize() == 0);
  CHECK(s.l1.inputQueueSize() == 0);
}

}  // namespace

TEST_CASE("cache conformance: a write-evict L1 over memory answers every request once") {
  const std::vector<Send> script = randomScript(12345);
  Stack s(l1Params(WritePolicy::WriteEvict), nullptr);
  s.cpu.start(script);
  sc_core::sc_start();
  checkConformance(s, script);
  const CacheStats& l1 = s.l1.stats();
  CHECK(l1.hits.value() > 0);
  CHECK(l1.mshrMerges.value() > 0);
  CHECK(l1.evictions.value() > 0);
  CHECK(l1.failMshr.value() > 0);
  CHECK(l1.failLine.value() > 0);
  CHECK(l1.failMissQueue.value() > 0);
  CHECK(l1.upstreamStallCycles.value() > 0);
}

TEST_CASE("cache conformance: a write-back L1 over a write-back L2 slice over memory") {
  const std::vector<Send> script = randomScript(777);
  const CacheParams l2 = l2Params();
  Stack s(l1Params(WritePolicy::WriteBack), &l2);
  s.cpu.start(script);
  sc_core::sc_start();
  checkConformance(s, script);
  CHECK(s.l1.stats().writebacks.value() > 0);
  CHECK(s.l2->stats().writebacks.value() > 0);
  CHECK(s.l2->stats().hits.value() > 0);
  CHECK(s.l2->mshrs().inUse() == 0);
  CHECK(s.l2->missQueueSize() == 0);
  // Every L1 writeback reached the L2 as a write and was acknowledged.
  CHECK(s.l2->stats().accesses.value() ==
        s.l1.stats().readsBelow.value() + s.l1.stats().writesBelow.value());
}

// Runs the stack in a child process (SystemC elaborates once per process) and returns what
// it produced.
std::string outcomeInChild(const std::vector<Send>& script, const CacheParams& l2) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    Stack s(l1Params(WritePolicy::WriteBack), &l2);
    s.cpu.start(script);
    sc_core::sc_start();
    const std::string out = s.outcome();
    ssize_t done = 0;
    while (done < static_cast<ssize_t>(out.size())) {
      const ssize_t n = write(fds[1], out.data() + done, out.size() - done);
      if (n <= 0) _exit(1);
      done += n;
    }
    _exit(0);
  }
  close(fds[1]);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) out.append(buf, buf + n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return out;
}

TEST_CASE("cache conformance: ticking every edge (sim.tick_all) changes no statistic") {
  const std::vector<Send> script = randomScript(4242);
  const CacheParams l2 = l2Params();
  const std::string sleeping = outcomeInChild(script, l2);
  Stack s(l1Params(WritePolicy::WriteBack), &l2);
  s.engine.setCycleLimit(s.clock, 20000);
  s.engine.setTickAll();
  s.cpu.start(script);
  sc_core::sc_start();
  checkConformance(s, script);
  CHECK(s.clock.edgesExecuted() == 20000);
  CHECK(s.outcome() == sleeping);
}

// The cache's sockets are bound to the cache itself (lib/core/TlmPorts.h): it takes only the
// non-blocking protocol, says so for blocking transport, and grants no DMI or debug access.
TEST_CASE("cache conformance: b_transport to a cache is an error, DMI and debug do nothing") {
  CacheBench b(smallCache(), 10);
  PayloadPool pool;
  tlm::tlm_generic_payload& p = pool.acquire();
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  auto& cache = dynamic_cast<tlm::tlm_fw_transport_if<>&>(
      *b.cache.upstream.get_base_export().get_interface());
  CHECK_THROWS_WITH(cache.b_transport(p, delay),
                    Catch::Contains("b_transport to a block that takes only nb_transport_fw"));
  tlm::tlm_dmi dmi;
  CHECK_FALSE(cache.get_direct_mem_ptr(p, dmi));
  CHECK(cache.transport_dbg(p) == 0);
  p.release();
}
