// The value formats of GPGPU-Sim options (cache strings, DRAM timing, address mapping, clock
// domains, lists), the unit conversions, the option table, and an import into a program that
// declares none of the GPU's options (tests/platform/GpgpusimImportTest.cpp imports into the
// real schema).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "ConfigTestSupport.h"
#include "warpsim/config/Config.h"
#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/gpgpusim/CacheString.h"
#include "warpsim/config/gpgpusim/Import.h"
#include "warpsim/config/gpgpusim/OptionTable.h"
#include "warpsim/config/gpgpusim/Units.h"
#include "warpsim/config/gpgpusim/Values.h"

using namespace warpsim;
using namespace warpsim::gpgpusim;

namespace {

OptionEntry entry(const std::string& option, const std::string& value) {
  return OptionEntry{option, value, true, "g.config", 7};
}

}  // namespace

TEST_CASE("cache string: the GTX 1080 L1D with its type prefix") {
  const CacheGeometry g = parseCacheString("N:64:128:6,L:L:m:N:H,A:128:8,8", "w");
  CHECK_FALSE(g.none);
  CHECK(g.type == 'N');
  CHECK(g.sets == 64);
  CHECK(g.lineSize == 128);
  CHECK(g.ways == 6);
  CHECK(g.replacement == 'L');
  CHECK(g.write == 'L');
  CHECK(g.alloc == 'm');
  CHECK(g.writeAlloc == 'N');
  CHECK(g.setIndex == 'H');
  CHECK(g.mshrType == 'A');
  CHECK(g.mshrEntries == 128);
  CHECK(g.mshrMerges == 8);
  CHECK(g.missQueue == 8);
  CHECK(g.dataPortWidth == 0);
}

TEST_CASE("cache string: sectored L2 with fifo and data port fields") {
  const CacheGeometry g = parseCacheString("S:64:128:16,L:B:m:L:P,A:192:4,32:0,32", "w");
  CHECK(g.type == 'S');
  CHECK(g.write == 'B');
  CHECK(g.writeAlloc == 'L');
  CHECK(g.setIndex == 'P');
  CHECK(g.missQueue == 32);
  CHECK(g.resultFifo == 0);
  CHECK(g.dataPortWidth == 32);
}

TEST_CASE("cache string: the GPGPU-Sim 3 form without a type and with fewer policy letters") {
  const CacheGeometry g = parseCacheString("64:128:8,L:B:m:N,A:16:4,4", "w");
  CHECK(g.type == 'N');
  CHECK(g.sets == 64);
  CHECK(g.writeAlloc == 'N');
  CHECK(g.setIndex == 'L');
  const CacheGeometry t = parseCacheString("8:128:5,L:R:m:N,F:128:4,128:2", "w");
  CHECK(t.mshrType == 'F');
  CHECK(t.missQueue == 128);
  CHECK(parseCacheString("none", "w").none);
}

TEST_CASE("cache string: malformed strings name the option and the format") {
  const std::string where = "g.config:68: -gpgpu_cache:dl1";
  CHECK_THROWS_WITH(parseCacheString("N:64:128:6,L:L:m,A:128:8", where),
                    Catch::StartsWith(where + " = 'N:64:128:6,L:L:m,A:128:8': 3 comma-separated "
                                              "groups, expected 4 or 5; allowed: [N|S:]<sets>"));
  CHECK_THROWS_WITH(parseCacheString("N:64:128:6,Q:L:m:N:H,A:128:8,8", where),
                    Catch::Contains("replacement 'Q' is not one of LF"));
  CHECK_THROWS_WITH(parseCacheString("X:64:128:6,L:L:m:N:H,A:128:8,8", where),
                    Catch::Contains("cache type 'X' is not one of NS"));
  CHECK_THROWS_WITH(parseCacheString("N:sixty:128:6,L:L:m:N:H,A:128:8,8", where),
                    Catch::Contains("sets 'sixty' is not a whole number"));
  CHECK_THROWS_WITH(parseCacheString("N:64:128:0,L:L:m:N:H,A:128:8,8", where),
                    Catch::Contains("ways is 0"));
}

TEST_CASE("values: whole numbers name file line option value and range") {
  CHECK(uintValue(entry("-gpgpu_n_clusters", "20"), 1) == 20);
  CHECK_THROWS_WITH(uintValue(entry("-gpgpu_n_clusters", "abc"), 1),
                    "g.config:7: -gpgpu_n_clusters = 'abc': not a whole number; allowed: a whole "
                    "number between 1 and 4294967295");
  CHECK_THROWS_WITH(uintValue(entry("-gpgpu_n_clusters", "0"), 1),
                    Catch::Contains("below the minimum 1"));
  OptionEntry none = entry("-gpgpu_n_clusters", "");
  none.hasValue = false;
  CHECK_THROWS_WITH(uintValue(none), Catch::Contains("no value after the option"));
  CHECK(boolValue(entry("-l2_ideal", "1")));
  CHECK_THROWS_WITH(boolValue(entry("-l2_ideal", "yes")),
                    Catch::EndsWith("not 0 or 1; allowed: 0 (off) or 1 (on)"));
}

TEST_CASE("values: comma lists and clock domains") {
  CHECK(uintList(entry("-x", "4,13,4,5,145,32"), 5, "ADD,MAX,MUL,MAD,DIV", true) ==
        std::vector<std::uint32_t>{4, 13, 4, 5, 145});
  CHECK_THROWS_WITH(uintList(entry("-x", "2"), 2, "latency,initiation"),
                    Catch::Contains("1 number; allowed: 2 comma-separated whole numbers"));
  const auto mhz = clockDomains(entry("-gpgpu_clock_domains", "1607.0:1607.0:1607.0:2500.0"));
  CHECK(mhz[0] == 1607.0);
  CHECK(mhz[3] == 2500.0);
  CHECK_THROWS_WITH(clockDomains(entry("-gpgpu_clock_domains", "700:700:700")),
                    Catch::Contains("3 clocks; allowed: <core>:<interconnect>:<L2>:<DRAM>"));
  CHECK_THROWS_WITH(clockDomains(entry("-gpgpu_clock_domains", "700:0:700:924")),
                    Catch::Contains("'0' is not a frequency above 0"));
}

TEST_CASE("values: DRAM timing named (over lines) and positional") {
  using Timing = std::vector<std::pair<std::string, std::uint32_t>>;
  CHECK(dramTiming(entry("-t", "nbk=16:CCD=2:RRD=6:RCD=12: CL=12:WL=4")) ==
        Timing{{"nbk", 16}, {"CCD", 2}, {"RRD", 6}, {"RCD", 12}, {"CL", 12}, {"WL", 4}});
  const Timing legacy = dramTiming(entry("-t", "4:2:8:12:21:13:34:9:4:5:13:1:0:0"));
  REQUIRE(legacy.size() == 14);
  CHECK(legacy[0] == std::pair<std::string, std::uint32_t>{"nbk", 4});
  CHECK(legacy[7] == std::pair<std::string, std::uint32_t>{"CL", 9});
  CHECK(legacy[13] == std::pair<std::string, std::uint32_t>{"RTPL", 0});
  CHECK_THROWS_WITH(dramTiming(entry("-t", "nbk=16:tXYZ=3")),
                    Catch::Contains("unknown timing parameter 'tXYZ'"));
  CHECK_THROWS_WITH(dramTiming(entry("-t", "4:2:8")), Catch::Contains("3 numbers"));
}

TEST_CASE("values: the address mapping") {
  const AddressMapping m = addressMapping(entry(
      "-m", "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS"));
  CHECK(m.dramidStart == 8);
  CHECK(m.positions('S') == std::vector<int>{0, 1, 2, 3, 4});
  CHECK(m.positions('C') == std::vector<int>{5, 6, 8, 9, 10, 11});
  CHECK(m.positions('B') == std::vector<int>{7, 12, 13, 14});
  CHECK(m.positions('R').size() == 13);
  const AddressMapping d = addressMapping(
      entry("-m", "00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.BBBDDDCC.CCCSSSSS"));
  CHECK(d.dramidStart == -1);
  CHECK(d.positions('D') == std::vector<int>{10, 11, 12});
  CHECK_THROWS_WITH(addressMapping(entry("-m", "dramid@8;RRRR")),
                    Catch::Contains("4 bit letters instead of 64"));
  CHECK_THROWS_WITH(
      addressMapping(
          entry("-m", "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSX")),
      Catch::Contains("'X' is not a mapping letter"));
}

TEST_CASE("units: core cycles to another clock domain are rounded") {
  CHECK(coreToDomainCycles(100, 1607, 2500) == 156);  // 155.57
  CHECK(coreToDomainCycles(120, 1607, 1607) == 120);
  CHECK(coreToDomainCycles(120, 1300, 650) == 60);
  CHECK(coreToDomainCycles(440, 700, 924) == 581);  // 580.8
  CHECK(coreToDomainCycles(100, 0, 924) == 100);    // no core clock: unchanged
}

TEST_CASE("units: lanes for an initiation interval") {
  const auto check = [](std::uint32_t interval, std::uint32_t ratio, std::uint32_t lanes,
                        std::uint32_t achieved) {
    const UnitWidth w = lanesForInterval(interval, ratio);
    INFO("interval " << interval << " ratio " << ratio);
    CHECK(w.lanes == lanes);
    CHECK(w.interval == achieved);
  };
  check(1, 1, 32, 1);
  check(2, 1, 16, 2);
  check(4, 1, 8, 4);
  check(8, 1, 4, 8);
  check(8, 2, 2, 8);  // fermi's DP: 2 lanes at the hot clock
  check(32, 1, 1, 32);
  check(9, 1, 4, 8);    // not representable: the nearest
  check(64, 1, 1, 32);  // slower than one lane
}

TEST_CASE("option table: exact names before prefixes and unknown options") {
  REQUIRE(findRule("-gpgpu_n_clusters") != nullptr);
  CHECK(findRule("-gpgpu_n_clusters")->handling == Handling::Mapped);
  REQUIRE(findRule("-gpgpu_operand_collector_num_units_sp") != nullptr);
  CHECK(findRule("-gpgpu_operand_collector_num_units_sp")->handling == Handling::NotModelled);
  CHECK(findRule("-trace_opcode_latency_initiation_spec_op_3") != nullptr);
  CHECK(findRule("-trace")->handling == Handling::NotModelled);
  CHECK(findRule("-trace_opcode_latency_initiation_sp")->handling == Handling::Mapped);
  CHECK(findRule("-no_such_option") == nullptr);
}

TEST_CASE("option table: every option is in doc/gpgpusim-configs.md") {
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/doc/gpgpusim-configs.md");
  REQUIRE(in);
  std::ostringstream doc;
  doc << in.rdbuf();
  for (const OptionRule& r : optionRules()) {
    std::string name = r.name;
    if (name.back() == '*') name.pop_back();
    INFO(name);
    CHECK(doc.str().find("`" + name) != std::string::npos);
  }
}

TEST_CASE("gpgpusim import: a program without the warpsim options gets warnings not errors") {
  const ConfigSchema schema = test::testSchema();  // none of the GPU's options
  Config config(schema);
  const test::ScratchFile file("missing-keys.config",
                               "-gpgpu_n_clusters 4\n-gpgpu_l2_rop_latency 120\n");
  const std::vector<std::string> m = importFiles(config, {file.path()});
  REQUIRE(m.size() == 3);
  CHECK(m[0] == "note: " + file.path() +
                    ":1: -gpgpu_n_clusters: the other of -gpgpu_n_clusters / "
                    "-gpgpu_n_cores_per_cluster is not given: GPGPU-Sim's default 3 cores per "
                    "cluster");
  CHECK(m[1] == "warning: " + file.path() +
                    ":1: -gpgpu_n_clusters: this warpsim has no option 'gpu.sms'; not imported");
  CHECK(m[2] == "warning: " + file.path() +
                    ":2: -gpgpu_l2_rop_latency: this warpsim has no option 'l2.access_latency'; "
                    "not imported");
}
