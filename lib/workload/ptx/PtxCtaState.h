#pragma once
// Internal to the PTX executor: the state of one CTA's functional execution and its warps
// (PtxExecutor.cpp runs control flow, PtxMemOps.cpp memory and warp-wide instructions).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/workload/ptx/PtxExecutor.h"

namespace warpsim::ptx::detail {

constexpr std::uint32_t kEnd = Cfg::kExit;

struct Frame {
  std::uint32_t function = 0;
  std::uint32_t regOffset = 0;  // into Warp::regs
  std::uint32_t localBase = 0;  // per-thread local-stack offset of the frame
  const Instr* call = nullptr;  // the caller's call instruction (nullptr: the kernel)
};

// A SIMT stack entry: lanes `mask` run from `pc` until they reach `rpc`.
struct StackEntry {
  std::uint32_t pc = 0, rpc = kEnd, mask = 0, frame = 0;
};

struct Warp {
  std::uint32_t index = 0;
  std::vector<std::uint64_t> regs;  // regs[frame.regOffset + reg * 32 + lane]
  std::vector<Frame> frames;
  std::vector<StackEntry> stack;
  std::uint32_t exited = 0;  // lanes that executed exit (or returned from the kernel)
  std::uint32_t carry = 0;   // per-lane carry flag (add.cc, addc, ...)
  bool atBarrier = false, done = false;
  // A bar.red waiting at the barrier: its instruction, the lanes that ran it, and those whose
  // predicate held (CtaState::run reduces over the CTA when it releases the barrier).
  const Instr* barRed = nullptr;
  std::uint32_t barRedExec = 0, barRedTrue = 0;
  std::uint64_t executed = 0;  // warp instructions so far (%clock derives from it)
  RecordedWarp out;
};

class CtaState {
 public:
  CtaState(const PtxProgram& program, const PtxLaunch& launch, GlobalMemory& memory,
           std::uint64_t cta);
  CtaRecord run();

  // Operand access for lane `lane` of `w` (PtxExecutor.cpp).
  std::uint64_t read(const Warp& w, const Operand& o, Type t, unsigned lane) const;
  void write(Warp& w, const Operand& o, Type t, unsigned lane, std::uint64_t v);
  std::uint32_t regValueIndex(const Warp& w, std::uint32_t reg, unsigned lane) const {
    return w.frames.back().regOffset + reg * 32 + lane;
  }
  // The address a symbol stands for: global memory, a shared offset, a kernel-parameter
  // offset, or a local-stack address of the current frame.
  std::uint64_t symbolAddress(const Warp& w, std::uint32_t symbol) const;
  // Memory and warp-wide instructions (PtxMemOps.cpp); `exec` is the lanes that execute.
  void memoryOp(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec);
  bool plainAccess(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec);
  bool uniformLoad(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec);
  [[noreturn]] void outOfBounds(const Warp& w, unsigned lane, const Instr& in, Space space,
                                std::uint64_t a, std::uint64_t n) const;
  void warpOp(Warp& w, const Instr& in, std::uint32_t exec);
  void texOp(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec);
  void matchOrRedux(Warp& w, const Instr& in, std::uint32_t exec);
  // "kernel K, CTA (x, y, z), thread (x, y, z), FILE:LINE: TEXT"
  std::string where(const Warp& w, unsigned lane, const Instr& in) const;

  const PtxProgram& program;
  const PtxLaunch& launch;
  GlobalMemory& memory;
  const std::uint64_t cta;
  Dim3 ctaCoord;
  std::uint32_t threads = 0;
  std::vector<std::uint8_t> shared;
  std::vector<std::vector<std::uint8_t>> local;  // each thread's local stack

 private:
  void runWarp(Warp& w);
  void releaseBarrier();
  void step(Warp& w);
  void alu(Warp& w, const Instr& in, const InstrInfo& info, std::uint32_t exec);
  void record(Warp& w, RecordedInst& rec, std::uint32_t exec);
  void returnFrom(Warp& w);
  void call(Warp& w, const Instr& in, std::uint32_t exec, std::uint32_t nextPc);
  std::uint64_t special(const Warp& w, SReg r, unsigned lane) const;

  std::vector<Warp> warps_;
  WarpInst mem_;  // a memory instruction's fields and addresses, before they are recorded
  std::uint64_t executed_ = 0;
};

// The address of an Addr operand (base register or symbol, plus offset), for lane `lane`.
std::uint64_t addressOf(const CtaState& s, const Warp& w, const Operand& o, unsigned lane);

}  // namespace warpsim::ptx::detail
