// The registers a kernel needs, estimated from its PTX (lib/workload/ptx/README.md, "Registers
// for occupancy"): the most 32-bit words live at one point, from a backward liveness analysis
// over the control-flow graph, which is what any register allocator must at least provide.
#include "warpsim/workload/ptx/PtxRegisters.h"

#include <algorithm>

#include "warpsim/workload/ptx/PtxCfg.h"

namespace warpsim::ptx {
namespace {

// One bit per register of the function.
class RegSet {
 public:
  explicit RegSet(std::size_t n) : bits_((n + 63) / 64, 0) {}
  bool test(std::uint32_t r) const { return (bits_[r / 64] >> (r % 64)) & 1u; }
  void set(std::uint32_t r) { bits_[r / 64] |= std::uint64_t{1} << (r % 64); }
  void reset(std::uint32_t r) { bits_[r / 64] &= ~(std::uint64_t{1} << (r % 64)); }
  // this |= o; true when that added a bit.
  bool merge(const RegSet& o) {
    bool grew = false;
    for (std::size_t i = 0; i < bits_.size(); ++i) {
      const std::uint64_t next = bits_[i] | o.bits_[i];
      grew |= next != bits_[i];
      bits_[i] = next;
    }
    return grew;
  }

 private:
  std::vector<std::uint64_t> bits_;
};

// What an instruction reads and writes, as register indices (predicates left out: they live in
// their own registers).
struct UseDef {
  std::vector<std::uint32_t> uses, defs;
};

UseDef useDef(const Function& f, const Instr& in) {
  UseDef u;
  auto add = [&f](std::vector<std::uint32_t>& to, std::uint32_t r) {
    if (r != Operand::kSink && r < f.regs.size() && f.regs[r].type != Type::Pred) to.push_back(r);
  };
  for (std::size_t i = 0; i < in.ops.size(); ++i) {
    const Operand& op = in.ops[i];
    const bool dst = i < in.numDsts;
    if (op.kind == Operand::Kind::Reg) add(dst ? u.defs : u.uses, op.index);
    if (op.kind == Operand::Kind::Addr && !op.baseIsSymbol) add(u.uses, op.index);
    if (op.kind == Operand::Kind::Vec)
      for (unsigned k = 0; k < op.vecCount; ++k) add(dst ? u.defs : u.uses, op.vec[k]);
  }
  return u;
}

std::uint32_t words(const Function& f, std::uint32_t r) {
  return std::max(1u, (sizeOf(f.regs[r].type) + 3) / 4);
}

}  // namespace

std::uint32_t maxLiveRegisterWords(const Module& module, std::uint32_t function, unsigned depth) {
  const Function& f = module.functions.at(function);
  if (f.body.empty() || depth > 8) return 0;
  const Cfg cfg = buildCfg(f);
  std::vector<UseDef> ud;
  ud.reserve(f.body.size());
  for (const Instr& in : f.body) ud.push_back(useDef(f, in));
  const std::size_t blocks = cfg.blockStart.size(), n = f.regs.size();
  auto blockEnd = [&](std::size_t b) {
    return b + 1 < blocks ? cfg.blockStart[b + 1] : static_cast<std::uint32_t>(f.body.size());
  };
  std::vector<RegSet> liveIn(blocks, RegSet(n));
  for (bool changed = true; changed;) {  // to the fixed point
    changed = false;
    for (std::size_t b = blocks; b-- > 0;) {
      RegSet live(n);
      for (std::uint32_t s : cfg.succ[b])
        if (s != Cfg::kExit) live.merge(liveIn[s]);
      for (std::uint32_t i = blockEnd(b); i-- > cfg.blockStart[b];) {
        if (!f.body[i].hasGuard)  // a guarded write may not happen: the old value stays live
          for (std::uint32_t d : ud[i].defs) live.reset(d);
        for (std::uint32_t u : ud[i].uses) live.set(u);
      }
      changed |= liveIn[b].merge(live);
    }
  }
  // Pressure at an instruction: what is live after it together with what it writes, and what
  // is live before it; a call adds the callee's own need to what is live across it.
  std::uint32_t most = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    RegSet live(n);
    for (std::uint32_t s : cfg.succ[b])
      if (s != Cfg::kExit) live.merge(liveIn[s]);
    std::uint32_t count = 0;
    for (std::uint32_t r = 0; r < n; ++r)
      if (live.test(r)) count += words(f, r);
    for (std::uint32_t i = blockEnd(b); i-- > cfg.blockStart[b];) {
      std::uint32_t during = count;
      for (std::uint32_t d : ud[i].defs)
        if (!live.test(d)) during += words(f, d);
      const Instr& in = f.body[i];
      if (in.op == Op::Call) {
        const Symbol& callee = module.symbols.at(in.callee);
        if (callee.kind == Symbol::Kind::Function)
          during += maxLiveRegisterWords(module, callee.index, depth + 1);
      }
      if (!in.hasGuard)  // a guarded write may not happen: the old value stays live
        for (std::uint32_t d : ud[i].defs)
          if (live.test(d)) live.reset(d), count -= words(f, d);
      for (std::uint32_t u : ud[i].uses)
        if (!live.test(u)) live.set(u), count += words(f, u);
      most = std::max({most, during, count});
    }
  }
  return most;
}

}  // namespace warpsim::ptx
