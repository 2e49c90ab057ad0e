// The PTX executor's memory instructions (ld, st, atom, red) and the instructions that move
// values between lanes or spaces (mov, cvta, shfl, vote, activemask).
#include <cstring>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/PtxCtaState.h"

namespace warpsim::ptx::detail {
namespace {

// Local memory as the timing model sees it: each thread's words interleaved across the lanes
// of its warp, 16 KiB per thread, as GPUs lay out local memory (README).
constexpr std::uint64_t kLocalTimingBase = 0x6000'0000'0000ull;
constexpr std::uint64_t kLocalWordsPerThread = 4096;

std::uint64_t load(const std::uint8_t* p, unsigned bytes, bool sign) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian host
  if (sign && bytes < 8 && ((v >> (8 * bytes - 1)) & 1u)) v |= ~std::uint64_t{0} << (8 * bytes);
  return v;
}

void storeBytes(std::uint8_t* p, unsigned bytes, std::uint64_t v) {
  std::memcpy(p, &v, bytes);
}

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

template <class F>
F asFloat(std::uint64_t bits) {
  F f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
template <class F>
std::uint64_t bitsOf(F f) {
  std::uint64_t b = 0;
  std::memcpy(&b, &f, sizeof f);
  return b;
}

std::int64_t signedOf(std::uint64_t v, unsigned bytes) {
  return static_cast<std::int64_t>(load(reinterpret_cast<const std::uint8_t*>(&v), bytes, true));
}

// PTX ISA 9.7.12.5 atom: the new value from the old one and the operands b (and c for cas).
std::uint64_t atomNew(const Instr& in, std::uint64_t old, std::uint64_t b, std::uint64_t c,
                      const std::string& where) {
  const unsigned n = sizeOf(in.type);
  const bool sgn = isSigned(in.type);
  switch (in.atomOp) {
    case AtomOp::Add:
      if (in.type == Type::F32) return bitsOf(asFloat<float>(old) + asFloat<float>(b));
      if (in.type == Type::F64) return bitsOf(asFloat<double>(old) + asFloat<double>(b));
      return old + b;
    case AtomOp::Min:
      return sgn ? (signedOf(b, n) < signedOf(old, n) ? b : old) : (b < old ? b : old);
    case AtomOp::Max:
      return sgn ? (signedOf(b, n) > signedOf(old, n) ? b : old) : (b > old ? b : old);
    case AtomOp::Exch:
      return b;
    case AtomOp::Cas:
      return old == b ? c : old;
    case AtomOp::And:
      return old & b;
    case AtomOp::Or:
      return old | b;
    case AtomOp::Xor:
      return old ^ b;
    case AtomOp::Inc:
      return old >= b ? 0 : old + 1;
    case AtomOp::Dec:
      return old == 0 || old > b ? b : old - 1;
    case AtomOp::None:
      break;
  }
  throw ConfigError(where + ": atomic operation not supported");
}

}  // namespace

std::uint64_t addressOf(const CtaState& s, const Warp& w, const Operand& o, unsigned lane) {
  const std::uint64_t base =
      o.baseIsSymbol ? s.symbolAddress(w, o.index) : w.regs[s.regValueIndex(w, o.index, lane)];
  return base + static_cast<std::uint64_t>(o.offset);
}

void CtaState::memoryOp(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec) {
  const bool isLoad = in.op == Op::Ld || in.op == Op::Ldu;
  const bool hasDst = isLoad || in.op == Op::Atom;
  const Operand& addrOp = in.ops[hasDst ? 1 : 0];
  const unsigned elem = sizeOf(in.type), vec = in.vecWidth;
  rec.memOp = isLoad ? MemOp::Load : in.op == Op::St ? MemOp::Store : MemOp::Atomic;
  rec.accessSize = static_cast<std::uint8_t>(elem * vec);
  const bool kernelParams =
      in.space == Space::Param &&
      (addrOp.baseIsSymbol
           ? program.module().symbols[addrOp.index].kind == Symbol::Kind::Param &&
                 program.module().functions[program.module().symbols[addrOp.index].function].isEntry
           : w.frames.size() == 1);
  bool first = true;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((exec >> lane) & 1u)) continue;
    const std::uint32_t t = w.index * kWarpSize + lane;
    std::uint64_t a = addressOf(*this, w, addrOp, lane);
    Space space = in.space == Space::None ? Space::Generic : in.space;
    if (space == Space::Generic) {
      if (a - kSharedWindow < kWindowBytes)
        space = Space::Shared, a -= kSharedWindow;
      else if (a - kLocalWindow < kWindowBytes)
        space = Space::Local, a -= kLocalWindow;
      else
        space = Space::Global;
    }
    const std::uint64_t n = std::uint64_t{elem} * vec;
    std::uint8_t* p = nullptr;
    MemSpace timing = MemSpace::Global;
    std::uint64_t timingAddr = a;
    if (space == Space::Param && kernelParams) {
      if (a + n <= launch.params.size()) p = const_cast<std::uint8_t*>(launch.params.data()) + a;
      timing = MemSpace::Constant;
    } else if (space == Space::Param || space == Space::Local) {
      if (a + n <= local[t].size()) p = local[t].data() + a;
      timing = MemSpace::Local;
      timingAddr =
          kLocalTimingBase +
          (((cta * ((threads + 31) / 32) + w.index) * kLocalWordsPerThread + a / 4) * 32 + lane) *
              4 +
          a % 4;
    } else if (space == Space::Shared) {
      if (a + n <= shared.size()) p = shared.data() + a;
      timing = MemSpace::Shared;
    } else {
      p = memory.find(a, n);
      timing = space == Space::Const ? MemSpace::Constant : MemSpace::Global;
    }
    if (!p)
      throw ConfigError(
          where(w, lane, in) + " (pc " +
          std::to_string(&in - program.module().functions[w.frames.back().function].body.data()) +
          "): " + name(space == Space::Const ? Type::None : in.type) + " access of " +
          std::to_string(n) + " bytes at " + hex(a) + " in " +
          (space == Space::Shared  ? "shared memory (" + std::to_string(shared.size()) + " bytes)"
           : space == Space::Local ? std::string("local memory")
           : space == Space::Param ? std::string("the parameters")
                                   : std::string("global memory, outside every allocation")));
    if (first) rec.space = timing, first = false;
    rec.addr[lane] = timingAddr;
    const Operand& data = in.ops[hasDst ? 0 : 1];
    if (isLoad) {
      for (unsigned k = 0; k < vec; ++k) {
        const std::uint64_t v = load(p + k * elem, elem, isSigned(in.type));
        if (data.kind == Operand::Kind::Vec) {
          if (data.vec[k] != Operand::kSink) {
            Operand r;
            r.kind = Operand::Kind::Reg;
            r.index = data.vec[k];
            write(w, r, in.type, lane, v);
          }
        } else {
          write(w, data, in.type, lane, v);
        }
      }
    } else if (in.op == Op::St) {
      for (unsigned k = 0; k < vec; ++k) {
        std::uint64_t v;
        if (data.kind == Operand::Kind::Vec) {
          Operand r;
          r.kind = Operand::Kind::Reg;
          r.index = data.vec[k];
          v = read(w, r, in.type, lane);
        } else {
          v = read(w, data, in.type, lane);
        }
        storeBytes(p + k * elem, elem, v);
      }
    } else {  // atom (ops: d, [a], b, c) or red (ops: [a], b)
      const std::size_t b = hasDst ? 2 : 1;
      const std::uint64_t old = load(p, elem, false);
      const std::uint64_t bv = read(w, in.ops[b], in.type, lane);
      const std::uint64_t cv = in.ops.size() > b + 1 ? read(w, in.ops[b + 1], in.type, lane) : 0;
      storeBytes(p, elem, atomNew(in, old, bv, cv, program.where(in)));
      if (hasDst) write(w, in.ops[0], in.type, lane, old);
    }
  }
}

// PTX ISA 9.7.13.8 match.sync (ops d[|p], a, membermask) and 9.7.13.10 redux.sync (ops d, a,
// membermask): over the executing lanes.
void CtaState::matchOrRedux(Warp& w, const Instr& in, std::uint32_t exec) {
  const std::size_t a = in.numDsts;
  std::array<std::uint64_t, kWarpSize> v{};
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((exec >> lane) & 1u) v[lane] = read(w, in.ops[a], in.type, lane);
  if (in.op == Op::Redux) {
    const unsigned n = sizeOf(in.type);
    bool firstLane = true;
    std::uint64_t r = 0;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!((exec >> lane) & 1u)) continue;
      if (firstLane) {
        r = v[lane], firstLane = false;
        continue;
      }
      r = atomNew(in, r, v[lane], 0, program.where(in));  // the same operations as atom's
    }
    if (n < 8) r &= (std::uint64_t{1} << (8 * n)) - 1;
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if ((exec >> lane) & 1u) write(w, in.ops[0], in.type, lane, r);
    return;
  }
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((exec >> lane) & 1u)) continue;
    std::uint32_t same = 0;
    for (unsigned k = 0; k < kWarpSize; ++k)
      if (((exec >> k) & 1u) && v[k] == v[lane]) same |= 1u << k;
    const bool all = same == exec;
    const std::uint32_t d = in.voteMode == VoteMode::All ? (all ? exec : 0) : same;
    write(w, in.ops[0], Type::B32, lane, d);
    if (in.numDsts == 2) write(w, in.ops[1], Type::Pred, lane, all);
  }
}

void CtaState::warpOp(Warp& w, const Instr& in, std::uint32_t exec) {
  std::array<std::uint64_t, kWarpSize> before{};
  if (in.op == Op::Shfl)  // every lane reads the sources before any writes (PTX ISA 9.7.8.6)
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      before[lane] = read(w, in.ops[in.numDsts], in.type, lane);
  if (in.op == Op::Match || in.op == Op::Redux) {
    matchOrRedux(w, in, exec);
    return;
  }
  std::uint32_t ballot = 0;
  if (in.op == Op::Vote)
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if (((exec >> lane) & 1u) && read(w, in.ops[1], Type::Pred, lane)) ballot |= 1u << lane;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((exec >> lane) & 1u)) continue;
    switch (in.op) {
      case Op::Mov: {
        const Operand& d = in.ops[0];
        const Operand& s = in.ops[1];
        if (d.kind == Operand::Kind::Vec || s.kind == Operand::Kind::Vec) {  // unpack or pack
          const Operand& v = d.kind == Operand::Kind::Vec ? d : s;
          const unsigned part = sizeOf(in.type) * 8 / v.vecCount;
          const std::uint64_t pm = part >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << part) - 1;
          Operand r;
          r.kind = Operand::Kind::Reg;
          if (d.kind == Operand::Kind::Vec) {
            const std::uint64_t x = read(w, s, in.type, lane);
            for (unsigned k = 0; k < v.vecCount; ++k)
              if (v.vec[k] != Operand::kSink) {
                r.index = v.vec[k];
                write(w, r, in.type, lane, (x >> (k * part)) & pm);
              }
          } else {
            std::uint64_t x = 0;
            for (unsigned k = 0; k < v.vecCount; ++k) {
              r.index = v.vec[k];
              x |= (read(w, r, in.type, lane) & pm) << (k * part);
            }
            write(w, d, in.type, lane, x);
          }
        } else {
          write(w, d, in.type, lane, read(w, s, in.type, lane));
        }
        break;
      }
      case Op::Cvta: {  // PTX ISA 9.7.9.17: between a space's addresses and generic ones
        std::uint64_t v = read(w, in.ops[1], Type::U64, lane);
        const std::uint64_t window = in.space == Space::Shared  ? kSharedWindow
                                     : in.space == Space::Local ? kLocalWindow
                                                                : 0;
        if (in.space == Space::Param)
          throw ConfigError(program.where(in) + ": cvta of the parameter space is not supported");
        v = in.cvtaTo ? v - window : v + window;
        write(w, in.ops[0], in.type, lane, v);
        break;
      }
      case Op::Shfl: {  // PTX ISA 9.7.8.6 shfl.sync: ops d, [p], a, b, c, membermask
        const std::size_t s = in.numDsts;
        const std::uint32_t b = static_cast<std::uint32_t>(read(w, in.ops[s + 1], Type::U32, lane));
        const std::uint32_t c = static_cast<std::uint32_t>(read(w, in.ops[s + 2], Type::U32, lane));
        const std::uint32_t segmask = (c >> 8) & 0x1f, cval = c & 0x1f, bval = b & 0x1f;
        const std::uint32_t maxLane = (lane & segmask) | (cval & ~segmask);
        const std::uint32_t minLane = lane & segmask;
        std::int64_t j = lane;
        bool ok = false;
        switch (in.shflMode) {
          case ShflMode::Up:
            j = std::int64_t{lane} - bval, ok = j >= maxLane;
            break;
          case ShflMode::Down:
            j = lane + bval, ok = j <= maxLane;
            break;
          case ShflMode::Bfly:
            j = lane ^ bval, ok = j <= maxLane;
            break;
          case ShflMode::Idx:
            j = minLane | (bval & ~segmask), ok = j <= maxLane;
            break;
          case ShflMode::None:
            break;
        }
        if (!ok) j = lane;
        write(w, in.ops[0], in.type, lane, before[static_cast<unsigned>(j)]);
        if (in.numDsts == 2) write(w, in.ops[1], Type::Pred, lane, ok);
        break;
      }
      case Op::Vote: {  // PTX ISA 9.7.8.7 vote.sync: ops d, a, membermask
        std::uint64_t v = 0;
        switch (in.voteMode) {
          case VoteMode::All:
            v = ballot == exec;
            break;
          case VoteMode::Any:
            v = ballot != 0;
            break;
          case VoteMode::Uni:
            v = ballot == 0 || ballot == exec;
            break;
          case VoteMode::Ballot:
            v = ballot;
            break;
          case VoteMode::None:
            break;
        }
        write(w, in.ops[0], in.voteMode == VoteMode::Ballot ? Type::B32 : Type::Pred, lane, v);
        break;
      }
      case Op::Activemask:
        write(w, in.ops[0], Type::B32, lane, exec);
        break;
      default:
        break;
    }
  }
}

}  // namespace warpsim::ptx::detail
