#pragma once
// One memory partition: an L2 slice in front of its DRAM channel, and with predictor.prefetch a
// PrefetchInjector in front of the slice. The channel is the one dram.model names: the GDDR
// controller (gddr), a fixed latency (fixed), or none (external: the slice's downstream socket
// is left for the platform to bind to its own TLM target). Not a module of its own, so that its
// blocks keep the names gpu.l2_P, gpu.partP and gpu.prefetch_P.
#include <memory>

#include <tlm>

#include "warpsim/cache/Cache.h"
#include "warpsim/dram/FixedLatencyDram.h"
#include "warpsim/dram/GddrController.h"
#include "warpsim/predictor/PrefetchInjector.h"

namespace warpsim {

struct MemoryPartition {
  PartitionId id;
  std::unique_ptr<PrefetchInjector> injector;  // predictor.prefetch only
  std::unique_ptr<Cache> l2;
  std::unique_ptr<GddrController> gddr;     // dram.model = gddr
  std::unique_ptr<FixedLatencyDram> fixed;  // dram.model = fixed

  // Where the interconnect's memory-side port binds: the injector, or else the slice.
  tlm::tlm_target_socket<>& upstream() {
    if (injector) return injector->upstream;
    return l2->upstream;
  }
  // The DRAM channel's socket, where other requesters (e.g. a HostPort) bind after the slice;
  // nullptr with dram.model = external.
  tlm::tlm_base_target_socket_b<>* channel() {
    if (gddr) return &gddr->socket;
    if (fixed) return &fixed->socket;
    return nullptr;
  }
  // The slice's way to memory; with dram.model = external, bind it before sc_start().
  tlm::tlm_initiator_socket<>& memorySocket() { return l2->downstream; }
  void settleStats() {
    l2->settleStats();
    if (gddr) gddr->settleStats();
    if (fixed) fixed->settleStats();
  }
};

}  // namespace warpsim
