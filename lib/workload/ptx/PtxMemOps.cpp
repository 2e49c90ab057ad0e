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

// Fixed-size copies, so that the compiler makes them single moves (little-endian host).
template <unsigned N>
std::uint64_t loadN(const std::uint8_t* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, N);
  return v;
}

std::uint64_t load(const std::uint8_t* p, unsigned bytes, bool sign) {
  std::uint64_t v;
  switch (bytes) {
    case 1:
      v = loadN<1>(p);
      break;
    case 2:
      v = loadN<2>(p);
      break;
    case 4:
      v = loadN<4>(p);
      break;
    case 8:
      return loadN<8>(p);
    default:
      v = 0;
      std::memcpy(&v, p, bytes);
  }
  if (sign && bytes < 8 && ((v >> (8 * bytes - 1)) & 1u)) v |= ~std::uint64_t{0} << (8 * bytes);
  return v;
}

void storeBytes(std::uint8_t* p, unsigned bytes, std::uint64_t v) {
  switch (bytes) {
    case 1:
      std::memcpy(p, &v, 1);
      return;
    case 2:
      std::memcpy(p, &v, 2);
      return;
    case 4:
      std::memcpy(p, &v, 4);
      return;
    case 8:
      std::memcpy(p, &v, 8);
      return;
    default:
      std::memcpy(p, &v, bytes);
  }
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

void CtaState::outOfBounds(const Warp& w, unsigned lane, const Instr& in, Space space,
                           std::uint64_t a, std::uint64_t n) const {
  const std::vector<Instr>& body = program.module().functions[w.frames.back().function].body;
  throw ConfigError(
      where(w, lane, in) + " (pc " + std::to_string(&in - body.data()) +
      "): " + name(space == Space::Const ? Type::None : in.type) + " access of " +
      std::to_string(n) + " bytes at " + hex(a) + " in " +
      (space == Space::Shared  ? "shared memory (" + std::to_string(shared.size()) + " bytes)"
       : space == Space::Local ? std::string("local memory")
       : space == Space::Param ? std::string("the parameters")
                               : std::string("global memory, outside every allocation")));
}

namespace {

// plainAccess's lane loop, one instance per space, direction and size.
template <bool kShared, bool kLoad, unsigned kBytes>
void plainLanes(const CtaState& s, GlobalMemory& memory, std::uint32_t exec,
                const std::uint64_t* base, std::uint64_t offset, std::uint64_t* value,
                std::uint64_t mask, bool sign, Addr* addr, std::uint64_t* bad) {
  std::uint8_t* const sharedBytes = const_cast<std::uint8_t*>(s.shared.data());
  const std::uint64_t sharedSize = s.shared.size();
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((exec >> lane) & 1u)) continue;
    const std::uint64_t a = base[lane] + offset;
    std::uint8_t* p =
        kShared ? (a + kBytes <= sharedSize ? sharedBytes + a : nullptr) : memory.find(a, kBytes);
    if (!p) {
      *bad = lane;
      return;
    }
    addr[lane] = a;
    if (kLoad) {
      std::uint64_t v = loadN<kBytes>(p);
      if (kBytes == 4 && sign && (v >> 31)) v |= ~std::uint64_t{0} << 32;
      value[lane] = mask == 0 ? (v != 0) : (v & mask);
    } else {
      std::memcpy(p, &value[lane], kBytes);
    }
  }
}

}  // namespace

// The common case in tight loops: a scalar ld or st of 4 or 8 bytes, in shared or global
// memory named by the instruction, its data in a register.
bool CtaState::plainAccess(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec) {
  const bool isLoad = in.op == Op::Ld;
  const unsigned elem = sizeOf(in.type);
  const Operand& addrOp = in.ops[isLoad ? 1 : 0];
  const Operand& data = in.ops[isLoad ? 0 : 1];
  if ((!isLoad && in.op != Op::St) || in.vecWidth != 1 || (elem != 4 && elem != 8) ||
      (in.space != Space::Shared && in.space != Space::Global) || addrOp.baseIsSymbol ||
      data.kind != Operand::Kind::Reg || data.negated)
    return false;
  std::uint64_t* regs = w.regs.data() + w.frames.back().regOffset;
  const std::uint64_t* base = regs + std::size_t{addrOp.index} * kWarpSize;
  std::uint64_t* value = regs + std::size_t{data.index} * kWarpSize;
  const std::uint64_t m = program.layout(w.frames.back().function).regMask[data.index];
  const std::uint64_t offset = static_cast<std::uint64_t>(addrOp.offset);
  const bool sharedSpace = in.space == Space::Shared, sign = isSigned(in.type);
  rec.memOp = isLoad ? MemOp::Load : MemOp::Store;
  rec.accessSize = static_cast<std::uint8_t>(elem);
  rec.space = sharedSpace ? MemSpace::Shared : MemSpace::Global;
  const unsigned kind = (sharedSpace ? 4 : 0) + (isLoad ? 2 : 0) + (elem == 8 ? 1 : 0);
  std::uint64_t bad = kWarpSize;
  auto* const lanes = std::array{&plainLanes<false, false, 4>, &plainLanes<false, false, 8>,
                                 &plainLanes<false, true, 4>,  &plainLanes<false, true, 8>,
                                 &plainLanes<true, false, 4>,  &plainLanes<true, false, 8>,
                                 &plainLanes<true, true, 4>,   &plainLanes<true, true, 8>}[kind];
  lanes(*this, memory, exec, base, offset, value, m, sign, rec.addr.data(), &bad);
  if (bad < kWarpSize) {
    const auto lane = static_cast<unsigned>(bad);
    outOfBounds(w, lane, in, in.space, base[lane] + offset, elem);
  }
  return true;
}

// A scalar load from an address every lane shares (a kernel parameter, a module variable): read
// once, written to every lane.
bool CtaState::uniformLoad(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec) {
  const Operand& addrOp = in.ops[1];
  const Operand& data = in.ops[0];
  if ((in.op != Op::Ld && in.op != Op::Ldu) || in.vecWidth != 1 || !addrOp.baseIsSymbol ||
      data.kind != Operand::Kind::Reg)
    return false;
  const Symbol& sym = program.module().symbols[addrOp.index];
  const bool kernelParam = in.space == Space::Param && sym.kind == Symbol::Kind::Param &&
                           program.module().functions[sym.function].isEntry;
  if (!kernelParam && in.space != Space::Const && in.space != Space::Global) return false;
  const unsigned n = sizeOf(in.type);
  const std::uint64_t a =
      symbolAddress(w, addrOp.index) + static_cast<std::uint64_t>(addrOp.offset);
  const std::uint8_t* p = kernelParam
                              ? (a + n <= launch.params.size() ? launch.params.data() + a : nullptr)
                              : memory.find(a, n);
  if (!p) outOfBounds(w, static_cast<unsigned>(__builtin_ctz(exec)), in, in.space, a, n);
  const std::uint64_t v = load(p, n, isSigned(in.type));
  const std::uint64_t m = program.layout(w.frames.back().function).regMask[data.index];
  std::uint64_t* value =
      w.regs.data() + w.frames.back().regOffset + std::size_t{data.index} * kWarpSize;
  rec.memOp = MemOp::Load;
  rec.accessSize = static_cast<std::uint8_t>(n);
  rec.space = in.space == Space::Global ? MemSpace::Global : MemSpace::Constant;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((exec >> lane) & 1u) {
      value[lane] = m == 0 ? (v != 0) : (v & m);
      rec.addr[lane] = a;
    }
  return true;
}

void CtaState::memoryOp(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec) {
  if (plainAccess(w, in, exec, rec) || uniformLoad(w, in, exec, rec)) return;
  const bool isLoad = in.op == Op::Ld || in.op == Op::Ldu;
  const bool hasDst = isLoad || in.op == Op::Atom;
  const Operand& addrOp = in.ops[hasDst ? 1 : 0];
  const Operand& data = in.ops[hasDst ? 0 : 1];
  const unsigned elem = sizeOf(in.type), vec = in.vecWidth;
  const bool sign = isSigned(in.type);
  rec.memOp = isLoad ? MemOp::Load : in.op == Op::St ? MemOp::Store : MemOp::Atomic;
  rec.accessSize = static_cast<std::uint8_t>(elem * vec);
  const bool kernelParams =
      in.space == Space::Param &&
      (addrOp.baseIsSymbol
           ? program.module().symbols[addrOp.index].kind == Symbol::Kind::Param &&
                 program.module().functions[program.module().symbols[addrOp.index].function].isEntry
           : w.frames.size() == 1);
  // Registers in place (a register's 32 lanes side by side): the address base, and ld/st's
  // data registers (kSink: none).
  std::uint64_t* regs = w.regs.data() + w.frames.back().regOffset;
  const std::vector<std::uint64_t>& regMask = program.layout(w.frames.back().function).regMask;
  const std::uint64_t* addrBase = nullptr;
  std::uint64_t symbolBase = 0;
  if (addrOp.baseIsSymbol)
    symbolBase = symbolAddress(w, addrOp.index);
  else
    addrBase = regs + std::size_t{addrOp.index} * kWarpSize;
  std::array<std::uint32_t, 4> dataReg{Operand::kSink, Operand::kSink, Operand::kSink,
                                       Operand::kSink};
  if (data.kind == Operand::Kind::Vec)
    for (unsigned k = 0; k < vec; ++k) dataReg[k] = data.vec[k];
  else if (data.kind == Operand::Kind::Reg && !data.negated)
    dataReg[0] = data.index;
  const std::uint64_t n = std::uint64_t{elem} * vec;
  bool first = true;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((exec >> lane) & 1u)) continue;
    const std::uint32_t t = w.index * kWarpSize + lane;
    std::uint64_t a =
        (addrBase ? addrBase[lane] : symbolBase) + static_cast<std::uint64_t>(addrOp.offset);
    Space space = in.space == Space::None ? Space::Generic : in.space;
    if (space == Space::Generic) {
      if (a - kSharedWindow < kWindowBytes)
        space = Space::Shared, a -= kSharedWindow;
      else if (a - kLocalWindow < kWindowBytes)
        space = Space::Local, a -= kLocalWindow;
      else
        space = Space::Global;
    }
    std::uint8_t* p = nullptr;
    MemSpace timing = MemSpace::Global;
    std::uint64_t timingAddr = a;
    if (space == Space::Shared) {
      if (a + n <= shared.size()) p = shared.data() + a;
      timing = MemSpace::Shared;
    } else if (space == Space::Param && kernelParams) {
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
    } else {
      p = memory.find(a, n);
      timing = space == Space::Const ? MemSpace::Constant : MemSpace::Global;
    }
    if (!p) outOfBounds(w, lane, in, space, a, n);
    if (first) rec.space = timing, first = false;
    rec.addr[lane] = timingAddr;
    if (isLoad) {
      for (unsigned k = 0; k < vec; ++k) {
        const std::uint32_t r = dataReg[k];
        if (r == Operand::kSink) continue;
        const std::uint64_t v = load(p + k * elem, elem, sign);
        const std::uint64_t m = regMask[r];
        regs[std::size_t{r} * kWarpSize + lane] = m == 0 ? (v != 0) : (v & m);
      }
    } else if (in.op == Op::St) {
      for (unsigned k = 0; k < vec; ++k) {
        const std::uint32_t r = dataReg[k];
        const std::uint64_t v = r != Operand::kSink ? regs[std::size_t{r} * kWarpSize + lane]
                                                    : read(w, data, in.type, lane);
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
