#include "warpsim/workload/trace/CtaCodec.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace warpsim::trace {
namespace {

constexpr std::size_t kInstBytes = 23;
constexpr std::size_t kMaxVarint = 10;

std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int64_t unzigzag(std::uint64_t v) {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

std::uint8_t* putVarint(std::uint8_t* p, std::uint64_t v) {
  while (v >= 0x80) {
    *p++ = static_cast<std::uint8_t>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<std::uint8_t>(v);
  return p;
}

// False if the bytes end first or the value runs past 64 bits.
bool getVarint(const std::uint8_t*& p, const std::uint8_t* end, std::uint64_t& v) {
  v = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    if (p == end) return false;
    const std::uint8_t b = *p++;
    v |= std::uint64_t{b & 0x7fu} << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}

std::uint8_t* put32(std::uint8_t* p, std::uint32_t v) {
  std::memcpy(p, &v, 4);
  return p + 4;
}
std::uint32_t get32(const std::uint8_t*& p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  p += 4;
  return v;
}

constexpr std::uint8_t kStrided = 0;  // lane tag: a constant stride follows

template <class T>
bool fits(std::int64_t lo, std::int64_t hi) {
  return lo >= std::numeric_limits<T>::min() && hi <= std::numeric_limits<T>::max();
}

// The differences a[k] - a[k - 1], k = 1..n-1, each in sizeof(T) bytes (they fit); returns past
// them.
template <class T>
std::uint8_t* putDiffs(std::uint8_t* p, const Addr* a, unsigned n) {
  for (unsigned k = 1; k < n; ++k, p += sizeof(T)) {
    const auto d = static_cast<T>(static_cast<std::int64_t>(a[k] - a[k - 1]));
    std::memcpy(p, &d, sizeof(T));
  }
  return p;
}

// a[k] = a[k - 1] + the k-th difference of width sizeof(T), k = 1..n-1; returns past them.
template <class T>
const std::uint8_t* addDiffs(const std::uint8_t* p, Addr* a, unsigned n) {
  for (unsigned k = 1; k < n; ++k, p += sizeof(T)) {
    T d;
    std::memcpy(&d, p, sizeof(T));
    a[k] = a[k - 1] + static_cast<Addr>(static_cast<std::int64_t>(d));
  }
  return p;
}

unsigned lanes(std::uint32_t mask) {
  return static_cast<unsigned>(__builtin_popcount(mask));
}

}  // namespace

std::size_t encodedBound(const CtaTrace& cta) {
  // A memory instruction: its first address's difference, then at most 8 bytes per further lane
  // (that also covers a tag and a stride).
  return 12 + cta.warps.size() * 8 + cta.insts.size() * (kInstBytes + kMaxVarint) +
         cta.addrs.size() * 8;
}

std::size_t encodeCta(const CtaTrace& cta, std::uint8_t* out) {
  std::uint8_t* p = out;
  p = put32(p, static_cast<std::uint32_t>(cta.warps.size()));
  p = put32(p, static_cast<std::uint32_t>(cta.insts.size()));
  p = put32(p, static_cast<std::uint32_t>(cta.addrs.size()));
  for (const CtaTrace::Range& w : cta.warps) p = put32(put32(p, w.begin), w.end);
  for (const TraceInst& t : cta.insts) {
    p = put32(put32(p, t.pc), t.mask);
    std::memcpy(p, &t.dst, 2);
    std::memcpy(p + 2, t.src.data(), 8);
    p[10] = static_cast<std::uint8_t>(t.op);
    p[11] = static_cast<std::uint8_t>(t.space);
    p[12] = static_cast<std::uint8_t>(t.memOp);
    p[13] = t.accessSize;
    p[14] = t.last;
    p += kInstBytes - 8;
  }
  // Each memory instruction's lanes: the first as a difference from the previous instruction's
  // first; then, with 2 or more lanes, a tag: kStrided and the stride, or the width in bytes
  // of the differences between neighbouring lanes (1, 2, 4 or 8) and those differences.
  Addr prevFirst = 0;
  for (const TraceInst& t : cta.insts) {
    if (t.op != OpClass::Mem) continue;
    const unsigned n = lanes(t.mask);
    if (n == 0) continue;
    const Addr* a = cta.addrs.data() + t.addrIndex;
    p = putVarint(p, zigzag(static_cast<std::int64_t>(a[0] - prevFirst)));
    prevFirst = a[0];
    if (n == 1) continue;
    const auto stride = static_cast<std::int64_t>(a[1] - a[0]);
    bool strided = true;
    std::int64_t lo = stride, hi = stride;
    for (unsigned k = 2; k < n; ++k) {
      const auto d = static_cast<std::int64_t>(a[k] - a[k - 1]);
      strided &= d == stride;
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
    if (strided) {
      *p++ = kStrided;
      p = putVarint(p, zigzag(stride));
      continue;
    }
    const std::uint8_t width = fits<std::int8_t>(lo, hi)    ? 1
                               : fits<std::int16_t>(lo, hi) ? 2
                               : fits<std::int32_t>(lo, hi) ? 4
                                                            : 8;
    *p++ = width;
    switch (width) {
      case 1:
        p = putDiffs<std::int8_t>(p, a, n);
        break;
      case 2:
        p = putDiffs<std::int16_t>(p, a, n);
        break;
      case 4:
        p = putDiffs<std::int32_t>(p, a, n);
        break;
      default:
        p = putDiffs<std::int64_t>(p, a, n);
        break;
    }
  }
  return static_cast<std::size_t>(p - out);
}

bool decodeCta(const std::uint8_t* bytes, std::size_t n, CtaTrace& out) {
  const std::uint8_t* p = bytes;
  const std::uint8_t* const end = bytes + n;
  if (n < 12) return false;
  const std::uint32_t warps = get32(p), insts = get32(p), addrs = get32(p);
  if (std::uint64_t{warps} * 8 + std::uint64_t{insts} * kInstBytes >
      static_cast<std::uint64_t>(end - p))
    return false;
  out.warps.resize(warps);
  for (CtaTrace::Range& w : out.warps) {
    w.begin = get32(p);
    w.end = get32(p);
    if (w.begin > w.end || w.end > insts) return false;
  }
  out.insts.resize(insts);
  std::uint64_t addrIndex = 0;
  for (TraceInst& t : out.insts) {
    t.pc = get32(p);
    t.mask = get32(p);
    std::memcpy(&t.dst, p, 2);
    std::memcpy(t.src.data(), p + 2, 8);
    if (p[10] > static_cast<std::uint8_t>(OpClass::Fence) ||
        p[11] > static_cast<std::uint8_t>(MemSpace::Generic) ||
        p[12] > static_cast<std::uint8_t>(MemOp::Atomic) || p[14] > 1)
      return false;
    t.op = static_cast<OpClass>(p[10]);
    t.space = static_cast<MemSpace>(p[11]);
    t.memOp = static_cast<MemOp>(p[12]);
    t.accessSize = p[13];
    t.last = p[14] != 0;
    t.addrIndex = 0;
    if (t.op == OpClass::Mem) {
      t.addrIndex = static_cast<std::uint32_t>(addrIndex);
      addrIndex += lanes(t.mask);
    }
    p += kInstBytes - 8;
  }
  if (addrIndex != addrs) return false;
  out.addrs.resize(addrs);
  Addr prevFirst = 0;
  std::uint64_t v = 0;
  for (const TraceInst& t : out.insts) {
    if (t.op != OpClass::Mem) continue;
    const unsigned lanesHere = lanes(t.mask);
    if (lanesHere == 0) continue;
    Addr* a = out.addrs.data() + t.addrIndex;
    if (!getVarint(p, end, v)) return false;
    a[0] = prevFirst += static_cast<Addr>(unzigzag(v));
    if (lanesHere == 1) continue;
    if (p == end) return false;
    const std::uint8_t tag = *p++;
    if (tag == kStrided) {
      if (!getVarint(p, end, v)) return false;
      const auto stride = static_cast<Addr>(unzigzag(v));
      for (unsigned k = 1; k < lanesHere; ++k) a[k] = a[k - 1] + stride;
      continue;
    }
    if (tag != 1 && tag != 2 && tag != 4 && tag != 8) return false;
    if (static_cast<std::size_t>(end - p) < std::size_t{tag} * (lanesHere - 1)) return false;
    switch (tag) {
      case 1:
        p = addDiffs<std::int8_t>(p, a, lanesHere);
        break;
      case 2:
        p = addDiffs<std::int16_t>(p, a, lanesHere);
        break;
      case 4:
        p = addDiffs<std::int32_t>(p, a, lanesHere);
        break;
      default:
        p = addDiffs<std::int64_t>(p, a, lanesHere);
        break;
    }
  }
  return p == end;
}

}  // namespace warpsim::trace
