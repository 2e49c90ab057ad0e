// Division by a fixed divisor without a divide instruction: exact against the host's / and %
// for every kind of divisor (1, powers of two, odd and even non-powers, the largest 32-bit
// values) and dividends from 0 to the largest 64-bit value.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "warpsim/core/Divider.h"

using warpsim::Divider;

TEST_CASE("divider: quotient and remainder equal the host's for every kind of divisor") {
  std::vector<std::uint32_t> divisors = {
      1,           2,          3,   5,   6,    7,    12,    16,       24,
      28,          36,         255, 256, 1000, 2048, 65537, 1u << 31, (1u << 31) + 1,
      0xFFFFFFFEu, 0xFFFFFFFFu};
  std::mt19937_64 rng(24);
  for (int i = 0; i < 40; ++i) divisors.push_back(static_cast<std::uint32_t>(rng() | 1));
  const std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t checked = 0, mismatches = 0;
  for (const std::uint32_t d : divisors) {
    const Divider div(d);
    CHECK(div.divisor() == d);
    std::vector<std::uint64_t> ns = {0,
                                     1,
                                     d - 1u,
                                     d,
                                     std::uint64_t{d} + 1,
                                     2ull * d - 1,
                                     kMax,
                                     kMax - 1,
                                     kMax - d,
                                     0x7f0000001234ull,
                                     (kMax / d) * d,
                                     (kMax / d) * d - 1};
    for (int k = 0; k < 2000; ++k) ns.push_back(rng() >> (rng() % 64));
    for (const std::uint64_t n : ns) {
      ++checked;
      if (div.divide(n) != n / d || div.remainder(n) != n % d) ++mismatches;
    }
  }
  CHECK(checked > 120000);
  CHECK(mismatches == 0);
}

TEST_CASE("divider: a zero divisor is refused") {
  CHECK_THROWS_AS(Divider(0), std::invalid_argument);
}
