#include "warpsim/lsu/Coalescer.h"

#include <algorithm>
#include <array>

namespace warpsim {
namespace {

// The lines found so far, for touch(): the newest line first (neighbouring lanes usually share
// one), then a scan while there are few, then a small hash index once an uncoalesced access has
// spread over many (one line per lane would otherwise cost 496 comparisons).
class LineSet {
 public:
  explicit LineSet(CoalescedAccess& out) : out_(out) {}

  void touch(Addr line, std::uint32_t sectors) {
    const std::uint32_t n = out_.count;
    if (n && out_.lines[n - 1].lineAddr == line) {
      out_.lines[n - 1].sectorMask |= sectors;
      return;
    }
    const std::uint32_t i = n < kScanUpTo ? scan(line) : lookup(line);
    if (i != kAbsent) {
      out_.lines[i].sectorMask |= sectors;
      return;
    }
    out_.lines[out_.count++] = LineAccess{line, sectors};
    if (out_.count == kScanUpTo) {  // from now on, through the index
      slots_.fill(kAbsent8);
      for (std::uint32_t k = 0; k < out_.count; ++k) insert(k);
    } else if (out_.count > kScanUpTo) {
      insert(out_.count - 1);
    }
  }

 private:
  static constexpr std::uint32_t kScanUpTo = 8, kAbsent = ~0u, kSlots = 128;
  static constexpr std::uint8_t kAbsent8 = 0xff;
  static std::uint32_t home(Addr line) {
    return static_cast<std::uint32_t>((line * 0x9E3779B97F4A7C15ull) >> 57);  // 7 bits
  }
  std::uint32_t scan(Addr line) const {
    for (std::uint32_t i = 0; i < out_.count; ++i)
      if (out_.lines[i].lineAddr == line) return i;
    return kAbsent;
  }
  std::uint32_t lookup(Addr line) const {
    for (std::uint32_t s = home(line); slots_[s] != kAbsent8; s = (s + 1) % kSlots)
      if (out_.lines[slots_[s]].lineAddr == line) return slots_[s];
    return kAbsent;
  }
  void insert(std::uint32_t k) {
    std::uint32_t s = home(out_.lines[k].lineAddr);
    while (slots_[s] != kAbsent8) s = (s + 1) % kSlots;
    slots_[s] = static_cast<std::uint8_t>(k);
  }

  CoalescedAccess& out_;
  std::array<std::uint8_t, kSlots> slots_;  // at most 64 lines: a warp, each lane on two
};

// The 32 B sectors of `line` that bytes first..last touch. The shifts are kept below 32, so a
// lane outside the line (which coalesceOneLine computes and then discards) gives bits, not
// undefined behaviour; a line holds at most 8 sectors.
std::uint32_t sectorsOf(Addr first, Addr last, Addr line) {
  const auto lo = static_cast<std::uint32_t>((first - line) / 32) & 31;
  const auto hi = static_cast<std::uint32_t>((last - line) / 32) & 31;
  return ((2u << hi) - 1) & ~((1u << lo) - 1);
}

// Whether every active lane's address is `a` (a broadcast, as constant memory is mostly read).
bool broadcast(const WarpInst& in, Addr a) {
  Addr differs = 0;
  if (in.activeMask == ~0u) {  // the usual case: no lane to skip, and the loop vectorises
    for (unsigned lane = 0; lane < kWarpSize; ++lane) differs |= in.addr[lane] ^ a;
  } else {
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      differs |= (in.addr[lane] ^ a) & (Addr{0} - (in.activeMask >> lane & 1u));
  }
  return differs == 0;
}

// The common case first: every active lane within the first one's line (a coalesced access),
// found without branches per lane; the sector bits are only kept when that holds.
bool coalesceOneLine(const WarpInst& in, std::uint32_t lineSize, unsigned size,
                     CoalescedAccess& out) {
  const Addr mask = ~Addr{lineSize - 1};
  const Addr firstLane = in.addr[__builtin_ctz(in.activeMask)];
  const Addr line = firstLane & mask;
  const Addr lastLane = in.addr[31 - __builtin_clz(in.activeMask)];
  if (((lastLane + size - 1) & mask) != line) return false;  // spread out: no need to look
  if (firstLane == lastLane && broadcast(in, firstLane)) {   // every lane reads the same bytes
    out.lines[0] = LineAccess{line, sectorsOf(firstLane, firstLane + size - 1, line)};
    out.count = 1;
    return true;
  }
  Addr outside = 0;
  std::uint32_t sectors = 0;
  if (in.activeMask == ~0u && size <= 32) {
    // Every lane active, each access within two neighbouring sectors: a lane's sectors are
    // those of its first and last byte, and no lane is masked out. Its first byte is in the
    // line when its address agrees with the line's above the offset, its last when the
    // offset plus size - 1 stays below the line size (mask's bits, checked after the loop).
    const auto base = static_cast<std::uint32_t>(line);
    const auto beyond = static_cast<std::uint32_t>(mask);
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const Addr first = in.addr[lane];
      const std::uint32_t off = static_cast<std::uint32_t>(first) - base, end = off + size - 1;
      outside |= (first ^ line) | (end & beyond);
      sectors |= (1u << (off / 32 & 31)) | (1u << (end / 32 & 31));
    }
    outside &= mask;
  } else {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const Addr active = Addr{0} - (in.activeMask >> lane & 1u);  // all ones if active
      const Addr first = in.addr[lane], last = first + size - 1;
      outside |= ((first & mask) ^ line) & active;
      outside |= ((last & mask) ^ line) & active;
      sectors |= sectorsOf(first, last, line) & static_cast<std::uint32_t>(active);
    }
  }
  if (outside) return false;
  out.lines[0] = LineAccess{line, sectors};
  out.count = 1;
  return true;
}

constexpr unsigned kHalf = kWarpSize / 2;  // lanes in a half-warp

// A half-warp whose addresses step by the same 0 to 32 bytes from lane to lane (a unit stride, a
// row segment of a tile): no gap between two lanes' bytes holds a whole sector, so its sectors
// are every one from its first byte's to its last byte's, counted from `line` (the caller has
// checked that the last byte lies below two lines from it). The check has no branch per lane.
bool arithmeticSectors(const Addr* a, Addr line, unsigned size, std::uint32_t& sectors) {
  const Addr stride = a[1] - a[0];  // a descending one wraps: above 32
  Addr differs = 0;
  for (unsigned i = 1; i < kHalf; ++i) differs |= (a[i] - a[i - 1]) ^ stride;
  if (differs != 0 || stride > 32) return false;
  sectors = sectorsOf(a[0], a[kHalf - 1] + size - 1, line);
  return true;
}

// Every lane active, each access within two neighbouring sectors (as above), and each half-warp
// within its first lane's line and the next: an unaligned unit stride, or two row segments of a
// 2D block. A lane's offset from its half's first line is then below twice the line size, and
// its sector bits, counted across both lines, split into that line's (low) and the next's
// (high). Lines are emitted half by half, each half's first line first: first-touch order.
bool coalesceHalves(const WarpInst& in, std::uint32_t lineSize, unsigned size,
                    CoalescedAccess& out) {
  const Addr mask = ~Addr{lineSize - 1};
  const Addr beyond = ~(2 * Addr{lineSize} - 1);
  Addr line[2], outside = 0;
  for (unsigned h = 0; h < 2; ++h) {  // a half's last lane beyond the two lines: spread out
    line[h] = in.addr[h * kHalf] & mask;
    if ((in.addr[h * kHalf + kHalf - 1] + size - 1 - line[h]) & beyond) return false;
  }
  std::uint32_t sectors[2] = {0, 0};  // at most 2 x 16 sectors: lineSize is at most 512
  for (unsigned h = 0; h < 2; ++h) {
    if (arithmeticSectors(&in.addr[h * kHalf], line[h], size, sectors[h])) continue;
    for (unsigned lane = h * kHalf; lane < (h + 1) * kHalf; ++lane) {
      const Addr off = in.addr[lane] - line[h], end = off + size - 1;  // below line[h]: wraps
      outside |= (off | end) & beyond;
      const auto o = static_cast<std::uint32_t>(off), e = static_cast<std::uint32_t>(end);
      sectors[h] |= (1u << (o / 32 & 31)) | (1u << (e / 32 & 31));
    }
  }
  if (outside) return false;
  const unsigned perLine = lineSize / 32;
  LineSet lines(out);  // out.count is 0: coalesce() cleared it
  for (unsigned h = 0; h < 2; ++h) {
    lines.touch(line[h], sectors[h] & ((1u << perLine) - 1));  // never empty: lane h * kHalf
    if (const std::uint32_t next = sectors[h] >> perLine) lines.touch(line[h] + lineSize, next);
  }
  return true;
}

// Whether the active lanes' words fall in distinct banks, one word each (a broadcast, a unit
// stride, a few rows of a tile), because they lie within one aligned row of `banks` words (the
// usual case, tested without branches per lane) or within a window narrower than `banks`.
bool oneWordPerBank(const WarpInst& in, std::uint32_t banks) {
  if (in.activeMask == ~std::uint32_t{0} && (banks & (banks - 1)) == 0) {
    const Addr row = ~(Addr{banks} * 4 - 1), first = in.addr[0];
    Addr differs = 0;
    for (const Addr a : in.addr) differs |= (a ^ first) & row;
    if (differs == 0) return true;
  }
  Addr lo = ~Addr{0}, hi = 0;  // the window of the addresses, then of the words (same order)
  for (std::uint32_t m = in.activeMask; m != 0; m &= m - 1) {
    lo = std::min(lo, in.addr[__builtin_ctz(m)]);
    hi = std::max(hi, in.addr[__builtin_ctz(m)]);
  }
  return hi / 4 - lo / 4 < banks;
}

}  // namespace

void coalesce(const WarpInst& in, std::uint32_t lineSize, CoalescedAccess& out) {
  out.count = 0;
  const unsigned size = in.accessSize ? in.accessSize : 1;
  if (in.activeMask == 0 || coalesceOneLine(in, lineSize, size, out)) return;
  if (in.activeMask == ~0u && size <= 32 && lineSize >= 32 && lineSize <= 512 &&
      coalesceHalves(in, lineSize, size, out))
    return;
  LineSet lines(out);
  const Addr mask = ~Addr{lineSize - 1};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!(in.activeMask >> lane & 1u)) continue;
    const Addr first = in.addr[lane];
    const Addr last = first + size - 1;
    const Addr lineA = first & mask, lineB = last & mask;
    if (lineA == lineB) {
      lines.touch(lineA, sectorsOf(first, last, lineA));
    } else {
      lines.touch(lineA, sectorsOf(first, lineA + lineSize - 1, lineA));
      lines.touch(lineB, sectorsOf(lineB, last, lineB));
    }
  }
}

std::uint32_t sharedConflictDegree(const WarpInst& in, std::uint32_t banks) {
  if (in.activeMask == 0 || oneWordPerBank(in, banks)) return 1;
  // Otherwise the distinct words of each bank, as chains through the lanes (no lane pairs compared
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
