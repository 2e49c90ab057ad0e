// The interpreter of hand-built programs: PCs, loops, divergence masks, reconvergence.
#include <catch2/catch.hpp>

#include "WarpTrace.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/WorkloadHash.h"

using namespace warpsim;
using test::runStream;

namespace {

constexpr Dim3 kOneCta{1, 1, 1};
constexpr Dim3 kOneWarp{32, 1, 1};
constexpr std::uint32_t kAll = 0xffffffffu;

std::vector<WarpInst> run(std::shared_ptr<const SyntheticProgram> p, Dim3 block = kOneWarp,
                          std::uint32_t warp = 0, Dim3 grid = kOneCta, std::uint32_t cta = 0) {
  SyntheticWarpStream s(std::move(p), grid, block, CtaId{cta}, warp);
  return runStream(s);
}

std::vector<std::uint32_t> pcs(const std::vector<WarpInst>& t) {
  std::vector<std::uint32_t> v;
  for (const WarpInst& i : t) v.push_back(i.pc);
  return v;
}

std::vector<std::uint32_t> masks(const std::vector<WarpInst>& t) {
  std::vector<std::uint32_t> v;
  for (const WarpInst& i : t) v.push_back(i.activeMask);
  return v;
}

Addr laneAddr(const LaneCtx& c) {
  return 0x1000 + c.lane * 4;
}

}  // namespace

TEST_CASE("synthetic: straight-line code gets PCs 8 apart and ends with Exit") {
  ProgramBuilder b;
  b.alu(1).sfu(2, {1}).load(MemSpace::Shared, 3, laneAddr, {2}).barrier();
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{0, 8, 16, 24, 32});
  CHECK(t[0].op == OpClass::Alu);
  CHECK(t[1].op == OpClass::Sfu);
  CHECK(t[1].src[0] == 1);
  CHECK(t[2].space == MemSpace::Shared);
  CHECK(t[2].dst == 3);
  CHECK(t[2].src[0] == 2);  // RAW on the SFU result
  CHECK(t[2].addr[5] == 0x1014);
  CHECK(t[3].op == OpClass::Barrier);
  CHECK(t[4].op == OpClass::Exit);
  CHECK(masks(t) == std::vector<std::uint32_t>(5, kAll));
}

TEST_CASE("synthetic: a counted loop repeats its body and back-edge, reconverging at the exit") {
  ProgramBuilder b;
  b.loop(3, [](ProgramBuilder& l) {
    l.load(MemSpace::Global, 1, [](const LaneCtx& c) { return 0x100 * c.iter[0] + c.lane; });
  });
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{0, 8, 0, 8, 0, 8, 16});
  CHECK(t[1].op == OpClass::Branch);
  CHECK(t[1].reconvergePc == 16);
  CHECK(t[2].addr[3] == 0x103);
  CHECK(t[4].addr[3] == 0x203);
  CHECK(masks(t) == std::vector<std::uint32_t>(7, kAll));
}

TEST_CASE("synthetic: per-lane trip counts drop exhausted lanes out of the loop mask") {
  ProgramBuilder b;
  b.loop([](const LaneCtx& c) { return c.lane % 4; },  // lanes 4k never enter, 4k+3 run 3 times
         [](ProgramBuilder& l) { l.alu(1); });
  b.alu(2);
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{0, 8, 0, 8, 0, 8, 16, 24});
  CHECK(masks(t) == std::vector<std::uint32_t>{0xeeeeeeee, 0xeeeeeeee, 0xcccccccc, 0xcccccccc,
                                               0x88888888, 0x88888888, kAll, kAll});
  CHECK(t[5].reconvergePc == 16);
}

TEST_CASE("synthetic: a loop no lane enters is skipped entirely") {
  ProgramBuilder b;
  b.loop([](const LaneCtx&) { return 0u; }, [](ProgramBuilder& l) { l.alu(1); });
  b.loop(0, [](ProgramBuilder& l) { l.alu(1); });
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{32});
  CHECK(t[0].op == OpClass::Exit);
}

TEST_CASE("synthetic: if/else runs the taken lanes, then the others, then reconverges") {
  ProgramBuilder b;
  b.ifElse([](const LaneCtx& c) { return c.lane < 8; },
           [](ProgramBuilder& then) { then.alu(1).alu(2); },
           [](ProgramBuilder& other) { other.alu(3); });
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{0, 8, 16, 24, 32});
  CHECK(t[0].op == OpClass::Branch);
  CHECK(t[0].reconvergePc == 32);
  CHECK(masks(t) == std::vector<std::uint32_t>{kAll, 0xff, 0xff, 0xffffff00, kAll});
}

TEST_CASE("synthetic: an if path with no lanes is skipped") {
  ProgramBuilder b;
  b.ifElse([](const LaneCtx&) { return false; }, [](ProgramBuilder& then) { then.alu(1); },
           [](ProgramBuilder& other) { other.alu(2); });
  b.ifThen([](const LaneCtx&) { return false; }, [](ProgramBuilder& then) { then.alu(3); });
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{0, 16, 24, 40});
  CHECK(t[0].reconvergePc == 24);
  CHECK(t[2].reconvergePc == 40);
  CHECK(masks(t) == std::vector<std::uint32_t>(4, kAll));
}

TEST_CASE("synthetic: an if inside a divergent loop splits only the loop's lanes") {
  ProgramBuilder b;
  b.loop([](const LaneCtx& c) { return c.lane < 16 ? 2u : 1u; },
         [](ProgramBuilder& l) {
           l.ifThen([](const LaneCtx& c) { return c.lane % 2 == 0; },
                    [](ProgramBuilder& then) { then.alu(1); });
         });
  const auto t = run(b.build());
  REQUIRE(pcs(t) == std::vector<std::uint32_t>{0, 8, 16, 0, 8, 16, 24});
  CHECK(masks(t) ==
        std::vector<std::uint32_t>{kAll, 0x55555555, kAll, 0xffff, 0x5555, 0xffff, kAll});
}

TEST_CASE("synthetic: nested loops expose each enclosing loop's iteration") {
  ProgramBuilder b;
  b.loop(2, [](ProgramBuilder& outer) {
    outer.loop(3, [](ProgramBuilder& inner) {
      inner.load(MemSpace::Global, 1,
                 [](const LaneCtx& c) { return Addr{c.iter[0]} * 10 + c.iter[1]; });
    });
  });
  const auto t = run(b.build());
  std::vector<Addr> seen;
  for (const WarpInst& i : t) {
    if (i.isMem()) seen.push_back(i.addr[31]);
  }
  CHECK(seen == std::vector<Addr>{0, 1, 2, 10, 11, 12});
  CHECK(t.size() == 2 * (3 * 2 + 1) + 1);
}

TEST_CASE("synthetic: lanes past the CTA's threads are off in every mask") {
  ProgramBuilder b;
  b.alu(1);
  b.loop([](const LaneCtx& c) { return c.lane; }, [](ProgramBuilder& l) { l.alu(2); });
  b.ifThen([](const LaneCtx&) { return true; }, [](ProgramBuilder& then) { then.alu(3); });
  b.load(MemSpace::Global, 4, laneAddr);
  const auto t = run(b.build(), Dim3{40, 1, 1}, 1);  // warp 1 holds threads 32..39
  for (const WarpInst& i : t) CHECK((i.activeMask & ~0xffu) == 0);
  CHECK(t.front().activeMask == 0xff);
  CHECK(t.back().op == OpClass::Exit);
  CHECK(t.back().activeMask == 0xff);
  CHECK(t[t.size() - 2].addr[8] == 0);       // inactive lanes carry no address
  CHECK(t.size() == 1 + 2 * 7 + 2 + 1 + 1);  // lane 7 iterates 7 times, lane 0 never
}

TEST_CASE("synthetic: lanes see their thread, CTA and global ids") {
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [](const LaneCtx& c) {
    return (Addr{c.tidX} << 56) | (Addr{c.tidY} << 48) | (Addr{c.tidZ} << 40) |
           (Addr{c.ctaX} << 32) | (Addr{c.ctaY} << 24) | (Addr{c.ctaZ} << 16) | (c.cta << 8) |
           c.warpInCta;
  });
  b.load(MemSpace::Global, 2, [](const LaneCtx& c) { return c.gtid * 1000 + c.tid; });
  // block 4x4x4 = 64 threads (2 warps); grid 3x2x2; CTA 7 is at (1, 0, 1).
  const auto t = run(b.build(), Dim3{4, 4, 4}, 1, Dim3{3, 2, 2}, 7);
  // Lane 5 of warp 1 is thread 37 = (1, 1, 2).
  CHECK(t[0].addr[5] == 0x0101020100010701ull);
  CHECK(t[1].addr[5] == (7 * 64 + 37) * 1000 + 37);
}

TEST_CASE("synthetic: two streams of the same warp emit identical sequences") {
  ProgramBuilder b;
  b.loop([](const LaneCtx& c) { return static_cast<std::uint32_t>(mix64(c.gtid) % 5); },
         [](ProgramBuilder& l) {
           l.load(MemSpace::Global, 1, [](const LaneCtx& c) { return mix64(c.gtid + c.iter[0]); });
         });
  const auto prog = b.build();
  const auto t1 = run(prog, Dim3{64, 1, 1}, 1, Dim3{4, 1, 1}, 2);
  const auto t2 = run(prog, Dim3{64, 1, 1}, 1, Dim3{4, 1, 1}, 2);
  REQUIRE(t1.size() == t2.size());
  for (std::size_t i = 0; i < t1.size(); ++i) {
    CHECK(t1[i].pc == t2[i].pc);
    CHECK(t1[i].activeMask == t2[i].activeMask);
    CHECK(t1[i].addr == t2[i].addr);
  }
}
