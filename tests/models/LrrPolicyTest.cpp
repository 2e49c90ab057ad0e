// LRR as a plain class: no SystemC, a hand-made array of WarpStates behind a SchedView.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "warpsim/sched/LrrPolicy.h"
#include "warpsim/workload/WarpInst.h"

using namespace warpsim;

namespace {

std::uint64_t bits(std::initializer_list<unsigned> ws) {
  std::uint64_t m = 0;
  for (unsigned w : ws) m |= std::uint64_t{1} << w;
  return m;
}

struct Slot {
  std::array<WarpState, 8> warps{};
  SchedView view{warps.data(), 8, SmId{0}};
  LrrPolicy lrr;
  WarpInst inst;

  // Marks `ready` warps eligible (and ready: their unit is free) and the rest not.
  void setReady(std::uint64_t ready) {
    for (unsigned w = 0; w < warps.size(); ++w) {
      warps[w].resident = true;
      warps[w].eligible = (ready >> w) & 1u;
    }
    view.setReady(ready);
  }
  std::vector<std::uint32_t> order(std::uint64_t slotWarps) {
    std::vector<WarpId> out;
    lrr.order(view, slotWarps, out);
    std::vector<std::uint32_t> ids;
    for (WarpId w : out) ids.push_back(w.value());
    return ids;
  }
  void issued(unsigned w) { lrr.issued(WarpId{w}, inst); }
};

using Ids = std::vector<std::uint32_t>;

}  // namespace

TEST_CASE("lrr: before any issue the order is ascending warp ids") {
  Slot s;
  s.setReady(bits({0, 1, 2, 3}));
  CHECK(s.order(bits({0, 1, 2, 3})) == Ids{0, 1, 2, 3});
}

TEST_CASE("lrr: only ready warps of the slot appear") {
  Slot s;
  s.setReady(bits({1, 3, 6}));
  CHECK(s.order(bits({0, 1, 2, 3, 4, 5})) == Ids{1, 3});  // 6 is ready but not in this slot
  s.setReady(0);
  CHECK(s.order(bits({0, 1, 2, 3})).empty());
}

TEST_CASE("lrr: the search starts at the warp after the last issuer and wraps") {
  Slot s;
  s.setReady(bits({0, 1, 2, 3}));
  s.issued(1);
  CHECK(s.order(bits({0, 1, 2, 3})) == Ids{2, 3, 0, 1});
  s.issued(3);
  CHECK(s.order(bits({0, 1, 2, 3})) == Ids{0, 1, 2, 3});
  s.issued(0);
  CHECK(s.order(bits({0, 1, 2, 3})) == Ids{1, 2, 3, 0});
}

TEST_CASE("lrr: rotation skips warps that cannot issue") {
  Slot s;
  s.setReady(bits({0, 2, 5}));
  s.issued(2);
  CHECK(s.order(bits({0, 1, 2, 3, 4, 5})) == Ids{5, 0, 2});
}

TEST_CASE("lrr: a slot holding every other warp rotates among its own") {
  Slot s;  // slot 1 of two: warps 1, 3, 5, 7
  s.setReady(bits({0, 1, 2, 3, 4, 5, 6, 7}));
  const std::uint64_t mine = bits({1, 3, 5, 7});
  CHECK(s.order(mine) == Ids{1, 3, 5, 7});
  s.issued(3);
  CHECK(s.order(mine) == Ids{5, 7, 1, 3});
  s.issued(7);
  CHECK(s.order(mine) == Ids{1, 3, 5, 7});
}

TEST_CASE("lrr: the last issuer having left, the search starts at the next warp still present") {
  Slot s;
  s.setReady(bits({0, 1, 4}));
  s.issued(2);  // warp 2 issued its exit and retired
  CHECK(s.order(bits({0, 1, 4})) == Ids{4, 0, 1});
}
