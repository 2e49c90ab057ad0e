#include <algorithm>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "warpsim/lsu/Coalescer.h"

using namespace warpsim;

namespace {

constexpr Addr kBase = 0x10000000;  // line- and bank-aligned

// A 4-byte access where lane i reads base + i * stride.
WarpInst strided(Addr base, Addr stride, std::uint32_t mask = 0xffffffffu) {
  WarpInst in;
  in.op = OpClass::Mem;
  in.memOp = MemOp::Load;
  in.space = MemSpace::Global;
  in.accessSize = 4;
  in.activeMask = mask;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) in.addr[lane] = base + lane * stride;
  return in;
}

CoalescedAccess run(const WarpInst& in, std::uint32_t lineSize = 128) {
  CoalescedAccess out;
  out.count = 99;  // must be reset
  coalesce(in, lineSize, out);
  return out;
}

}  // namespace

TEST_CASE("coalescer: 32 consecutive aligned words make one 128 B line with all 4 sectors") {
  const CoalescedAccess a = run(strided(kBase, 4));
  REQUIRE(a.count == 1);
  CHECK(a.lines[0].lineAddr == kBase);
  CHECK(a.lines[0].sectorMask == 0xfu);
}

TEST_CASE("coalescer: a 128 B stride makes 32 lines of one sector each, in lane order") {
  const CoalescedAccess a = run(strided(kBase + 0x40, 128));  // each lane in sector 2
  REQUIRE(a.count == 32);
  for (unsigned i = 0; i < 32; ++i) {
    INFO("line " << i);
    CHECK(a.lines[i].lineAddr == kBase + 128 * i);
    CHECK(a.lines[i].sectorMask == 0x4u);
  }
}

TEST_CASE("coalescer: a misaligned word straddling a line boundary touches both lines") {
  WarpInst in = strided(kBase + 126, 0, 0x1u);  // bytes 126..129: two lines
  const CoalescedAccess one = run(in);
  REQUIRE(one.count == 2);
  CHECK(one.lines[0].lineAddr == kBase);
  CHECK(one.lines[0].sectorMask == 0x8u);  // the last sector of the first line
  CHECK(one.lines[1].lineAddr == kBase + 128);
  CHECK(one.lines[1].sectorMask == 0x1u);  // the first sector of the next

  // The whole warp shifted by 2 bytes: lines kBase (all sectors) and kBase + 128 (sector 0).
  const CoalescedAccess all = run(strided(kBase + 2, 4));
  REQUIRE(all.count == 2);
  CHECK(all.lines[0].sectorMask == 0xfu);
  CHECK(all.lines[1].lineAddr == kBase + 128);
  CHECK(all.lines[1].sectorMask == 0x1u);
}

TEST_CASE("coalescer: inactive lanes are ignored whatever their addresses") {
  WarpInst in = strided(kBase, 4096, 0x00000005u);  // lanes 0 and 2 only
  const CoalescedAccess a = run(in);
  REQUIRE(a.count == 2);
  CHECK(a.lines[0].lineAddr == kBase);
  CHECK(a.lines[1].lineAddr == kBase + 2 * 4096);

  in.activeMask = 0;
  CHECK(run(in).count == 0);
}

TEST_CASE("coalescer: 64 B lines halve the line: 32 consecutive words make two lines") {
  const CoalescedAccess a = run(strided(kBase, 4), 64);
  REQUIRE(a.count == 2);
  CHECK(a.lines[0].lineAddr == kBase);
  CHECK(a.lines[0].sectorMask == 0x3u);
  CHECK(a.lines[1].lineAddr == kBase + 64);
  CHECK(a.lines[1].sectorMask == 0x3u);
}

TEST_CASE("coalescer: 8-byte accesses of 32 lanes span two 128 B lines") {
  WarpInst in = strided(kBase, 8);
  in.accessSize = 8;
  const CoalescedAccess a = run(in);
  REQUIRE(a.count == 2);
  CHECK(a.lines[0].sectorMask == 0xfu);
  CHECK(a.lines[1].sectorMask == 0xfu);
}

TEST_CASE("coalescer: a broadcast (every active lane on the same bytes) is one line") {
  // Constant memory's usual pattern; checked against what the lanes touch.
  const CoalescedAccess word = run(strided(kBase + 0x44, 0));  // bytes 68..71: sector 2
  REQUIRE(word.count == 1);
  CHECK(word.lines[0].lineAddr == kBase);
  CHECK(word.lines[0].sectorMask == 0x4u);

  WarpInst wide = strided(kBase + 60, 0);  // bytes 60..75: sectors 1 and 2
  wide.accessSize = 16;
  REQUIRE(run(wide).count == 1);
  CHECK(run(wide).lines[0].sectorMask == 0x6u);

  // Inactive lanes may hold anything; the active ones still agree.
  WarpInst partial = strided(kBase + 4, 0, 0x0000ff0fu);
  partial.addr[5] = kBase + 4096;
  REQUIRE(run(partial).count == 1);
  CHECK(run(partial).lines[0].sectorMask == 0x1u);

  // The same bytes straddling a line boundary: both lines.
  WarpInst straddle = strided(kBase + 124, 0);
  straddle.accessSize = 8;
  const CoalescedAccess two = run(straddle);
  REQUIRE(two.count == 2);
  CHECK(two.lines[0].sectorMask == 0x8u);
  CHECK(two.lines[1].lineAddr == kBase + 128);
  CHECK(two.lines[1].sectorMask == 0x1u);

  // First and last lanes agree but one between does not: not a broadcast, still one line.
  WarpInst almost = strided(kBase, 0);
  almost.addr[17] = kBase + 100;  // sector 3
  REQUIRE(run(almost).count == 1);
  CHECK(run(almost).lines[0].sectorMask == 0x9u);
  partial.addr[9] = kBase + 100;  // an active lane, with some lanes inactive
  REQUIRE(run(partial).count == 1);
  CHECK(run(partial).lines[0].sectorMask == 0x9u);
}

TEST_CASE("shared memory: consecutive words have no bank conflict") {
  CHECK(sharedConflictDegree(strided(0, 4), 32) == 1);
}

TEST_CASE("shared memory: every lane reading the same word is one broadcast pass") {
  CHECK(sharedConflictDegree(strided(0x80, 0), 32) == 1);
}

TEST_CASE("shared memory: a 32-word stride puts every lane in one bank: 32 passes") {
  CHECK(sharedConflictDegree(strided(0, 32 * 4), 32) == 32);
}

TEST_CASE("shared memory: a 2-word stride is a 2-way conflict") {
  CHECK(sharedConflictDegree(strided(0, 2 * 4), 32) == 2);
}

TEST_CASE("shared memory: only active lanes count towards a conflict") {
  CHECK(sharedConflictDegree(strided(0, 32 * 4, 0x0000000fu), 32) == 4);
  CHECK(sharedConflictDegree(strided(0, 32 * 4, 0), 32) == 1);
}

namespace {

// The most distinct words any one bank holds, pair by pair.
std::uint32_t degreeByDefinition(const WarpInst& in, std::uint32_t banks) {
  std::uint32_t degree = 1;
  for (unsigned i = 0; i < kWarpSize; ++i) {
    if (!(in.activeMask >> i & 1u)) continue;
    std::vector<Addr> distinct;
    for (unsigned j = 0; j < kWarpSize; ++j)
      if ((in.activeMask >> j & 1u) && (in.addr[j] / 4) % banks == (in.addr[i] / 4) % banks &&
          std::find(distinct.begin(), distinct.end(), in.addr[j] / 4) == distinct.end())
        distinct.push_back(in.addr[j] / 4);
    degree = std::max<std::uint32_t>(degree, static_cast<std::uint32_t>(distinct.size()));
  }
  return degree;
}

}  // namespace

TEST_CASE("shared memory: a full warp within one aligned row of the banks, or across rows") {
  // Every lane active, words drawn from one aligned row of `banks` words (the shortcut: degree
  // 1) or from two rows' width starting mid-row (conflicts), for power-of-two bank counts and
  // others.
  std::mt19937 rng(11);
  std::uint32_t oneRow = 0, conflicts = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const std::uint32_t banks = trial % 2 ? 1u << (rng() % 7) : 1 + rng() % 64;
    const Addr row = Addr{rng() % 1000} * banks;
    const bool across = rng() % 2;
    const Addr first = row + (across ? rng() % banks : 0), width = across ? 2 * banks : banks;
    WarpInst in;
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      in.addr[lane] = (first + rng() % width) * 4 + rng() % 4;
    const std::uint32_t expected = degreeByDefinition(in, banks);
    oneRow += !across && (banks & (banks - 1)) == 0;
    conflicts += expected > 1;
    if (!across) CHECK(expected == 1);  // one row: no two words share a bank
    INFO("trial " << trial << ", " << banks << " banks, row " << row << ", first word " << first);
    REQUIRE(sharedConflictDegree(in, banks) == expected);
  }
  CHECK(oneRow > 1000);
  CHECK(conflicts > 1000);
}

TEST_CASE("shared memory: the degree is the most distinct words in one bank, for any pattern") {
  // Against the definition, pair by pair, on seeded random words drawn from a few rows so that
  // broadcasts and conflicts both occur, for 1 to 64 banks; the words span 1 to 96 words from
  // a random base, so that windows narrower and wider than the bank count both occur.
  std::mt19937 rng(7);
  std::uint32_t narrow = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const std::uint32_t banks = 1 + rng() % 64;
    const std::uint32_t span = 1 + rng() % 96;
    const Addr base = rng() % 1000;
    WarpInst in;
    in.activeMask = trial % 8 == 0 ? ~0u : static_cast<std::uint32_t>(rng());
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      in.addr[lane] = (base + rng() % span) * 4 + rng() % 4;
    narrow += span <= banks;
    INFO("trial " << trial << ", " << banks << " banks, words spanning " << span);
    REQUIRE(sharedConflictDegree(in, banks) == degreeByDefinition(in, banks));
  }
  CHECK(narrow > 1000);  // both the window's shortcut and the chains were exercised
  CHECK(narrow < 3000);
}

TEST_CASE(
    "coalescer: any pattern gives the distinct lines in first-touch order with their sectors") {
  // Against a plain reference (every lane's one or two lines, looked up in the list so far), on
  // random patterns from few lines (scanned) to one or two lines per lane (indexed).
  std::mt19937 rng(7);
  std::uint64_t lines = 0, halves = 0, steps = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Addr spread = Addr{1} << (trial % 14);  // 1 B to 8 KiB between lanes, on average
    const std::uint32_t lineSize = trial % 2 ? 128 : 64;
    WarpInst in = strided(kBase, 0);
    in.accessSize = static_cast<std::uint8_t>(std::array<int, 4>{1, 4, 8, 16}[trial % 4]);
    in.activeMask = trial % 3 ? 0xffffffffu : static_cast<std::uint32_t>(rng());
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      in.addr[lane] = kBase + rng() % (spread * kWarpSize) / in.accessSize * in.accessSize +
                      (trial % 5 == 0 ? 126 : 0);  // some straddle a line
    if (trial % 7 == 3) {  // a unit stride from any byte per half-warp, some lanes nudged
      const Addr rowStride = trial % 2 ? 0 : Addr{lineSize} * (rng() % 4);  // 0: rows adjoin
      const Addr start = kBase + rng() % 256;
      for (unsigned lane = 0; lane < kWarpSize; ++lane)
        in.addr[lane] = start + (lane / 16) * rowStride + lane * in.accessSize +
                        (rng() % 8 == 0 ? rng() % 160 : 0);
    }
    bool stepped = false;  // each half-warp an arithmetic progression of 0 to 32 bytes a step
    if (trial % 7 == 5) {  // strides of 0 to 40 bytes, mostly short; now and then a lane off
      stepped = true;
      for (unsigned h = 0; h < 2; ++h) {
        const Addr start = kBase + rng() % 512, stride = rng() % 4 ? rng() % 9 : rng() % 41;
        stepped = stepped && stride <= 32;
        for (unsigned lane = h * 16; lane < h * 16 + 16; ++lane)
          in.addr[lane] = start + (lane - h * 16) * stride;
      }
      if (rng() % 4 == 0) {
        in.addr[rng() % kWarpSize] += 1 + rng() % 64;
        stepped = false;
      }
    }
    std::vector<std::pair<Addr, std::uint32_t>> want;
    auto add = [&want](Addr line, Addr first, Addr last) {
      const auto lo = static_cast<std::uint32_t>((first - line) / 32);
      const auto hi = static_cast<std::uint32_t>((last - line) / 32);
      const std::uint32_t sectors = ((2u << hi) - 1) & ~((1u << lo) - 1);
      for (auto& w : want)
        if (w.first == line) return void(w.second |= sectors);
      want.emplace_back(line, sectors);
    };
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!(in.activeMask >> lane & 1u)) continue;
      const Addr first = in.addr[lane], last = first + in.accessSize - 1;
      const Addr a = first / lineSize * lineSize, b = last / lineSize * lineSize;
      add(a, first, a == b ? last : a + lineSize - 1);
      if (a != b) add(b, b, last);
    }
    const CoalescedAccess got = run(in, lineSize);
    REQUIRE(got.count == want.size());
    for (std::uint32_t i = 0; i < got.count; ++i) {
      REQUIRE(got.lines[i].lineAddr == want[i].first);
      REQUIRE(got.lines[i].sectorMask == want[i].second);
    }
    lines += got.count;
    halves += trial % 7 == 3 && got.count <= 4 && in.activeMask == ~0u && in.accessSize <= 32;
    steps += stepped && got.count <= 4 && in.activeMask == ~0u;
  }
  CHECK(lines > 3000 * 8);  // many patterns went past the scan into the index
  CHECK(halves > 100);      // and many were unit strides over two lines per half-warp
  CHECK(steps > 100);       // and many were half-warps in steps of 0 to 32 bytes
}
