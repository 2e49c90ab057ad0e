#pragma once
// Which access path a request takes under the cache's write policy, decided from the request
// alone, before the lookup: loads; write-back with write-allocate (stores and, in a write-back
// cache, atomics: performed on the line); write-through and write-evict (the store goes below;
// a hit keeps or drops the line); and atomics of any other cache, sent below on their own.
// GPGPU-Sim's Fermi L1 ('L') writes back local-space stores and evicts on the others.
// Also what the access does to the line, for the access trace. Plain C++, no state but the
// configured policy.
#include <cstdint>

#include <tlm>

#include "warpsim/cache/CacheParams.h"
#include "warpsim/core/GpuRequest.h"

namespace warpsim {

// What an access does to the line, for trace replay (CCWS §4's Belady comparison).
enum class CacheAccessKind : std::uint8_t {
  Load,           // hit, or miss and allocate
  StoreEvict,     // a hit invalidates the line; never allocates
  StoreAround,    // write-through: changes nothing here
  StoreAllocate,  // write-back: as a load
  Atomic,         // always sent below (counted a miss); drops the line
};

class WritePolicyPath {
 public:
  enum class Path : std::uint8_t {
    Read,          // hit, merge into a pending line, or fetch
    WriteBack,     // hit dirties; pending line: merge, dirty on fill; miss: fetch on write
    WriteThrough,  // goes below; a hit keeps the line
    WriteEvict,    // goes below; a hit invalidates the line
    AtomicBelow,   // goes below with an MSHR entry of its own; drops the line
  };

  explicit WritePolicyPath(WritePolicy configured) : configured_(configured) {}

  // The policy for this request: the configured one, or for local-wb-global-evict write-back
  // in the local space and write-evict elsewhere.
  WritePolicy policyFor(const GpuRequest& r) const;
  // Whether the request writes the line: a write command, a store or a writeback from above.
  static bool writes(const tlm::tlm_generic_payload& p, const GpuRequest& r) {
    return p.is_write() || r.kind == ReqKind::Store || r.kind == ReqKind::Writeback;
  }
  Path pathOf(const GpuRequest& r, bool writes) const;
  // What the access does to the line: a write-back store that may not allocate (kNoAllocate)
  // goes around the cache.
  CacheAccessKind kindOf(const GpuRequest& r, bool writes) const;

 private:
  WritePolicy configured_;
};

}  // namespace warpsim
