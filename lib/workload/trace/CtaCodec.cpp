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
  return 8 + cta.warps.size() * 16 + cta.insts.size() * (kInstBytes + kMaxVarint) +
         cta.addrs.size() * 8;
}

std::size_t encodeCta(const CtaTrace& cta, std::uint8_t* out) {
  std::uint8_t* p = out;
  p = put32(p, static_cast<std::uint32_t>(cta.warps.size()));
  p = put32(p, static_cast<std::uint32_t>(cta.insts.size()));
  std::uint8_t* warpTable = p;
  p += cta.warps.size() * 16;
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
  const std::uint8_t* const area = p;
  for (const CtaTrace::Range& w : cta.warps) {
    const auto addrBegin = static_cast<std::uint32_t>(p - area);
    Addr prevFirst = 0;
    for (std::uint32_t i = w.begin; i < w.end; ++i) {
      const TraceInst& t = cta.insts[i];
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
    warpTable = put32(put32(warpTable, w.begin), w.end);
    warpTable = put32(put32(warpTable, addrBegin), static_cast<std::uint32_t>(p - area));
  }
  return static_cast<std::size_t>(p - out);
}

std::uint32_t encodedWarps(const std::uint8_t* bytes, std::size_t n) {
  if (n < 8) return 0;
  const std::uint8_t* p = bytes;
  const std::uint32_t warps = get32(p), insts = get32(p);
  const std::uint64_t fixed = 8 + std::uint64_t{warps} * 16 + std::uint64_t{insts} * kInstBytes;
  return fixed <= n ? warps : 0;
}

bool WarpReader::open(const std::uint8_t* bytes, std::size_t n, std::uint32_t warp) {
  const std::uint32_t warps = encodedWarps(bytes, n);
  if (warp >= warps) return false;
  const std::uint8_t* p = bytes + 4;
  const std::uint32_t insts = get32(p);
  p = bytes + 8 + std::size_t{warp} * 16;
  const std::uint32_t begin = get32(p), end = get32(p), addrBegin = get32(p), addrEnd = get32(p);
  const std::uint8_t* const instArea = bytes + 8 + std::size_t{warps} * 16;
  const std::uint8_t* const addrArea = instArea + std::size_t{insts} * kInstBytes;
  if (begin > end || end > insts || addrBegin > addrEnd ||
      addrEnd > static_cast<std::size_t>(bytes + n - addrArea))
    return false;
  inst_ = instArea + std::size_t{begin} * kInstBytes;
  instEnd_ = instArea + std::size_t{end} * kInstBytes;
  addr_ = addrArea + addrBegin;
  addrEnd_ = addrArea + addrEnd;
  prevFirst_ = 0;
  return true;
}

WarpReader::Step WarpReader::next(TraceInst& t, Addr* a) {
  if (inst_ == instEnd_) return addr_ == addrEnd_ ? Step::End : Step::Damaged;
  const std::uint8_t* p = inst_;
  t.pc = get32(p);
  t.mask = get32(p);
  std::memcpy(&t.dst, p, 2);
  std::memcpy(t.src.data(), p + 2, 8);
  if (p[10] > static_cast<std::uint8_t>(OpClass::Fence) ||
      p[11] > static_cast<std::uint8_t>(MemSpace::Generic) ||
      p[12] > static_cast<std::uint8_t>(MemOp::Atomic) || p[14] > 1)
    return Step::Damaged;
  t.op = static_cast<OpClass>(p[10]);
  t.space = static_cast<MemSpace>(p[11]);
  t.memOp = static_cast<MemOp>(p[12]);
  t.accessSize = p[13];
  t.last = p[14] != 0;
  t.addrIndex = 0;
  inst_ += kInstBytes;
  if (t.op != OpClass::Mem) return Step::Inst;
  const unsigned n = lanes(t.mask);
  if (n == 0) return Step::Inst;
  std::uint64_t v = 0;
  if (!getVarint(addr_, addrEnd_, v)) return Step::Damaged;
  a[0] = prevFirst_ += static_cast<Addr>(unzigzag(v));
  if (n == 1) return Step::Inst;
  if (addr_ == addrEnd_) return Step::Damaged;
  const std::uint8_t tag = *addr_++;
  if (tag == kStrided) {
    if (!getVarint(addr_, addrEnd_, v)) return Step::Damaged;
    const auto stride = static_cast<Addr>(unzigzag(v));
    for (unsigned k = 1; k < n; ++k) a[k] = a[k - 1] + stride;
    return Step::Inst;
  }
  if (tag != 1 && tag != 2 && tag != 4 && tag != 8) return Step::Damaged;
  if (static_cast<std::size_t>(addrEnd_ - addr_) < std::size_t{tag} * (n - 1)) return Step::Damaged;
  switch (tag) {
    case 1:
      addr_ = addDiffs<std::int8_t>(addr_, a, n);
      break;
    case 2:
      addr_ = addDiffs<std::int16_t>(addr_, a, n);
      break;
    case 4:
      addr_ = addDiffs<std::int32_t>(addr_, a, n);
      break;
    default:
      addr_ = addDiffs<std::int64_t>(addr_, a, n);
      break;
  }
  return Step::Inst;
}

bool decodeCta(const std::uint8_t* bytes, std::size_t n, CtaTrace& out) {
  const std::uint32_t warps = encodedWarps(bytes, n);
  if (warps == 0 && n != 8) return false;  // 8 bytes: a block of no warps
  out.insts.clear();
  out.addrs.clear();
  out.warps.assign(warps, {});
  std::uint64_t instBytes = 0, addrBytes = 0;
  Addr lanesHere[kWarpSize];
  for (std::uint32_t w = 0; w < warps; ++w) {
    WarpReader r;
    if (!r.open(bytes, n, w)) return false;
    out.warps[w].begin = static_cast<std::uint32_t>(out.insts.size());
    TraceInst t;
    WarpReader::Step s;
    while ((s = r.next(t, lanesHere)) == WarpReader::Step::Inst) {
      if (t.op == OpClass::Mem) {
        t.addrIndex = static_cast<std::uint32_t>(out.addrs.size());
        out.addrs.insert(out.addrs.end(), lanesHere, lanesHere + lanes(t.mask));
      }
      out.insts.push_back(t);
    }
    if (s == WarpReader::Step::Damaged) return false;
    out.warps[w].end = static_cast<std::uint32_t>(out.insts.size());
    const std::uint8_t* p = bytes + 8 + std::size_t{w} * 16;
    const std::uint32_t begin = get32(p), end = get32(p), addrBegin = get32(p), addrEnd = get32(p);
    instBytes += std::uint64_t{end - begin} * kInstBytes;
    addrBytes += addrEnd - addrBegin;
  }
  // Nothing left over.
  const std::uint8_t* p = bytes + 4;
  const std::uint32_t insts = get32(p);
  return instBytes == std::uint64_t{insts} * kInstBytes &&
         8 + std::uint64_t{warps} * 16 + instBytes + addrBytes == n;
}

}  // namespace warpsim::trace
