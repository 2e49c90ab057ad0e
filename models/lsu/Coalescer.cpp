#include "warpsim/lsu/Coalescer.h"

#include <algorithm>

namespace warpsim {
namespace {

void touch(CoalescedAccess& out, Addr line, std::uint32_t sectors) {
  // Neighbouring lanes usually share a line: try the newest line first.
  if (out.count && out.lines[out.count - 1].lineAddr == line) {
    out.lines[out.count - 1].sectorMask |= sectors;
    return;
  }
  for (std::uint32_t i = 0; i < out.count; ++i)
    if (out.lines[i].lineAddr == line) {
      out.lines[i].sectorMask |= sectors;
      return;
    }
  out.lines[out.count++] = LineAccess{line, sectors};
}

std::uint32_t sectorsOf(Addr first, Addr last, Addr line) {
  const auto lo = static_cast<std::uint32_t>((first - line) / 32);
  const auto hi = static_cast<std::uint32_t>((last - line) / 32);
  return ((2u << hi) - 1) & ~((1u << lo) - 1);
}

}  // namespace

void coalesce(const WarpInst& in, std::uint32_t lineSize, CoalescedAccess& out) {
  out.count = 0;
  const Addr mask = ~Addr{lineSize - 1};
  const unsigned size = in.accessSize ? in.accessSize : 1;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(in.activeMask >> lane & 1u)) continue;
    const Addr first = in.addr[lane];
    const Addr last = first + size - 1;
    const Addr lineA = first & mask, lineB = last & mask;
    if (lineA == lineB) {
      touch(out, lineA, sectorsOf(first, last, lineA));
    } else {
      touch(out, lineA, sectorsOf(first, lineA + lineSize - 1, lineA));
      touch(out, lineB, sectorsOf(lineB, last, lineB));
    }
  }
}

std::uint32_t sharedConflictDegree(const WarpInst& in, std::uint32_t banks) {
  // The distinct words of each bank, as chains through the lanes (no lane pairs compared
  // unless they share a bank): the degree is the most distinct words any one bank holds.
  constexpr std::uint8_t kNone = 0xff;
  std::array<std::uint8_t, kMaxSharedBanks> head, count;
  std::fill_n(head.begin(), banks, kNone);
  std::fill_n(count.begin(), banks, std::uint8_t{0});
  std::array<Addr, kWarpSize> words;
  std::array<std::uint8_t, kWarpSize> next;
  std::uint32_t n = 0, degree = 1;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(in.activeMask >> lane & 1u)) continue;
    const Addr word = in.addr[lane] / 4;
    const auto bank = static_cast<std::uint32_t>(word % banks);
    bool seen = false;
    for (std::uint8_t i = head[bank]; i != kNone && !seen; i = next[i]) seen = words[i] == word;
    if (seen) continue;  // broadcast
    words[n] = word;
    next[n] = head[bank];
    head[bank] = static_cast<std::uint8_t>(n++);
    degree = std::max<std::uint32_t>(degree, ++count[bank]);
  }
  return degree;
}

}  // namespace warpsim
