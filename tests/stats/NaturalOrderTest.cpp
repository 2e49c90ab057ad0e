// Natural order of statistic paths (lib/stats/NaturalOrder.h), as the CSV sorts them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "warpsim/stats/NaturalOrder.h"

using warpsim::naturalLess;

TEST_CASE("natural order: digit runs compare by value, text byte by byte", "[output]") {
  CHECK(naturalLess("gpu.sm2", "gpu.sm10"));
  CHECK_FALSE(naturalLess("gpu.sm10", "gpu.sm2"));
  CHECK(naturalLess("gpu.l2_9.hits", "gpu.l2_10.hits"));
  CHECK(naturalLess("gpu.sm1.sched1", "gpu.sm1.sched10"));
  CHECK(naturalLess("gpu.sm10", "gpu.sm_total"));  // '1' < '_' as bytes
  CHECK(naturalLess("a", "b"));
  CHECK(naturalLess("a", "a.b"));  // a prefix first
  CHECK_FALSE(naturalLess("a", "a"));
  CHECK(naturalLess("x7", "x07"));  // equal values: fewer leading zeros first
  CHECK_FALSE(naturalLess("x07", "x7"));
  // Longer than 64 bits: still by value.
  CHECK(naturalLess("n99999999999999999999", "n100000000000000000000"));
}

TEST_CASE("natural order sorts SM and partition paths as people count", "[output]") {
  std::vector<std::string> paths{"gpu.sm10.cycles",  "gpu.sm2.cycles",  "gpu.sm1.cycles",
                                 "gpu.part11.bytes", "gpu.part3.bytes", "gpu.sm_total.sm_cycles"};
  std::sort(paths.begin(), paths.end(), warpsim::NaturalLess());
  CHECK(paths == std::vector<std::string>{"gpu.part3.bytes", "gpu.part11.bytes", "gpu.sm1.cycles",
                                          "gpu.sm2.cycles", "gpu.sm10.cycles",
                                          "gpu.sm_total.sm_cycles"});
}
