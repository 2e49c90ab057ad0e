// MSHR entries, merging and the two full conditions, without SystemC.
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <vector>

#include "warpsim/cache/MshrTable.h"

using namespace warpsim;

namespace {
tlm::tlm_generic_payload payloads[8];
MshrTable::Waiter waiter(int i) {
  return MshrTable::Waiter{&payloads[i], Cycle(10 + i)};
}
}  // namespace

TEST_CASE("mshr: a second miss to the same line merges into its entry, in arrival order") {
  MshrTable m(4, 3);
  const std::uint32_t e = m.allocate(0x100, false, waiter(0));
  CHECK(m.find(0x100) == e);
  CHECK(m.find(0x180) == MshrTable::kNone);
  CHECK_FALSE(m.mergeFull(e));
  m.merge(e, waiter(1));
  m.merge(e, waiter(2));
  CHECK(m.mergeFull(e));  // three requests: the first and two merged
  CHECK_THROWS_AS(m.merge(e, waiter(3)), std::logic_error);
  CHECK(m.entry(e).merged == 3);
  CHECK(m.waiter(e, 0).payload == &payloads[0]);
  CHECK(m.waiter(e, 1).payload == &payloads[1]);
  CHECK(m.waiter(e, 2).payload == &payloads[2]);
  CHECK(m.waiter(e, 2).arrived == 12);
  CHECK(m.inUse() == 1);
}

TEST_CASE("mshr: the table is full when every entry is busy, and release frees the lowest") {
  MshrTable m(2, 4);
  CHECK(m.freeEntries() == 2);
  const std::uint32_t a = m.allocate(0x000, false, waiter(0));
  const std::uint32_t b = m.allocate(0x080, false, waiter(1));
  CHECK(a == 0);
  CHECK(b == 1);
  CHECK(m.full());
  CHECK(m.freeEntries() == 0);
  CHECK_THROWS_AS(m.allocate(0x100, false, waiter(2)), std::logic_error);
  m.release(a);
  CHECK_FALSE(m.full());
  CHECK(m.find(0x000) == MshrTable::kNone);
  CHECK(m.allocate(0x100, false, waiter(2)) == 0);
}

TEST_CASE("mshr: a table of 130 entries always hands out its lowest free entry") {
  // More entries than a 64-bit word holds: entries freed in a scattered order come back lowest
  // first, and the count of free entries stays right.
  MshrTable m(130, 1);
  for (std::uint32_t i = 0; i < 130; ++i) CHECK(m.allocate(0x80 * i, false, waiter(0)) == i);
  CHECK(m.full());
  for (const std::uint32_t e : {129u, 3u, 64u, 127u, 70u}) m.release(e);
  CHECK(m.freeEntries() == 5);
  std::vector<std::uint32_t> got;
  for (std::uint32_t i = 0; i < 5; ++i)
    got.push_back(m.allocate(0x10000 + 0x80 * i, false, waiter(0)));
  CHECK(got == std::vector<std::uint32_t>{3, 64, 70, 127, 129});
  CHECK(m.full());
  CHECK_THROWS_AS(m.allocate(0x20000, false, waiter(0)), std::logic_error);
}

TEST_CASE("mshr: bypass entries are never found for merging") {
  MshrTable m(4, 4);
  const std::uint32_t e = m.allocate(0x200, true, waiter(0));
  CHECK(m.entry(e).bypass);
  CHECK(m.find(0x200) == MshrTable::kNone);
  const std::uint32_t f = m.allocate(0x200, false, waiter(1));  // a normal miss to that line
  CHECK(m.find(0x200) == f);
  m.setDirtyOnFill(f);
  CHECK(m.entry(f).dirtyOnFill);
  CHECK_FALSE(m.entry(e).dirtyOnFill);
}

TEST_CASE("mshr: find agrees with a plain map through a long run of allocations and releases") {
  // Lines chosen to collide in the index (many share their home slot), released in an order
  // unrelated to allocation: every lookup must still find exactly the busy entry of its line.
  MshrTable t(32, 4);
  std::map<Addr, std::uint32_t> busy;
  std::uint32_t seed = 12345;
  auto next = [&seed] {
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
  };
  std::uint64_t checks = 0;
  for (int step = 0; step < 20000; ++step) {
    const Addr line = Addr{next() % 48} * 128 * 1024;  // 48 lines, 128 KiB apart
    const auto it = busy.find(line);
    if (it == busy.end() && !t.full()) {
      busy[line] = t.allocate(line, false, {});
    } else if (it != busy.end() && next() % 2) {
      t.release(it->second);
      busy.erase(it);
    }
    for (Addr l = 0; l < Addr{48} * 128 * 1024; l += 128 * 1024) {
      const auto b = busy.find(l);
      REQUIRE(t.find(l) == (b == busy.end() ? MshrTable::kNone : b->second));
      ++checks;
    }
  }
  CHECK(checks == 20000 * 48);
  CHECK(t.inUse() == busy.size());
}

TEST_CASE("mshr: a second mergeable entry for one line is refused") {
  MshrTable t(4, 2);
  t.allocate(0x1000, false, {});
  CHECK_THROWS_AS(t.allocate(0x1000, false, {}), std::logic_error);
  CHECK_NOTHROW(t.allocate(0x1000, true, {}));  // a bypass entry is never found: allowed
}
