#include "warpsim/cache/CacheParams.h"

#include <algorithm>

#include "warpsim/config/Config.h"
#include "warpsim/core/PayloadPool.h"

namespace warpsim {
namespace {

const std::vector<std::string> kWritePolicies{"write-evict", "write-back", "write-through",
                                              "local-wb-global-evict"};
const std::vector<std::string> kAllocatePolicies{"on-miss", "on-fill"};

bool isPowerOfTwo(std::uint64_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

}  // namespace

const char* toString(WritePolicy p) {
  return kWritePolicies.at(static_cast<std::size_t>(p)).c_str();
}

const char* toString(AllocatePolicy p) {
  return kAllocatePolicies.at(static_cast<std::size_t>(p)).c_str();
}

CacheParams CacheParams::l1dDefaults() {
  CacheParams p;
  p.sets = 64;  // Mascar Table I: 32 kB, 64 sets, 4 way, 128 B lines, 64 MSHRs
  p.ways = 4;
  p.lineSize = 128;
  p.mshrEntries = 64;
  p.mshrMerges = 8;  // GPGPU-Sim 3.2.2 GTX480 -gpgpu_cache:dl1 ...,A:32:8,8
  p.missQueue = 8;   // same option: miss queue of 8
  p.hitLatency = 1;  // GPGPU-Sim 3.x: L1 hits take one cycle (no -gpgpu_l1_latency yet)
  p.inputQueue = 2;
  p.writePolicy = WritePolicy::WriteEvict;  // CCWS 2: "evicts global data on writes"
  p.allocate = AllocatePolicy::OnMiss;      // CCWS 2: "reserves cache lines on misses"
  return p;
}

// Read-only caches: no stores reach them (write-through never writes), allocate on miss.
CacheParams CacheParams::l1tDefaults() {
  CacheParams p;
  p.sets = 4;  // GPGPU-Sim 3.2.2 GTX480 -gpgpu_tex_cache:l1 4:128:24: 12 KiB, 24-way, 128 B
  p.ways = 24;
  p.lineSize = 128;
  p.mshrEntries = 128;  // same option: F:128:4 (fragment MSHRs)
  p.mshrMerges = 4;
  p.missQueue = 128;  // same option: miss queue 128
  p.hitLatency = 1;
  p.inputQueue = 2;
  p.writePolicy = WritePolicy::WriteThrough;
  p.allocate = AllocatePolicy::OnMiss;
  return p;
}

CacheParams CacheParams::l1cDefaults() {
  CacheParams p;
  // GPGPU-Sim 3.2.2 GTX480 -gpgpu_const_cache:l1 64:64:2 (8 KiB, 2-way, 64 B lines); warpsim
  // keeps 8 KiB and 2 ways with 128 B lines, as no cache line may be shorter than the LSU's.
  p.sets = 32;
  p.ways = 2;
  p.lineSize = 128;
  p.mshrEntries = 2;  // same option: A:2:32 (2 MSHRs, 32 merges each), miss queue 4
  p.mshrMerges = 32;
  p.saturationThreshold = 0;  // with 2 MSHRs, "nearly full" is full
  p.missQueue = 4;
  p.hitLatency = 1;
  p.inputQueue = 2;
  p.writePolicy = WritePolicy::WriteThrough;
  p.allocate = AllocatePolicy::OnMiss;
  return p;
}

CacheParams CacheParams::l2Defaults() {
  CacheParams p;
  p.sets = 128;  // Mascar Table I: 768 kB in 6 partitions = 128 KiB a slice, 8 way, 128 B
  p.ways = 8;
  p.lineSize = 128;
  p.mshrEntries = 64;  // Mascar Table I: 64 MSHRs per partition
  p.mshrMerges = 4;    // GPGPU-Sim 3.2.2 GTX480 -gpgpu_cache:dl2 ...,A:32:4,4
  p.missQueue = 4;     // same option: miss queue of 4
  p.hitLatency = 200;  // Mascar Table I: 200 core cycles (clock.l2 = clock.core on fermi)
  p.inputQueue = 8;    // GPGPU-Sim -gpgpu_dram_partition_queues 8:8:8:8 (icnt to L2)
  p.writePolicy = WritePolicy::WriteBack;  // GPGPU-Sim dl2 'B'; OWL 2.1: write-back L2
  p.allocate = AllocatePolicy::OnMiss;
  return p;
}

void CacheParams::declare(ConfigSchema& s, const std::string& prefix, const CacheParams& d,
                          const ReplacementRegistry& replacements) {
  const std::string x = prefix + ".";
  s.addUInt(x + "sets", d.sets, "sets (a power of two; sets x ways at most 2^20 lines)", 1,
            1u << 20);
  s.addUInt(x + "ways", d.ways, "ways per set", 1, 64);
  s.addSize(x + "line_size", std::to_string(d.lineSize) + "B",
            "line size (a power of two, at most the payload buffer)", 32, PayloadPool::kDataBytes);
  s.addEnum(x + "replacement", d.replacement, replacements.names(),
            "victim choice among the valid lines of a set");
  s.addUInt(x + "hit_latency", d.hitLatency,
            "cycles of the cache's clock from a request's arrival to its response on a hit", 1,
            100000);
  s.addUInt(x + "access_latency", d.accessLatency,
            "cycles every access spends in the cache's pipeline before its lookup, hit or miss "
            "(GPGPU-Sim's ROP latency on the L2); added to hit_latency for hits",
            0, 100000);
  s.addBool(x + "ack_stores", d.ackStores,
            "write-evict and write-through stores are answered when below acknowledges them "
            "(holding an MSHR entry), not after the hit latency");
  s.addUInt(x + "mshr_entries", d.mshrEntries, "lines with a miss outstanding (MSHRs)", 1, 4096);
  s.addUInt(x + "mshr_merges", d.mshrMerges,
            "requests one MSHR entry holds, the first miss included", 1, 1024);
  s.addUInt(x + "miss_queue", d.missQueue,
            "requests waiting to be sent below (misses, forwarded stores, writebacks)", 1, 4096);
  s.addUInt(x + "input_queue", d.inputQueue,
            "requests accepted but not yet looked up; a full queue withholds END_REQ", 1, 4096);
  s.addEnum(x + "write_policy", toString(d.writePolicy), kWritePolicies,
            "store handling: write-evict (invalidate on hit, no allocate), write-back (with "
            "write-allocate), write-through (no allocate), local-wb-global-evict (GPGPU-Sim Fermi "
            "L1: write-back for local memory, write-evict otherwise)");
  s.addEnum(x + "allocate", toString(d.allocate), kAllocatePolicies,
            "when a missing line gets its way: reserved at the miss, or chosen at the fill");
  s.addBool(x + "perfect", d.perfect,
            "every access hits after hit_latency and nothing goes below (an ideal bound)");
  s.addUInt(x + "saturation_threshold", d.saturationThreshold,
            "the saturation signal (Mascar III-A) is on while free MSHRs or free miss-queue "
            "slots are at or below this; must be below mshr_entries and miss_queue (not set: "
            "the default, lowered to fit them)",
            0, 4096);
  // Only the L2 slices receive the memory-side prefetcher's lines (OWL 4.4).
  if (prefix == "l2")
    s.addEnum(x + "prefetch_insert", d.prefetchInsertLru ? "lru" : "mru", {"mru", "lru"},
              "where a line pushed by the DRAM prefetcher goes in the set's replacement order: "
              "mru (as a new line) or lru (replaced first unless a demand hits it)");
}

CacheParams CacheParams::load(const Config& c, const std::string& prefix) {
  const std::string x = prefix + ".";
  auto u32 = [&](const std::string& key) { return static_cast<std::uint32_t>(c.getUInt(x + key)); };
  auto indexOf = [&](const std::string& key, const std::vector<std::string>& names) {
    const std::string& v = c.getString(x + key);
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == v) return i;
    return std::size_t{0};  // unreachable: the schema checked the choice
  };
  CacheParams p;
  p.sets = u32("sets");
  p.ways = u32("ways");
  p.lineSize = static_cast<std::uint32_t>(c.getSize(x + "line_size"));
  p.replacement = c.getString(x + "replacement");
  p.hitLatency = u32("hit_latency");
  p.accessLatency = u32("access_latency");
  p.ackStores = c.getBool(x + "ack_stores");
  p.mshrEntries = u32("mshr_entries");
  p.mshrMerges = u32("mshr_merges");
  p.missQueue = u32("miss_queue");
  p.inputQueue = u32("input_queue");
  p.writePolicy = static_cast<WritePolicy>(indexOf("write_policy", kWritePolicies));
  p.allocate = static_cast<AllocatePolicy>(indexOf("allocate", kAllocatePolicies));
  p.perfect = c.getBool(x + "perfect");
  p.saturationThreshold = u32("saturation_threshold");
  // Not set: the default, lowered below a small MSHR count or miss queue (mshr_entries = 1
  // gives 0: saturated only when full), so that these alone may be made small.
  if (!c.isSet(x + "saturation_threshold"))
    p.saturationThreshold =
        std::min(p.saturationThreshold, std::min(p.mshrEntries, p.missQueue) - 1);
  if (prefix == "l2") p.prefetchInsertLru = c.getString(x + "prefetch_insert") == "lru";
  if (!isPowerOfTwo(p.sets))
    throw ConfigError(x + "sets = " + std::to_string(p.sets) + ": must be a power of two");
  if (std::uint64_t{p.sets} * p.ways > kMaxLines)
    throw ConfigError(x + "sets x " + x + "ways = " + std::to_string(p.sets) + " x " +
                      std::to_string(p.ways) + ": more lines than the " +
                      std::to_string(kMaxLines) + " a cache may hold; lower one of them");
  if (!isPowerOfTwo(p.lineSize))
    throw ConfigError(x + "line_size = " + std::to_string(p.lineSize) +
                      ": must be a power of two (32, 64, 128 or 256)");
  if (p.writePolicy != WritePolicy::WriteEvict && p.writePolicy != WritePolicy::WriteThrough &&
      p.missQueue < 2)
    throw ConfigError(x + "miss_queue = " + std::to_string(p.missQueue) +
                      ": must be at least 2 with write_policy = " + toString(p.writePolicy) +
                      " (a miss that evicts a dirty line queues a writeback and a fetch)");
  if (!p.perfect &&
      (p.saturationThreshold >= p.mshrEntries || p.saturationThreshold >= p.missQueue))
    throw ConfigError(x + "saturation_threshold = " + std::to_string(p.saturationThreshold) +
                      ": must be below " + x + "mshr_entries (" + std::to_string(p.mshrEntries) +
                      ") and " + x + "miss_queue (" + std::to_string(p.missQueue) +
                      "), or the cache would always signal saturation; set " + x +
                      "saturation_threshold to at most " +
                      std::to_string(std::min(p.mshrEntries, p.missQueue) - 1) +
                      " with them, or leave it unset to have it derived");
  return p;
}

}  // namespace warpsim
