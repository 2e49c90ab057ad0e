// The spill file of decoded thread blocks: the block codec round trip and its checks, blocks
// read back from the spill file equal to blocks parsed from the text, and the fallbacks (full,
// cannot be created) with their one warning.
#include <catch2/catch.hpp>

#include "TraceFixtures.h"
#include "warpsim/workload/trace/CtaCodec.h"
#include "warpsim/workload/trace/TraceError.h"
#include "warpsim/workload/trace/TraceWarpStream.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;
using namespace warpsim::testing;

namespace {

// A memory instruction with lanes at `addrs` (one per set bit of `mask`, in lane order).
void addMem(trace::CtaTrace& c, std::uint32_t mask, const std::vector<Addr>& addrs) {
  trace::TraceInst t;
  t.pc = static_cast<std::uint32_t>(c.insts.size() * 16);
  t.mask = mask;
  t.op = OpClass::Mem;
  t.space = MemSpace::Global;
  t.memOp = MemOp::Load;
  t.accessSize = 8;
  t.dst = 7;
  t.src = {1, 2, kNoReg, 255};
  t.addrIndex = static_cast<std::uint32_t>(c.addrs.size());
  c.insts.push_back(t);
  c.addrs.insert(c.addrs.end(), addrs.begin(), addrs.end());
}

std::vector<Addr> strided(Addr base, std::int64_t stride, unsigned n) {
  std::vector<Addr> a;
  for (unsigned k = 0; k < n; ++k) a.push_back(base + static_cast<Addr>(stride * k));
  return a;
}

bool same(const trace::TraceInst& a, const trace::TraceInst& b) {
  return a.pc == b.pc && a.mask == b.mask && a.addrIndex == b.addrIndex && a.dst == b.dst &&
         a.src == b.src && a.op == b.op && a.space == b.space && a.memOp == b.memOp &&
         a.accessSize == b.accessSize && a.last == b.last;
}

void checkSame(const trace::CtaTrace& a, const trace::CtaTrace& b) {
  REQUIRE(a.insts.size() == b.insts.size());
  for (std::size_t i = 0; i < a.insts.size(); ++i) CHECK(same(a.insts[i], b.insts[i]));
  CHECK(a.addrs == b.addrs);
  REQUIRE(a.warps.size() == b.warps.size());
  for (std::size_t w = 0; w < a.warps.size(); ++w) {
    CHECK(a.warps[w].begin == b.warps[w].begin);
    CHECK(a.warps[w].end == b.warps[w].end);
  }
}

std::vector<std::uint8_t> encode(const trace::CtaTrace& c) {
  std::vector<std::uint8_t> bytes(trace::encodedBound(c));
  bytes.resize(trace::encodeCta(c, bytes.data()));
  return bytes;
}

// Every kind of lane pattern the codec tells apart.
trace::CtaTrace patterns() {
  trace::CtaTrace c;
  trace::TraceInst alu;
  alu.pc = 0x100;
  alu.mask = 0xffffffff;
  alu.dst = 3;
  c.insts.push_back(alu);
  addMem(c, 0xffffffff, strided(0x7f0000001000, 4, 32));  // strided up
  addMem(c, 0x0000ffff, strided(0x10000000, -8, 16));     // strided down
  addMem(c, 0x00000001, {0xdeadbeefcafe});                // one lane
  addMem(c, 0x00000000, {});                              // no lane
  addMem(c, 0x80000001, {0xffffffffffffff00, 0x40});      // two lanes, wrapping
  std::vector<Addr> shared(32, 0);
  for (unsigned k = 16; k < 32; ++k) shared[k] = 64;  // 1-byte differences
  addMem(c, 0xffffffff, shared);
  addMem(c, 0x00000007, {0x1000, 0x1000 + 1000, 0x1000 + 3000});     // 2-byte
  addMem(c, 0x00000007, {0x1000, 0x1000 + 100000, 0x1000 + 50000});  // 4-byte
  addMem(c, 0x00000007, {0x1000, 0x7f0000000000, 0x10});             // 8-byte
  c.insts.back().last = true;
  c.warps = {{0, 4}, {4, 4}, {4, static_cast<std::uint32_t>(c.insts.size())}};
  return c;
}

}  // namespace

TEST_CASE("trace spill: the block codec gives back every lane pattern", "[trace]") {
  const trace::CtaTrace c = patterns();
  const std::vector<std::uint8_t> bytes = encode(c);
  trace::CtaTrace back;
  REQUIRE(trace::decodeCta(bytes.data(), bytes.size(), back));
  checkSame(c, back);
  // An ALU instruction keeps addrIndex 0, as the parser leaves it.
  CHECK(back.insts[0].addrIndex == 0);
}

TEST_CASE("trace spill: each warp decodes on its own, in any order, to absolute addresses",
          "[trace]") {
  const trace::CtaTrace c = patterns();
  const std::vector<std::uint8_t> bytes = encode(c);
  for (const std::uint32_t w : {2u, 0u, 1u}) {  // the last warp first
    trace::WarpReader r;
    REQUIRE(r.open(bytes.data(), bytes.size(), w));
    trace::TraceInst inst;
    Addr lanes[32];
    std::uint32_t i = c.warps[w].begin;
    trace::WarpReader::Step step;
    while ((step = r.next(inst, lanes)) == trace::WarpReader::Step::Inst) {
      REQUIRE(i < c.warps[w].end);
      const trace::TraceInst& want = c.insts[i++];
      CHECK(inst.pc == want.pc);
      for (int k = 0; want.op == OpClass::Mem && k < __builtin_popcount(want.mask); ++k)
        CHECK(lanes[k] == c.addrs[want.addrIndex + static_cast<std::uint32_t>(k)]);
    }
    CHECK(step == trace::WarpReader::Step::End);
    CHECK(i == c.warps[w].end);
  }
}

TEST_CASE("trace spill: a strided access takes a few bytes, a shared pattern a byte a lane",
          "[trace]") {
  trace::CtaTrace one;
  addMem(one, 0xffffffff, strided(0x7f0000001000, 4, 32));
  one.warps = {{0, 1}};
  // 8 counts + 16 warp ranges + 23 instruction + 7 first address + tag + stride.
  CHECK(encode(one).size() == 8 + 16 + 23 + 7 + 1 + 1);
  trace::CtaTrace two;
  std::vector<Addr> shared(32, 0);
  for (unsigned k = 16; k < 32; ++k) shared[k] = 64;
  addMem(two, 0xffffffff, shared);
  two.warps = {{0, 1}};
  CHECK(encode(two).size() == 8 + 16 + 23 + 1 + 1 + 31);
}

TEST_CASE("trace spill: damaged bytes are refused, never read past", "[trace]") {
  const std::vector<std::uint8_t> bytes = encode(patterns());
  trace::CtaTrace out;
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    // Every truncation, on a copy of exactly that size so reading past it is caught by ASan.
    const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
    INFO("first " << n << " bytes");
    CHECK_FALSE(trace::decodeCta(cut.data(), cut.size(), out));
  }
  std::vector<std::uint8_t> longer = bytes;
  longer.push_back(0);
  CHECK_FALSE(trace::decodeCta(longer.data(), longer.size(), out));
  std::vector<std::uint8_t> badOp = bytes;
  badOp[8 + 3 * 16 + 18] = 200;  // the first instruction's op class
  CHECK_FALSE(trace::decodeCta(badOp.data(), badOp.size(), out));
  std::vector<std::uint8_t> badRange = bytes;
  badRange[8] = 9;  // warp 0 begins past its end
  CHECK_FALSE(trace::decodeCta(badRange.data(), badRange.size(), out));
}

namespace {

// A kernel of 6 blocks, each with strided, shared-like and one-lane accesses.
std::string sixBlocks() {
  std::string k = traceHeader("(3,2,1)", "(64,1,1)");
  for (int id = 0; id < 6; ++id) {
    const std::string base = std::to_string(1000 + id);
    const std::vector<std::string> w0 = {
        "0000 ffffffff 1 R1 LDG.E.64 1 R2 8 1 0x7f000000" + base + " 8 0",
        "0010 ffffffff 0 STS 2 R1 R3 4 2 0x0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 64 0 0 0 0 0 0 0 0 0 0 "
        "0 0 0 0 0 0",
        "0020 ffffffff 0 EXIT 0 0 0"};
    const std::vector<std::string> w1 = {"0000 00000001 1 R4 LDG.E 1 R2 4 0 0x" + base + "00 0",
                                         "0020 00000001 0 EXIT 0 0 0"};
    k += traceBlock(std::to_string(id % 3) + "," + std::to_string(id / 3) + ",0", {w0, w1});
  }
  return k;
}

struct Loaded {
  Workload workload;
  trace::TraceSummary summary;
  std::vector<std::string> warnings;
};

Loaded load(const TempDir& d, std::uint64_t limit, const std::string& spillDir = "") {
  d.write("kernel-1.traceg", sixBlocks());
  d.write("kernelslist.g", "kernel-1.traceg\nkernel-1.traceg\n");
  Loaded l;
  trace::TraceOptions o;
  o.spillLimitBytes = limit;
  o.spillDir = spillDir;
  o.warn = [&l](const std::string& m) { l.warnings.push_back(m); };
  l.workload = trace::loadTrace(d.path(), o, &l.summary);
  return l;
}

}  // namespace

TEST_CASE("trace spill: blocks read back from the spill file equal blocks parsed again",
          "[trace]") {
  TempDir d;
  const Loaded text = load(d, 0);
  const Loaded spilled = load(d, std::uint64_t{1} << 20);
  CHECK(text.summary.spillBytes == 0);
  CHECK(spilled.summary.spillBytes > 0);
  CHECK(spilled.warnings.empty());
  const std::vector<WarpInst> a = drain(text.workload), b = drain(spilled.workload);
  REQUIRE(a.size() == 2 * 6 * 5);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    INFO("instruction " << i);
    CHECK(a[i].pc == b[i].pc);
    CHECK(a[i].activeMask == b[i].activeMask);
    CHECK(a[i].op == b[i].op);
    CHECK(a[i].space == b[i].space);
    CHECK(a[i].accessSize == b[i].accessSize);
    CHECK(a[i].dst == b[i].dst);
    CHECK(a[i].src == b[i].src);
    CHECK(a[i].addr == b[i].addr);
    CHECK(a[i].last == b[i].last);
  }
  CHECK(b[0].addr[31] == 0x7f0000001000 + 31 * 8);
}

TEST_CASE("trace spill: past its limit, blocks are parsed from the text, with one warning",
          "[trace]") {
  TempDir d;
  const Loaded all = load(d, std::uint64_t{1} << 20);
  const std::uint64_t perKernel = all.summary.spillBytes / 2;
  // Room for the first kernel's blocks and half the second's.
  const Loaded part = load(d, perKernel + perKernel / 2);
  CHECK(part.summary.spillBytes > perKernel);
  CHECK(part.summary.spillBytes < all.summary.spillBytes);
  REQUIRE(part.warnings.size() == 1);
  CHECK_THAT(part.warnings[0], Catch::Contains("kernelslist.g: warning:") &&
                                   Catch::Contains("reached trace.spill_limit_mib") &&
                                   Catch::Contains("parsed again"));
  const std::vector<WarpInst> a = drain(all.workload), b = drain(part.workload);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].addr == b[i].addr);
}

TEST_CASE("trace spill: a folder that cannot hold it gives one warning, and the run goes on",
          "[trace]") {
  TempDir d;
  const Loaded l = load(d, std::uint64_t{1} << 20, d.path() + "/no-such-folder");
  CHECK(l.summary.spillBytes == 0);
  REQUIRE(l.warnings.size() == 1);
  CHECK_THAT(l.warnings[0], Catch::Contains("cannot create a spill file in " + d.path() +
                                            "/no-such-folder (No such file or directory)"));
  CHECK(drain(l.workload).size() == 2 * 6 * 5);
}

TEST_CASE("trace spill: a warp of a damaged block stops with an error naming the file", "[trace]") {
  auto bytes = std::make_shared<std::vector<std::uint8_t>>(encode(patterns()));
  const std::string path = "/traces/kernel-1.traceg";
  WarpInst in;
  {
    trace::TraceWarpStream intact(bytes, 2, path);
    unsigned n = 0;
    while (intact.next(in)) ++n;
    CHECK(n == patterns().insts.size() - 4);  // warp 2: every instruction after the first four
  }
  (*bytes)[8 + 3 * 16 + 4 * 23 + 18] = 99;  // warp 2's first instruction: no such op class
  trace::TraceWarpStream damaged(bytes, 2, path);
  CHECK_THROWS_WITH(damaged.next(in), Catch::StartsWith(path + ": warp 2: its decoded thread "
                                                               "block is damaged"));
  (*bytes)[8 + 2 * 16] = 200;  // warp 2 begins past the block's instructions
  CHECK_THROWS_AS(trace::TraceWarpStream(bytes, 2, path), trace::TraceError);
}
