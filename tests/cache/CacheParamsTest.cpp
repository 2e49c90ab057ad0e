// The per-instance options: declared under a prefix with that instance's defaults, loaded and
// checked.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>

#include "warpsim/cache/CacheParams.h"
#include "warpsim/config/Config.h"

using namespace warpsim;

namespace {
ConfigSchema cacheSchema() {
  ConfigSchema s;
  CacheParams::declare(s, "l1d", CacheParams::l1dDefaults());
  CacheParams::declare(s, "l2", CacheParams::l2Defaults());
  return s;
}
}  // namespace

TEST_CASE("cache params: l1d defaults are Mascar's 32 KiB 4-way L1 with GPGPU-Sim's queues") {
  const ConfigSchema schema = cacheSchema();
  const CacheParams p = CacheParams::load(Config(schema), "l1d");
  CHECK(p.sets == 64);
  CHECK(p.ways == 4);
  CHECK(p.lineSize == 128);
  CHECK(p.sizeBytes() == 32 * 1024);
  CHECK(p.replacement == "lru");
  CHECK(p.hitLatency == 1);
  CHECK(p.mshrEntries == 64);
  CHECK(p.mshrMerges == 8);
  CHECK(p.missQueue == 8);
  CHECK(p.inputQueue == 2);
  CHECK(p.writePolicy == WritePolicy::WriteEvict);
  CHECK(p.allocate == AllocatePolicy::OnMiss);
  CHECK_FALSE(p.perfect);
  CHECK(p.saturationThreshold == 2);
}

TEST_CASE("cache params: l2 defaults are a 128 KiB 8-way write-back slice with 64 MSHRs") {
  const ConfigSchema schema = cacheSchema();
  const CacheParams p = CacheParams::load(Config(schema), "l2");
  CHECK(p.sizeBytes() == 768 * 1024 / 6);
  CHECK(p.sets == 128);
  CHECK(p.ways == 8);
  CHECK(p.hitLatency == 200);
  CHECK(p.mshrEntries == 64);
  CHECK(p.mshrMerges == 4);
  CHECK(p.missQueue == 4);
  CHECK(p.inputQueue == 8);
  CHECK(p.writePolicy == WritePolicy::WriteBack);
}

TEST_CASE("cache params: each instance reads its own section") {
  const ConfigSchema schema = cacheSchema();
  Config c(schema);
  c.loadIniText(
      "[l1d]\nsets = 32\nways = 8\nline_size = 64B\nreplacement = fifo\nhit_latency = 20\n"
      "mshr_entries = 32\nmshr_merges = 4\nmiss_queue = 16\ninput_queue = 4\n"
      "write_policy = write-back\nallocate = on-fill\nperfect = true\n"
      "saturation_threshold = 5\n",
      "t.ini");
  const CacheParams p = CacheParams::load(c, "l1d");
  CHECK(p.sets == 32);
  CHECK(p.ways == 8);
  CHECK(p.lineSize == 64);
  CHECK(p.replacement == "fifo");
  CHECK(p.hitLatency == 20);
  CHECK(p.mshrEntries == 32);
  CHECK(p.mshrMerges == 4);
  CHECK(p.missQueue == 16);
  CHECK(p.inputQueue == 4);
  CHECK(p.writePolicy == WritePolicy::WriteBack);
  CHECK(p.allocate == AllocatePolicy::OnFill);
  CHECK(p.perfect);
  CHECK(p.saturationThreshold == 5);
  CHECK(CacheParams::load(c, "l2").sets == 128);  // untouched
}

TEST_CASE("cache params: bad values stop at the option that holds them") {
  const ConfigSchema schema = cacheSchema();
  Config c(schema);
  CHECK_THROWS_AS(c.setAssignment("l1d.replacement=plru"), ConfigError);
  CHECK_THROWS_AS(c.setAssignment("l1d.write_policy=write-around"), ConfigError);
  CHECK_THROWS_AS(c.setAssignment("l1d.ways=65"), ConfigError);
  CHECK_THROWS_AS(c.setAssignment("l1d.line_size=512B"), ConfigError);  // above the payload
  CHECK_THROWS_AS(c.setAssignment("l1d.hit_latency=0"), ConfigError);
  c.setAssignment("l1d.sets=48");
  CHECK_THROWS_WITH(CacheParams::load(c, "l1d"), "l1d.sets = 48: must be a power of two");
  c.setAssignment("l1d.sets=64");
  c.setAssignment("l1d.line_size=96B");
  CHECK_THROWS_WITH(CacheParams::load(c, "l1d"),
                    "l1d.line_size = 96: must be a power of two (32, 64, 128 or 256)");
  c.setAssignment("l1d.line_size=128B");
  c.setAssignment("l1d.write_policy=write-back");
  c.setAssignment("l1d.miss_queue=1");
  CHECK_THROWS_WITH(CacheParams::load(c, "l1d"),
                    "l1d.miss_queue = 1: must be at least 2 with write_policy = write-back (a "
                    "miss that evicts a dirty line queues a writeback and a fetch)");
}

TEST_CASE("cache params: a saturation threshold set at or above the MSHRs names what to set") {
  const ConfigSchema schema = cacheSchema();
  Config c(schema);
  c.setAssignment("l1d.mshr_entries=2");
  c.setAssignment("l1d.saturation_threshold=2");
  CHECK_THROWS_WITH(CacheParams::load(c, "l1d"),
                    "l1d.saturation_threshold = 2: must be below l1d.mshr_entries (2) and "
                    "l1d.miss_queue (8), or the cache would always signal saturation; set "
                    "l1d.saturation_threshold to at most 1 with them, or leave it unset to have "
                    "it derived");
}

TEST_CASE("cache params: an unset saturation threshold is lowered below few MSHRs") {
  const ConfigSchema schema = cacheSchema();
  for (const auto& [mshrs, missQueue, expected] : {std::tuple<int, int, std::uint32_t>{1, 8, 0},
                                                   {2, 8, 1},
                                                   {3, 8, 2},
                                                   {64, 8, 2},
                                                   {64, 2, 1},
                                                   {64, 1, 0},
                                                   {4096, 4096, 2}}) {
    Config c(schema);
    c.setAssignment("l1d.mshr_entries=" + std::to_string(mshrs));
    c.setAssignment("l1d.miss_queue=" + std::to_string(missQueue));
    INFO(mshrs << " MSHRs, miss queue " << missQueue);
    CHECK(CacheParams::load(c, "l1d").saturationThreshold == expected);
  }
}

TEST_CASE("cache params: a saturation threshold that is set is never lowered") {
  const ConfigSchema schema = cacheSchema();
  Config c(schema);
  c.setAssignment("l1d.mshr_entries=4");
  c.setAssignment("l1d.saturation_threshold=3");
  CHECK(CacheParams::load(c, "l1d").saturationThreshold == 3);
  c.setAssignment("l1d.saturation_threshold=4");
  CHECK_THROWS_WITH(CacheParams::load(c, "l1d"),
                    Catch::StartsWith("l1d.saturation_threshold = 4: must be below"));
}

TEST_CASE("cache params: at most 2^20 lines (sets x ways) per cache") {
  const ConfigSchema schema = cacheSchema();
  Config c(schema);
  c.setAssignment("l2.sets=131072");  // x 8 ways = 2^20 lines: allowed
  CHECK(CacheParams::load(c, "l2").sizeBytes() == std::uint64_t{128} << 20);
  c.setAssignment("l2.sets=262144");
  CHECK_THROWS_WITH(CacheParams::load(c, "l2"),
                    "l2.sets x l2.ways = 262144 x 8: more lines than the 1048576 a cache may "
                    "hold; lower one of them");
}
