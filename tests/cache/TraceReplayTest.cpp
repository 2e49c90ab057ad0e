// CCWS §4: L1D access traces, and their replay with LRU and Belady-optimal replacement.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "warpsim/cache/TraceReplay.h"

using namespace warpsim;
using Kind = Cache::AccessKind;

namespace {
// Belady's textbook reference string on 3 frames: 1 2 3 4 1 2 5 1 2 3 4 5.
AccessTrace textbook() {
  AccessTrace t;
  t.geometry = TraceGeometry{1, 1, 3, 128};
  for (Addr page : {1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5})
    t.records.push_back(TraceRecord{page * 128, 0, Kind::Load});
  t.threadInstructions = {12000};
  return t;
}

std::string tempPath(const char* name) {
  return std::string("/tmp/warpsim-trace-test-") + name;
}
}  // namespace

TEST_CASE("trace replay: Belady's reference string misses 7 times with OPT and 10 with LRU") {
  const AccessTrace t = textbook();
  const ReplayResult opt = replayTrace(t, ReplayPolicy::Opt);
  const ReplayResult lru = replayTrace(t, ReplayPolicy::Lru);
  CHECK(opt.accesses == std::vector<std::uint64_t>{12});
  CHECK(opt.totalMisses() == 7);
  CHECK(lru.totalMisses() == 10);
}

TEST_CASE("trace replay: sets, SMs and write-evict stores are kept apart") {
  AccessTrace t;
  t.geometry = TraceGeometry{2, 2, 1, 128};
  // SM 0: lines 0 and 256 share set 0 (1 way) and evict each other; line 128 is in set 1.
  // SM 1: a store hit invalidates its line (write-evict), so the next load misses again.
  t.records = {{0, 0, Kind::Load},        {128, 0, Kind::Load},     {0, 0, Kind::Load},
               {256, 0, Kind::Load},      {0, 0, Kind::Load},       {128, 0, Kind::Load},
               {0, 1, Kind::Load},        {0, 1, Kind::StoreEvict}, {0, 1, Kind::Load},
               {0, 1, Kind::StoreAround}, {0, 1, Kind::Load},       {0, 1, Kind::Atomic}};
  t.threadInstructions = {1000, 1000};
  const ReplayResult lru = replayTrace(t, ReplayPolicy::Lru);
  CHECK(lru.misses == std::vector<std::uint64_t>{4, 3});  // SM1: load, reload, atomic
  const ReplayResult opt = replayTrace(t, ReplayPolicy::Opt);
  CHECK(opt.misses == std::vector<std::uint64_t>{4, 3});  // one way: no choice to make
}

TEST_CASE("trace file: what the writer records, the reader returns") {
  const std::string path = tempPath("roundtrip.trc");
  {
    AccessTraceWriter w(path, TraceGeometry{3, 32, 8, 128});
    w.record(SmId{2}, 0xdeadbeef80, Kind::Load);
    w.record(SmId{0}, 0x80, Kind::StoreEvict);
    w.record(SmId{1}, 0x100, Kind::Atomic);
    w.finish({10, 20, 30});
  }
  const AccessTrace t = readAccessTrace(path);
  CHECK(t.geometry.sms == 3);
  CHECK(t.geometry.sets == 32);
  CHECK(t.geometry.ways == 8);
  CHECK(t.geometry.lineSize == 128);
  REQUIRE(t.records.size() == 3);
  CHECK(t.records[0].line == 0xdeadbeef80);
  CHECK(t.records[0].sm == 2);
  CHECK(t.records[1].kind == Kind::StoreEvict);
  CHECK(t.records[2].kind == Kind::Atomic);
  CHECK(t.threadInstructions == std::vector<std::uint64_t>{10, 20, 30});
  std::remove(path.c_str());
}

TEST_CASE("trace file: a truncated trace is an error naming the file and the offset") {
  const std::string path = tempPath("truncated.trc");
  {
    AccessTraceWriter w(path, TraceGeometry{1, 32, 8, 128});
    w.record(SmId{0}, 0x80, Kind::Load);
    w.record(SmId{0}, 0x100, Kind::Load);
  }  // no finish(): no footer, as when a run is killed
  CHECK_THROWS_WITH(
      readAccessTrace(path),
      path + ": offset 48: truncated: no footer after 2 records (the run did not finish)");
  {
    std::ofstream f(path, std::ios::binary | std::ios::app);
    f << "xyz";  // a partial record
  }
  CHECK_THROWS_WITH(readAccessTrace(path), path + ": offset 48: truncated record");
  std::ofstream(path, std::ios::binary) << "WSACTRC1abc";
  CHECK_THROWS_WITH(readAccessTrace(path),
                    path + ": offset 11: truncated header (24 bytes expected)");
  std::ofstream(path, std::ios::binary) << "NOTATRACE-----------------------------------------";
  CHECK_THROWS_WITH(readAccessTrace(path),
                    path + ": offset 0: not a warpsim access trace (bad magic)");
  std::remove(path.c_str());
}
