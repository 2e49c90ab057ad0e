#include "warpsim/workload/ptx/PtxProgram.h"

#include <algorithm>
#include <cstring>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/PtxAlu.h"

namespace warpsim::ptx {
namespace {

std::uint64_t alignUp(std::uint64_t v, std::uint64_t a) {
  return a > 1 ? (v + a - 1) / a * a : v;
}

// The instructions the executor itself carries out (PtxWarp); the rest go to evalAlu.
bool executedDirectly(Op op) {
  switch (op) {
    case Op::Mov:
    case Op::Cvta:
    case Op::Ld:
    case Op::Ldu:
    case Op::St:
    case Op::Atom:
    case Op::Red:
    case Op::Prefetch:
    case Op::Bra:
    case Op::Call:
    case Op::Ret:
    case Op::Exit:
    case Op::BarSync:
    case Op::Membar:
    case Op::Fence:
    case Op::Shfl:
    case Op::Vote:
    case Op::Activemask:
    case Op::Nop:
    case Op::Tex:
    case Op::Match:
    case Op::Redux:
    case Op::BarRed:
      return true;
    default:
      return false;
  }
}

}  // namespace

PtxProgram::PtxProgram(Module module, GlobalMemory& memory) : module_(std::move(module)) {
  placeGlobals(memory);
  layouts_.resize(module_.functions.size());
  std::uint32_t pc = 0, reg = 0;
  for (std::uint32_t f = 0; f < module_.functions.size(); ++f) {
    check(module_.functions[f]);
    layoutFunction(f, pc, reg);
  }
}

void PtxProgram::placeGlobals(GlobalMemory& memory) {
  std::uint64_t next = std::max(kModuleBase, alignUp(memory.end(), 256));
  // The bytes allocated on the host, checked before any is (each is at most kMaxArrayBytes, the
  // parser's check).
  std::uint64_t total = 0;
  for (const Variable& v : module_.globals) {
    if (v.space == Space::Shared) continue;
    total += std::max<std::uint64_t>(v.size, 1);
    if (total > kMaxArrayBytes)
      throw ConfigError(module_.file + ":" + std::to_string(v.line) + ": " + v.name +
                        ": the module's .global and .const variables hold more than " +
                        std::to_string(kMaxArrayBytes >> 20) + " MiB in all");
  }
  globalAddr_.resize(module_.globals.size());
  std::vector<std::uint32_t> externs;
  std::uint64_t shared = 0;  // summed in 64 bits, checked below
  for (std::uint32_t i = 0; i < module_.globals.size(); ++i) {
    const Variable& v = module_.globals[i];
    if (v.space == Space::Shared) {
      if (v.isExtern) {
        externs.push_back(i);
        continue;
      }
      shared = alignUp(shared, v.align);
      globalAddr_[i] = shared;
      shared += v.size;
      continue;
    }
    next = alignUp(next, std::max<std::uint32_t>(v.align, 1));
    globalAddr_[i] = next;
    const std::uint64_t size = std::max<std::uint64_t>(v.size, 1);
    memory.allocate(next, size, v.name);
    if (!v.init.empty())
      std::memcpy(memory.find(next, v.init.size()), v.init.data(),
                  std::min<std::size_t>(v.init.size(), size));
    next += size;
  }
  // Function-scope .shared variables are laid out by layoutFunction; extern ones follow all.
  for (const Function& f : module_.functions)
    for (const Variable& v : f.locals)
      if (v.space == Space::Shared) shared = alignUp(shared, v.align) + v.size;
  const std::uint64_t dynamicBase = alignUp(shared, 16);
  if (dynamicBase > kMaxArrayBytes)  // offsets are 32 bits; no GPU has a fraction of that
    throw ConfigError(module_.file + ": the module's .shared variables hold more than " +
                      std::to_string(kMaxArrayBytes >> 20) + " MiB in all");
  for (std::uint32_t i : externs) globalAddr_[i] = dynamicBase;
  sharedBytes_ = static_cast<std::uint32_t>(dynamicBase);
  // Address initialisers (`.global .u64 p = generic(x)`): the addresses are known only now.
  for (std::uint32_t i = 0; i < module_.globals.size(); ++i) {
    const Variable& v = module_.globals[i];
    for (const Variable::AddrInit& a : v.addrInits) {
      const Symbol& s = module_.symbols[a.symbol];
      if (s.kind != Symbol::Kind::Global || v.space == Space::Shared)
        throw ConfigError(module_.file + ":" + std::to_string(v.line) + ": " + v.name +
                          ": only addresses of module variables can initialise global memory");
      std::uint64_t addr = globalAddr_[s.index] + static_cast<std::uint64_t>(a.addend);
      if (a.generic && module_.globals[s.index].space == Space::Shared) addr += kSharedWindow;
      std::memcpy(memory.find(globalAddr_[i] + a.offset, 8), &addr, 8);
    }
  }
}

void PtxProgram::layoutFunction(std::uint32_t fi, std::uint32_t& pc, std::uint32_t& reg) {
  const Function& f = module_.functions[fi];
  FunctionLayout& l = layouts_[fi];
  l.pcBase = pc;
  l.regBase = reg;
  pc += static_cast<std::uint32_t>(f.body.size());
  reg += static_cast<std::uint32_t>(f.regs.size());
  std::uint64_t frame = 0;
  if (!f.isEntry) {  // a kernel's parameters are the launch's parameter block
    l.paramBase = 0;
    frame = f.paramBytes;
  }
  frame = alignUp(frame, 16);
  l.returnBase = static_cast<std::uint32_t>(frame);
  for (const Param& r : f.returns) {
    frame = alignUp(frame, std::max<std::uint32_t>(r.align, 1));
    l.returnOffset.push_back(static_cast<std::uint32_t>(frame));
    frame += r.size;
  }
  // Function-scope shared variables were counted after the module's in placeGlobals, in the
  // same order.
  std::uint64_t shared = 0;
  for (const Variable& g : module_.globals)
    if (g.space == Space::Shared && !g.isExtern) shared = alignUp(shared, g.align) + g.size;
  for (std::uint32_t prev = 0; prev < fi; ++prev)
    for (const Variable& v : module_.functions[prev].locals)
      if (v.space == Space::Shared) shared = alignUp(shared, v.align) + v.size;
  for (const Variable& v : f.locals) {
    if (v.space == Space::Shared) {
      shared = alignUp(shared, v.align);
      l.localOffset.push_back(static_cast<std::uint32_t>(shared));
      shared += v.size;
      continue;
    }
    frame = alignUp(frame, std::max<std::uint32_t>(v.align, 1));
    l.localOffset.push_back(static_cast<std::uint32_t>(frame));
    frame += v.size;
  }
  if (alignUp(frame, 16) > kMaxArrayBytes)  // offsets are 32 bits
    throw ConfigError(module_.file + ":" + std::to_string(f.line) + ": " + f.name +
                      ": parameters, return values and .local variables of more than " +
                      std::to_string(kMaxArrayBytes >> 20) + " MiB per thread");
  l.frameBytes = static_cast<std::uint32_t>(alignUp(frame, 16));
  for (const RegInfo& r : f.regs) {
    const unsigned bytes = sizeOf(r.type);
    l.regMask.push_back(r.type == Type::Pred       ? 0
                        : bytes >= 8 || bytes == 0 ? ~std::uint64_t{0}
                                                   : (std::uint64_t{1} << (8 * bytes)) - 1);
  }
  if (!f.isDeclaration) l.cfg = buildCfg(f);
  for (const Instr& in : f.body) l.info.push_back(describe(in, f, l));
}

void PtxProgram::check(const Function& f) const {
  for (const Instr& in : f.body) {
    if (executedDirectly(in.op)) continue;
    if (!isAluOp(in.op))
      throw ConfigError(where(in) + ": '" + name(in.op) + "' is not supported yet");
    const std::string why = checkAlu(in);
    if (!why.empty()) throw ConfigError(where(in) + ": " + why);
  }
}

std::uint32_t PtxProgram::functionIndex(const std::string& n) const {
  for (std::uint32_t i = 0; i < module_.functions.size(); ++i)
    if (module_.functions[i].name == n) return i;
  throw ConfigError(module_.file + ": no function '" + n + "'");
}

std::string PtxProgram::where(const Instr& in) const {
  std::string s = module_.file + ":" + std::to_string(in.line);
  if (in.line >= 1 && in.line <= module_.lines.size()) {
    std::string text = module_.lines[in.line - 1];
    const auto b = text.find_first_not_of(" \t");
    s += ": " + (b == std::string::npos ? std::string() : text.substr(b));
  }
  return s;
}

}  // namespace warpsim::ptx
