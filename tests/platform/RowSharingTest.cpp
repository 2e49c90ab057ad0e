// OWL Table 4's metrics (consecutive-CTA row sharing, CTAs per row) on hand-made kernels with
// known answers, and the platforms' --row-sharing query.
#include <catch2/catch.hpp>

#include <sstream>

#include "PlatformTestSupport.h"
#include "warpsim/common/RowSharing.h"
#include "warpsim/workload/ProgramBuilder.h"
#include "warpsim/workload/SyntheticWarpStream.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {

// One partition, 2 banks, 256 B rows: row index i (bank i % 2, row i / 2) holds bytes
// i * 256 .. i * 256 + 255, so each 32-lane float access stays within one row.
AddressMap smallMap() {
  AddressMapParams p;
  p.partitions = 1;
  p.banks = 2;
  p.rowSize = 256;
  return AddressMap(p);
}

// 4 one-warp CTAs; CTA c loads row first[c], then row second[c], and stores to shared memory
// at row 7's address (shared memory is not DRAM and must not count).
KernelDesc fourCtas(std::array<Addr, 4> first, std::array<Addr, 4> second) {
  ProgramBuilder b;
  b.load(MemSpace::Global, 1, [=](const LaneCtx& c) { return first[c.cta] * 256 + c.lane * 4; });
  b.load(MemSpace::Global, 2, [=](const LaneCtx& c) { return second[c.cta] * 256 + c.lane * 4; });
  b.store(MemSpace::Shared, [](const LaneCtx& c) { return 7 * 256 + c.lane * 4; }, {1});
  return makeSyntheticKernel("hand", Dim3{4, 1, 1}, Dim3{32, 1, 1}, 8, 0, b.build());
}

}  // namespace

TEST_CASE("row sharing: rows A {0,1,3}, B {2}, C {3} give 2/9 sharing and 5/3 CTAs per row") {
  // Row 0 by CTAs 0, 1, 3 (0 and 1 consecutive: 2 of 3); row 1 by CTA 2; row 2 by CTA 3.
  const RowSharing r = measureRowSharing(fourCtas({0, 0, 1, 0}, {0, 0, 1, 2}), smallMap());
  CHECK(r.kernel == "hand");
  CHECK(r.ctas == 4);
  CHECK(r.rows == 3);
  CHECK(r.consecutiveSharing == Approx(2.0 / 9.0));
  CHECK(r.ctasPerRow == Approx(5.0 / 3.0));
}

TEST_CASE("row sharing: one row read by CTAs 0-3 is 100% shared, 4 CTAs per row (OWL 4.3)") {
  const RowSharing r = measureRowSharing(fourCtas({5, 5, 5, 5}, {5, 5, 5, 5}), smallMap());
  CHECK(r.rows == 1);
  CHECK(r.consecutiveSharing == 1.0);
  CHECK(r.ctasPerRow == 4.0);
}

TEST_CASE("row sharing: CTAs 0 and 2 in one row, 1 and 3 in another share nothing consecutive") {
  const RowSharing r = measureRowSharing(fourCtas({0, 1, 0, 1}, {0, 1, 0, 1}), smallMap());
  CHECK(r.rows == 2);
  CHECK(r.consecutiveSharing == 0.0);
  CHECK(r.ctasPerRow == 2.0);
}

TEST_CASE("row sharing: partitions split a row's addresses, rows are counted per partition") {
  // Two partitions interleaving 256 B chunks: each CTA's own row index lands in partition
  // c % 2.
  AddressMapParams p;
  p.partitions = 2;
  p.chunk = 256;
  p.banks = 1;
  p.rowSize = 512;
  // Chunks 0..3: partition 0 gets chunks 0 and 2 (its row 0), partition 1 chunks 1 and 3.
  const RowSharing r = measureRowSharing(fourCtas({0, 1, 2, 3}, {0, 1, 2, 3}), AddressMap(p));
  CHECK(r.rows == 2);
  CHECK(r.consecutiveSharing == 0.0);  // {0, 2} and {1, 3}
  CHECK(r.ctasPerRow == 2.0);
}

TEST_CASE("row sharing: --row-sharing prints one line per kernel and simulates nothing") {
  const ToolRun r =
      runTool("warpsim-owl28", "--workload stream --set workload.size=1 --row-sharing");
  CHECK(r.exitCode == 0);
  const auto ls = lines(r.out);
  REQUIRE(ls.size() == 2);
  CHECK_THAT(ls[0], Catch::StartsWith("kernel "));
  // 8 CTAs of 256 threads, 4 grid-stride iterations: each array is 32 KiB, 2 rows in each of
  // owl28's 8 partitions (48 rows). Iteration k gives CTA c 1 KiB at k * 8 KiB + c * 1 KiB, 4
  // chunks of 256 B on 4 partitions, so a partition's row holds CTAs {0,2,4,6} or {1,3,5,7}.
  std::istringstream is(ls[1]);
  std::string name, sharing;
  std::uint64_t ctas = 0, rows = 0;
  double perRow = 0;
  is >> name >> ctas >> rows >> sharing >> perRow;
  CHECK(name == "stream");
  CHECK(ctas == 8);
  CHECK(rows == 48);
  CHECK(sharing == "0.0%");
  CHECK(perRow == Approx(4.0));
}
