#pragma once
// A parsed PTX module made ready to run (lib/workload/ptx/README.md): every instruction checked
// (an unsupported one is an error naming the file and line, before anything runs), each
// function's control-flow graph, the module's .global and .const variables placed in global
// memory with their initialisers, and the layout of shared memory and of each function's
// per-thread frame.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/workload/WarpInst.h"
#include "warpsim/workload/ptx/PtxAlu.h"
#include "warpsim/workload/ptx/PtxCfg.h"
#include "warpsim/workload/ptx/PtxIr.h"
#include "warpsim/workload/ptx/PtxMemory.h"

namespace warpsim::ptx {

// Generic addresses (PTX ISA 5.1.6): a flat address in one of these windows is a shared or
// local address; any other is global.
constexpr std::uint64_t kSharedWindow = 0x7e00'0000'0000ull;
constexpr std::uint64_t kLocalWindow = 0x7f00'0000'0000ull;
constexpr std::uint64_t kWindowBytes = std::uint64_t{1} << 32;
// Where the module's variables go in global memory.
constexpr std::uint64_t kModuleBase = 0x1000'0000ull;

// What the executor needs of an instruction that does not change between executions
// (PtxInstrInfo.cpp): its record for the timing model (operation class, the scoreboard's
// registers, guard included), a branch's target, how each source is read, and its whole-warp
// arithmetic kind.
struct InstrInfo {
  OpClass op = OpClass::Alu;
  Reg dst = kNoReg;
  std::array<Reg, kMaxSrcRegs> src{kNoReg, kNoReg, kNoReg, kNoReg};
  std::uint32_t target = Cfg::kExit;  // bra: the label's instruction
  std::array<Type, 4> srcTypes{};     // per source (sourceType), for the arithmetic
  std::uint8_t nsrcs = 0;             // sources the arithmetic reads (at most 4)
  WarpAlu warpAlu = WarpAlu::None;
};

struct FunctionLayout {
  std::uint32_t pcBase = 0;   // the first instruction's index among the module's instructions
  std::uint32_t regBase = 0;  // the first register's index among the module's registers
  // Per-thread frame (the local stack): formal parameters at paramBase + Param::offset, return
  // values at returnBase + offset, and each .param/.local variable of the body at localOffset.
  std::uint32_t frameBytes = 0, paramBase = 0, returnBase = 0;
  std::vector<std::uint32_t> localOffset;   // per Function::locals: frame offset, or shared offset
  std::vector<std::uint32_t> returnOffset;  // per Function::returns
  // Per register: the mask of its width (a value written is cut to it), 0 for a predicate.
  std::vector<std::uint64_t> regMask;
  Cfg cfg;
  std::vector<InstrInfo> info;  // per instruction of the body
};

// `in`'s InstrInfo, in function `f` laid out by `l` (regBase set). Precondition: `in` passed
// the load's check.
InstrInfo describe(const Instr& in, const Function& f, const FunctionLayout& l);

class PtxProgram {
 public:
  // Checks and lays out `module`, placing its .global/.const variables in `memory`. Throws
  // ConfigError naming the file and line of the first unsupported instruction.
  PtxProgram(Module module, GlobalMemory& memory);

  const Module& module() const { return module_; }
  const FunctionLayout& layout(std::uint32_t function) const { return layouts_[function]; }
  std::uint32_t functionIndex(const std::string& name) const;  // throws ConfigError

  // Static shared memory of the module and its functions, in bytes; dynamic shared memory
  // (.extern .shared) starts there.
  std::uint32_t staticSharedBytes() const { return sharedBytes_; }
  // The address a Global symbol stands for: global memory for .global/.const, the shared-space
  // offset for .shared (extern: the dynamic area's start).
  std::uint64_t globalAddress(std::uint32_t globalIndex) const { return globalAddr_[globalIndex]; }
  // "kernel.ptx:12: ld.global.f32 ..." for messages.
  std::string where(const Instr& in) const;

 private:
  void placeGlobals(GlobalMemory& memory);
  void layoutFunction(std::uint32_t f, std::uint32_t& pc, std::uint32_t& reg);
  void check(const Function& f) const;

  Module module_;
  std::vector<FunctionLayout> layouts_;
  std::vector<std::uint64_t> globalAddr_;
  std::uint32_t sharedBytes_ = 0;
};

}  // namespace warpsim::ptx
