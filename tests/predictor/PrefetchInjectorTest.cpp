// The prefetch injector between the interconnect and an L2 slice: demand requests pass through,
// prefetches go when the slice is free, a demand request never waits behind more than the one
// prefetch the slice is holding back, and every request is answered once.
#include <catch2/catch.hpp>

#include <vector>

#include "../cache/CacheTestSupport.h"
#include "warpsim/predictor/PrefetchInjector.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
struct InjectorBench {
  ClockEngine engine{"engine"};
  ClockDomain& clock = engine.addDomain("l2", 1000.0);
  PayloadPool poolAbove, poolInjector;
  std::vector<Addr> done;
  ScriptedInitiator icnt{"icnt", poolAbove};
  PrefetchInjector inj;
  MemoryTarget slice;
  // A slice that takes one request at a time (capacity 1) and answers after 10 cycles.
  InjectorBench()
      : inj("inj", poolInjector, 128, [this](Addr a) { done.push_back(a); }),
        slice("slice", 10, 1) {
    clock.add(icnt);
    clock.add(inj);
    clock.add(slice);
    icnt.socket.bind(inj.upstream);
    inj.downstream.bind(slice.socket);
  }
};
}  // namespace

TEST_CASE("prefetch injector: demand first behind a held prefetch, every request answered once") {
  InjectorBench b;
  GpuRequest proto;
  for (Addr a : {0x1000, 0x2000, 0x3000}) CHECK(b.inj.offer(a, proto));
  b.icnt.start({load(0, 0x10000), load(2, 0x20000), load(3, 0x30000)});
  sc_core::sc_start();
  for (const Record& r : b.icnt.records) {
    CHECK(r.responses == 1);
    CHECK(r.intact);
  }
  CHECK(b.done == std::vector<Addr>{0x1000, 0x2000, 0x3000});
  CHECK(b.poolInjector.inUse() == 0);
  std::vector<Addr> order;
  for (const auto& a : b.slice.arrivals) order.push_back(a.addr);
  // The first demand passes straight through; the first prefetch is then held by the busy
  // slice, the demand of cycle 2 waits behind it in the injector, and the remaining prefetches
  // go only after every demand.
  CHECK(order == std::vector<Addr>{0x10000, 0x1000, 0x20000, 0x30000, 0x2000, 0x3000});
}

TEST_CASE("prefetch injector: a full queue drops the prefetch") {
  InjectorBench b;
  GpuRequest proto;
  unsigned taken = 0;
  for (Addr a = 0; a < 20 * 128; a += 128) taken += b.inj.offer(a, proto);
  CHECK(taken == PrefetchInjector::kQueue);
}
