#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "warpsim/core/PortSet.h"

using namespace warpsim;

// The crossbar visits its busy ports from a rotating start; a clock domain's wake-up wheel asks
// for its first non-empty slot from the current one. Both wrap around past the last member.
TEST_CASE("port set: members in rotating order from a start across words, and the first of them") {
  PortSet s(200);
  for (std::uint32_t i : {3u, 64u, 70u, 199u}) s.insert(i);
  std::vector<std::uint32_t> order;
  s.forEachFrom(65, [&](std::uint32_t i) { order.push_back(i); });
  CHECK(order == std::vector<std::uint32_t>{70, 199, 3, 64});
  CHECK(s.firstFrom(65) == 70);
  CHECK(s.firstFrom(64) == 64);
  CHECK(s.firstFrom(71) == 199);
  CHECK(s.firstFrom(0) == 3);
  s.erase(3);
  s.erase(199);
  CHECK(s.firstFrom(71) == 64);  // wrapped round to the word it started in
  s.erase(64);
  s.erase(70);
  CHECK(s.empty());
  CHECK(s.firstFrom(100) == 200);  // none: size()
}
