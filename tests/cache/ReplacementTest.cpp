// The replacement policies and the tag array's victim choice, without SystemC.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "warpsim/cache/StampReplacement.h"
#include "warpsim/cache/TagArray.h"

using namespace warpsim;

namespace {

constexpr std::uint32_t kWays = 4;
const OwnerWarp kOwner{SmId{0}, WarpId{0}};

// One set of four ways filled with lines A..D (line addresses 0, 128, 256, 384 of set 0 when
// there is a single set), in that order.
TagArray filledSet(const std::string& policy) {
  TagArray tags(TagArray::Geometry{1, kWays, 128},
                ReplacementRegistry::builtins().create(policy, 1, kWays));
  for (std::uint32_t w = 0; w < kWays; ++w)
    tags.install(0, tags.victim(0), Addr{w} * 128, LineState::Valid, kOwner);
  return tags;
}

// Installs a new line in the victim's way and returns the address it displaced.
Addr replace(TagArray& tags, Addr newLine) {
  const std::uint32_t v = tags.victim(0);
  const Addr old = tags.line(0, v).lineAddr;
  tags.install(0, v, newLine, LineState::Valid, kOwner);
  return old;
}

}  // namespace

TEST_CASE("replacement: lru evicts the least recently touched line, in that order") {
  TagArray tags = filledSet("lru");
  tags.touch(0, tags.find(0, 0));  // A, then C: the order of use is now B, D, A, C
  tags.touch(0, tags.find(0, 256));
  CHECK(replace(tags, 0x1000) == 128);     // B
  CHECK(replace(tags, 0x1080) == 384);     // D
  CHECK(replace(tags, 0x1100) == 0);       // A
  CHECK(replace(tags, 0x1180) == 256);     // C
  CHECK(replace(tags, 0x1200) == 0x1000);  // then the first newcomer
}

TEST_CASE("replacement: fifo evicts in install order, whatever was touched since") {
  TagArray tags = filledSet("fifo");
  tags.touch(0, tags.find(0, 0));
  tags.touch(0, tags.find(0, 256));
  CHECK(replace(tags, 0x1000) == 0);
  CHECK(replace(tags, 0x1080) == 128);
  CHECK(replace(tags, 0x1100) == 256);
  CHECK(replace(tags, 0x1180) == 384);
  CHECK(replace(tags, 0x1200) == 0x1000);
}

TEST_CASE("replacement: an unknown policy name is refused with the known names") {
  const ReplacementRegistry& r = ReplacementRegistry::builtins();
  CHECK(r.names() == std::vector<std::string>{"lru", "fifo"});
  CHECK_THROWS_WITH(r.create("plru", 4, 4),
                    "<cache>.replacement = 'plru': unknown cache replacement policy; did you "
                    "mean: lru? known: lru, fifo");
}

TEST_CASE("tag array: the victim is the lowest invalid way before any valid line") {
  TagArray tags = filledSet("lru");
  tags.invalidate(0, 2);
  CHECK(tags.victim(0) == 2);
  tags.invalidate(0, 1);
  CHECK(tags.victim(0) == 1);
  CHECK(tags.find(0, 128) == TagArray::kNoWay);  // invalid lines never match
}

TEST_CASE("tag array: a line reserved for a pending fill is never the victim") {
  TagArray tags(TagArray::Geometry{1, kWays, 128},
                ReplacementRegistry::builtins().create("lru", 1, kWays));
  for (std::uint32_t w = 0; w < kWays; ++w)
    tags.install(0, w, Addr{w} * 128, w < 2 ? LineState::Reserved : LineState::Valid, kOwner);
  // Ways 0 and 1 are the least recently used but reserved: LRU picks among ways 2 and 3.
  CHECK(tags.victim(0) == 2);
  tags.touch(0, 2);
  CHECK(tags.victim(0) == 3);
  tags.install(0, 2, 0x1000, LineState::Reserved, kOwner);
  tags.install(0, 3, 0x1080, LineState::Reserved, kOwner);
  CHECK(tags.victim(0) == TagArray::kNoWay);  // all reserved: a reservation failure
  tags.fill(0, 0);
  CHECK(tags.line(0, 0).state == LineState::Valid);
  CHECK(tags.victim(0) == 0);
}

TEST_CASE("tag array: set index is (line address / line size) mod sets, after the fold") {
  TagArray tags(TagArray::Geometry{64, 4, 128},
                ReplacementRegistry::builtins().create("lru", 64, 4));
  CHECK(tags.lineOf(0x12345) == 0x12300);
  CHECK(tags.setOf(0x0000) == 0);
  CHECK(tags.setOf(0x0080) == 1);
  CHECK(tags.setOf(0x1f80) == 63);
  CHECK(tags.setOf(0x2000) == 0);  // 64 lines on: the same set
  CHECK(tags.setOf(0x12300) == (0x12300 / 128) % 64);
  // An L2 slice of 8 partitions interleaved every 256 B sees only every 8th chunk; folding out
  // the partition bits (AddressMap::localAddr) spreads those chunks over all sets.
  tags.setFold([](Addr a) { return (a / 256 / 8) * 256 + a % 256; });
  CHECK(tags.setOf(0x0000) == 0);
  CHECK(tags.setOf(0x0080) == 1);
  CHECK(tags.setOf(0x0800) == 2);  // the partition's next chunk, 8 x 256 B further
  CHECK(tags.setOf(0x0880) == 3);
}

TEST_CASE("tag array: geometries that are not powers of two are refused") {
  auto make = [](std::uint32_t sets, std::uint32_t ways, std::uint32_t line) {
    return TagArray(TagArray::Geometry{sets, ways, line},
                    ReplacementRegistry::builtins().create("lru", 1, 1));
  };
  CHECK_THROWS_AS(make(48, 4, 128), std::invalid_argument);
  CHECK_THROWS_AS(make(64, 4, 96), std::invalid_argument);
  CHECK_THROWS_AS(make(64, 0, 128), std::invalid_argument);
  CHECK_THROWS_AS(make(64, 65, 128), std::invalid_argument);
  CHECK_THROWS_AS(make(64, 4, 1), std::invalid_argument);  // a line of one byte
  CHECK_NOTHROW(make(64, 6, 128));                         // ways need not be a power of two
}

TEST_CASE(
    "tag array: victim and find after random installs, fills and invalidations follow the rule") {
  // The victim is kept from per-set masks and find() reads a packed copy of the tags; a plain
  // scan of the lines must agree with both after every change. The victim: the lowest invalid
  // way, else the policy's pick among the valid lines (LRU: the one touched longest ago), never
  // a reserved one, kNoWay when all are reserved.
  constexpr std::uint32_t kSets = 4, kSetWays = 8;
  TagArray tags(TagArray::Geometry{kSets, kSetWays, 128},
                ReplacementRegistry::builtins().create("lru", kSets, kSetWays));
  std::uint64_t seed = 12345, lastUse[kSets][kSetWays] = {}, clock = 0;
  auto next = [&] { return (seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
  int noWay = 0, invalidPicks = 0, policyPicks = 0, found = 0;
  for (int step = 0; step < 20000; ++step) {
    const auto set = static_cast<std::uint32_t>(next() % kSets);
    const auto way = static_cast<std::uint32_t>(next() % kSetWays);
    // Phases of 2,000 steps: fills keep up with reservations, then fall behind (sets end up
    // all reserved); invalidations are rare, so sets fill up.
    const bool filling = step / 2000 % 2 == 0;
    const auto op = next() % 16;
    if (op < 6) {
      tags.install(set, way, Addr{next() % 1024} * 128, LineState::Reserved, kOwner);
      lastUse[set][way] = ++clock;
    } else if (op < 11) {
      if (filling && tags.line(set, way).state == LineState::Reserved) tags.fill(set, way);
    } else if (op == 11) {
      tags.invalidate(set, way);
    } else if (tags.line(set, way).state == LineState::Valid) {
      tags.touch(set, way);
      lastUse[set][way] = ++clock;
    }
    for (std::uint32_t s = 0; s < kSets; ++s) {
      std::uint32_t expected = TagArray::kNoWay;
      for (std::uint32_t w = 0; w < kSetWays && expected == TagArray::kNoWay; ++w)
        if (tags.line(s, w).state == LineState::Invalid) expected = w;
      const bool anyInvalid = expected != TagArray::kNoWay;
      if (!anyInvalid)
        for (std::uint32_t w = 0; w < kSetWays; ++w)
          if (tags.line(s, w).state == LineState::Valid &&
              (expected == TagArray::kNoWay || lastUse[s][w] < lastUse[s][expected]))
            expected = w;
      REQUIRE(tags.victim(s) == expected);
      REQUIRE(tags.hasVictim(s) == (expected != TagArray::kNoWay));
      // find(): the lowest way holding the line, reserved or valid (never an invalid one).
      // Half the probes name what a way holds (an invalidated way's address is 0).
      const Addr probe = next() % 2
                             ? tags.line(s, static_cast<std::uint32_t>(next() % kSetWays)).lineAddr
                             : Addr{next() % 1024} * 128;
      std::uint32_t holder = TagArray::kNoWay;
      for (std::uint32_t w = 0; w < kSetWays && holder == TagArray::kNoWay; ++w)
        if (tags.line(s, w).state != LineState::Invalid && tags.line(s, w).lineAddr == probe)
          holder = w;
      REQUIRE(tags.find(s, probe) == holder);
      if (holder != TagArray::kNoWay) ++found;
      if (expected == TagArray::kNoWay)
        ++noWay;
      else
        ++(anyInvalid ? invalidPicks : policyPicks);
    }
  }
  // Every kind of answer came up many times.
  CHECK(noWay > 100);
  CHECK(invalidPicks > 1000);
  CHECK(policyPicks > 1000);
  CHECK(found > 10000);
}
