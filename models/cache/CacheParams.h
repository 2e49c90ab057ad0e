#pragma once
// The parameters of one cache instance. Every instance declares its own options under its
// prefix (`l1d.sets`, `l2.sets`, ...) with its own defaults, so one Cache class serves as L1D,
// L1T, L1C and L2 slice.
#include <cstdint>
#include <string>

#include "warpsim/cache/IReplacementPolicy.h"

namespace warpsim {

class Config;
class ConfigSchema;

enum class WritePolicy : std::uint8_t {
  WriteEvict,          // store hit invalidates the line; stores go below; no write-allocate
  WriteBack,           // stores dirty the line (fetch on write miss); dirty victims written back
  WriteThrough,        // store hit keeps (and updates) the line; stores go below; no allocate
  LocalWbGlobalEvict,  // GPGPU-Sim's Fermi L1 ('L'): local-space stores write-back, others evict
};
enum class AllocatePolicy : std::uint8_t {
  OnMiss,  // reserve the line when the miss is sent (GPGPU-Sim 'm'; CCWS 2)
  OnFill,  // choose the victim when the data arrives (GPGPU-Sim 'f')
};

const char* toString(WritePolicy p);
const char* toString(AllocatePolicy p);

struct CacheParams {
  std::uint32_t sets = 64;
  std::uint32_t ways = 4;
  std::uint32_t lineSize = 128;     // bytes
  std::string replacement = "lru";  // a name of the ReplacementRegistry
  std::uint32_t hitLatency = 1;     // cycles from arrival to a hit's response
  // Cycles every access spends in the cache's pipeline before its lookup (GPGPU-Sim's ROP
  // latency on the L2): hits and misses alike pay it. 0: none.
  std::uint32_t accessLatency = 0;
  // Write-evict and write-through stores are answered when below acknowledges them, holding an
  // MSHR entry meanwhile (GPGPU-Sim: a warp finishes once its stores are acknowledged), instead
  // of after the hit latency (posted).
  bool ackStores = false;
  std::uint32_t mshrEntries = 64;  // lines with a miss outstanding
  std::uint32_t mshrMerges = 8;    // requests per MSHR entry, the first included
  std::uint32_t missQueue = 8;     // requests waiting to go below
  std::uint32_t inputQueue = 2;    // requests accepted but not yet looked up
  WritePolicy writePolicy = WritePolicy::WriteEvict;
  AllocatePolicy allocate = AllocatePolicy::OnMiss;
  bool perfect = false;                   // every access hits; nothing goes below
  std::uint32_t saturationThreshold = 2;  // free MSHRs or miss-queue slots at or below: saturated
  // L2 only: a line pushed by the memory-side prefetcher goes in at the replacement policy's
  // first-out position (LRU) instead of as a new line (MRU). OWL 4.4 does not say.
  bool prefetchInsertLru = false;

  std::uint64_t sizeBytes() const { return std::uint64_t{sets} * ways * lineSize; }

  // Lines one cache may hold (sets x ways): 2^20, 128 MiB of 128 B lines, far above any L1 or
  // L2 slice; each line costs tens of bytes of tags and replacement state, so the largest
  // sets x ways the options allow (2^26 lines) would take gigabytes per instance.
  static constexpr std::uint64_t kMaxLines = std::uint64_t{1} << 20;

  // The per-SM L1 data cache of the Fermi/GTX480 configuration (Mascar Table I, GPGPU-Sim).
  static CacheParams l1dDefaults();
  // One L2 slice per memory partition (Mascar Table I: 768 KiB over 6 partitions).
  static CacheParams l2Defaults();
  static CacheParams l1tDefaults();  // texture: read-only
  static CacheParams l1cDefaults();  // constant: read-only

  // Declares `<prefix>.sets`, `<prefix>.ways`, ... with `defaults` as their defaults;
  // `<prefix>.replacement` allows the names of `replacements`.
  static void declare(ConfigSchema& schema, const std::string& prefix, const CacheParams& defaults,
                      const ReplacementRegistry& replacements = ReplacementRegistry::builtins());
  // Reads and checks them; throws ConfigError naming the option at fault.
  static CacheParams load(const Config& config, const std::string& prefix);
};

}  // namespace warpsim
