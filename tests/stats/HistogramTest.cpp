#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "warpsim/stats/Histogram.h"

using warpsim::Histogram;
using Buckets = std::vector<std::uint64_t>;

TEST_CASE("Histogram puts a sample in bucket sample / width", "[histogram]") {
  Histogram h(10, 4);
  for (std::uint64_t s : {0, 9, 10, 25, 39}) h.add(s);
  REQUIRE(h.buckets() == Buckets{2, 1, 1, 1, 0});
}

TEST_CASE("Histogram with a power-of-two width puts samples where the division would",
          "[histogram]") {
  Histogram one(1, 3), sixteen(16, 3);
  for (std::uint64_t s : {0, 1, 2, 3, 9}) one.add(s);
  for (std::uint64_t s : {0, 15, 16, 31, 32, 47, 48, 1 << 20}) sixteen.add(s);
  REQUIRE(one.buckets() == Buckets{1, 1, 1, 2});
  REQUIRE(sixteen.buckets() == Buckets{2, 2, 2, 2});
}

TEST_CASE("Histogram clamps samples past the last bucket into the overflow bucket", "[histogram]") {
  Histogram h(10, 4);
  h.add(40);
  h.add(1000000);
  h.add(std::numeric_limits<std::uint64_t>::max());
  REQUIRE(h.buckets() == Buckets{0, 0, 0, 0, 3});
}

TEST_CASE("Histogram keeps exact count, sum, min, max and mean", "[histogram]") {
  Histogram h(4, 8);
  for (std::uint64_t s : {7, 3, 12}) h.add(s);
  REQUIRE(h.count() == 3);
  REQUIRE(h.sum() == 22);
  REQUIRE(h.min() == 3);
  REQUIRE(h.max() == 12);
  REQUIRE(h.mean() == 22.0 / 3.0);
  REQUIRE(h.bucketWidth() == 4);
}

TEST_CASE("An empty Histogram reports zeros and has buckets plus one overflow", "[histogram]") {
  Histogram h;
  REQUIRE(h.count() == 0);
  REQUIRE(h.min() == 0);
  REQUIRE(h.max() == 0);
  REQUIRE(h.mean() == 0.0);
  REQUIRE(h.bucketWidth() == 16);
  REQUIRE(h.buckets() == Buckets(33, 0));
}

TEST_CASE("Histogram rejects a zero bucket width or bucket count", "[histogram]") {
  REQUIRE_THROWS_AS(Histogram(0, 4), std::invalid_argument);
  REQUIRE_THROWS_AS(Histogram(4, 0), std::invalid_argument);
}
