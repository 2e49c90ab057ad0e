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

TEST_CASE("natural order: the byte order of naturalKey is naturalLess", "[output]") {
  // Random paths over the characters that decide the order: digits (zeros most), letters on
  // both sides of the digits, and the separators '.', '_' and '/' (below '0').
  const std::string alphabet = "00001239.._/az";
  std::uint64_t seed = 0x9e3779b97f4a7c15ull;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  std::vector<std::string> paths;
  for (int n = 0; n < 400; ++n) {
    std::string p;
    for (std::uint64_t len = next() % 9; len > 0; --len)
      p.push_back(alphabet[next() % alphabet.size()]);
    paths.push_back(p);
  }
  paths.insert(paths.end(), {"x7", "x07", "x007", "gpu.sm2", "gpu.sm10", "a", "a.b", "",
                             "n99999999999999999999", "n100000000000000000000", "0", "00"});
  std::size_t disagreements = 0, less = 0;
  for (const std::string& a : paths)
    for (const std::string& b : paths) {
      const bool natural = naturalLess(a, b);
      less += natural;
      if ((warpsim::naturalKey(a) < warpsim::naturalKey(b)) != natural) {
        ++disagreements;
        UNSCOPED_INFO(a << " vs " << b);
      }
    }
  CHECK(less > 10000);  // the pairs are mostly ordered, not mostly equal
  CHECK(disagreements == 0);
}
