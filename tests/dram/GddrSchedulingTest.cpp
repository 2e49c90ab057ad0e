// Scheduling policies, the statistics on a crafted sequence, and bad option values.
#include <catch2/catch.hpp>

#include "DramTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/gpu/GpuParams.h"

using namespace warpsim;
using namespace warpsim::test;

namespace {
// A (row 0) opens bank 0; B (row 1, older) and C (row 0, younger) wait behind it.
std::vector<Send> hitBehindMiss() {
  return {read(0, at(0, 0, 0)), read(1, at(0, 1, 0)), read(2, at(0, 0, 1))};
}
}  // namespace

TEST_CASE("gddr: FR-FCFS serves a younger row hit before an older miss") {
  DramBench b;
  const nlohmann::json s = b.run(hitBehindMiss());
  CHECK(b.cpu.responseOrder == std::vector<std::uint64_t>{0, 2, 1});
  CHECK(b.resp(2) == 31);  // RD at 17 (the bus is busy until 27)
  CHECK(b.resp(1) == 62);  // PRE 26, ACT 36, RD 48
  CHECK(s["row_hits"] == 1);
  CHECK(s["row_conflicts"] == 1);
}

TEST_CASE("gddr: FCFS serves the older miss first") {
  GddrParams p = owlParams();
  p.scheduler = "fcfs";
  DramBench b(p);
  const nlohmann::json s = b.run(hitBehindMiss());
  CHECK(b.cpu.responseOrder == std::vector<std::uint64_t>{0, 1, 2});
  CHECK(b.resp(1) == 62);
  CHECK(b.resp(2) == 97);  // PRE 61 (tRAS), ACT 71, RD 83
  CHECK(s["row_conflicts"] == 2);
}

TEST_CASE("gddr: BLP (OWL 2.2) and RBL of a crafted sequence match the hand-computed values") {
  DramBench b;
  const nlohmann::json s = b.run({read(0, at(0, 0, 0)), read(0, at(0, 0, 1)), read(0, at(1, 0))});
  // OWL 2.2's BLP: a bank is busy from the first command for a demand to its last data beat.
  // Bank 0: ACT 1, RD 13 and 17, data done at 27 and 31: busy [1, 31). Bank 1: ACT 9 (tRRD),
  // RD 21, done at 35: busy [9, 35). Some bank busy during [1, 35).
  CHECK(b.resp(0) == 27);
  CHECK(b.resp(1) == 31);
  CHECK(b.resp(2) == 35);
  CHECK(s["busy_cycles"] == 34);
  CHECK(s["busy_bank_cycles"] == 30 + 26);
  CHECK(s["blp"].get<double>() == Approx(56.0 / 34.0));
  // blp_queued counts a bank from each demand's arrival: [0, 31) and [0, 35), requests
  // outstanding during [0, 35).
  CHECK(s["active_cycles"] == 35);
  CHECK(s["queued_bank_cycles"] == 31 + 35);
  CHECK(s["blp_queued"].get<double>() == Approx(66.0 / 35.0));
  CHECK(s["rbl"].get<double>() == Approx(1.0 / 3.0));  // one hit, two misses
  CHECK(s["data_bus_cycles"] == 12);
  CHECK(s["queue_latency"]["sum"] == (13 - 0) + (17 - 0) + (21 - 0));
}

TEST_CASE("gddr: a demand waiting behind another bank's row does not make its bank busy") {
  DramBench b;
  // Three demands to bank 0, rows 0, 1, 2 (conflicts in turn), and one to bank 1 at cycle 0.
  // Bank 1 is busy only from its ACT (9, tRRD after bank 0's) to its data end (35); bank 0 from
  // its first ACT on, without a gap, until its third demand's data end.
  const nlohmann::json s =
      b.run({read(0, at(0, 0, 0)), read(0, at(0, 1, 0)), read(0, at(0, 2, 0)), read(0, at(1, 0))});
  const auto busy = s["busy_bank_cycles"].get<std::uint64_t>();
  const auto last = b.resp(2);
  CHECK(busy == (last - 1) + (35 - 9));
  CHECK(s["busy_cycles"] == last - 1);
  CHECK(s["queued_bank_cycles"] == last + 35);  // both banks from cycle 0
  CHECK(s["blp"].get<double>() < s["blp_queued"].get<double>());
}

TEST_CASE("gddr: a full queue withholds END_REQ until a request leaves it") {
  GddrParams p = owlParams();
  p.queue = 2;
  DramBench b(p);
  b.run({read(0, at(0, 0, 0)), read(0, at(0, 0, 1)), read(0, at(0, 0, 2))});
  CHECK(b.cpu.records[2].status == tlm::TLM_ACCEPTED);
  CHECK(b.cpu.records[2].endReq == 13);  // the first RD at 13 frees a place
  CHECK(b.resp(2) == 35);
  CHECK(b.pool.inUse() == 0);
}

TEST_CASE("gddr: bad option values are refused with the option named") {
  ConfigSchema schema;
  GpuParams::declare(schema);
  Config c(schema);
  CHECK_THROWS_AS(c.setAssignment("dram.scheduler=frfcfs"), ConfigError);
  CHECK_THROWS_AS(c.setAssignment("dram.model=ddr4"), ConfigError);
  CHECK_THROWS_AS(c.setAssignment("dram.prefetch=stride"), ConfigError);
  CHECK_THROWS_AS(c.setAssignment("dram.tCL=5000"), ConfigError);
  c.setAssignment("dram.prefetch_lower=20");  // read once per run, by the prefetcher's entry
  CHECK_THROWS_WITH(Registries().configured(c),
                    Catch::Contains("dram.prefetch_higher = 16: must be at least "
                                    "dram.prefetch_lower = 20"));
  c.setAssignment("dram.prefetch_lower=8");
  c.setAssignment("dram.tCL=0");
  CHECK_THROWS_WITH(GddrParams::load(c), Catch::Contains("dram.tCL = 0"));
}
