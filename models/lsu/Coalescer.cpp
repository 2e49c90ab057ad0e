#include "warpsim/lsu/Coalescer.h"

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
  std::array<Addr, kWarpSize> words{};
  std::array<std::uint32_t, kWarpSize> bankOf{};
  std::uint32_t n = 0, degree = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(in.activeMask >> lane & 1u)) continue;
    const Addr word = in.addr[lane] / 4;
    bool seen = false;
    for (std::uint32_t i = 0; i < n && !seen; ++i) seen = words[i] == word;
    if (seen) continue;  // broadcast
    words[n] = word;
    bankOf[n] = static_cast<std::uint32_t>(word % banks);
    ++n;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    std::uint32_t same = 0;
    for (std::uint32_t j = 0; j < n; ++j) same += bankOf[j] == bankOf[i];
    if (same > degree) degree = same;
  }
  return degree ? degree : 1;
}

}  // namespace warpsim
