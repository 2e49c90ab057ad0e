#pragma once
// Functional execution of one CTA of a PTX kernel (lib/workload/ptx/README.md): its warps run
// in turn, each up to its next barrier or its end, with a SIMT reconvergence stack per warp;
// every executed warp instruction is recorded, with its active mask and per-lane addresses,
// for the timing model. Memory effects happen here: global memory is the launch's, shared
// memory the CTA's own, local memory each thread's.
#include <array>
#include <cstdint>
#include <vector>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/WarpInst.h"
#include "warpsim/workload/ptx/PtxProgram.h"

namespace warpsim::ptx {

// Warp instructions one CTA may execute before it is taken for a spin-wait on another CTA
// (which eager per-CTA execution cannot run: README); it also bounds the memory a CTA's
// recorded streams take: 32 bytes an instruction plus 8 per lane of a memory instruction, so
// 2^22 instructions take 128 MiB to 1.2 GiB (workload.ptx_cta_budget changes it).
constexpr std::uint64_t kCtaInstructionBudget = std::uint64_t{1} << 22;

// A texture object (cudaTextureObject_t) over global memory: `tex` looks its handle up here.
// Texels are `channels` 32-bit words (s32, u32 or f32), rows `pitch` bytes apart; reads are
// point-sampled with clamped coordinates (2D) or fetched by index (1D, 0 outside).
struct TextureDesc {
  std::uint64_t handle = 0, base = 0;
  std::uint32_t width = 0, height = 1, channels = 1;
  std::uint64_t pitch = 0;  // 0: width * channels * 4
  Type format = Type::F32;
};

struct PtxLaunch {
  std::uint32_t kernel = 0;  // function index of the .entry
  Dim3 grid, block;
  std::uint32_t dynamicSharedBytes = 0;
  std::vector<std::uint8_t> params;  // the parameter block, laid out as the .entry declares
  std::uint64_t instructionBudget = kCtaInstructionBudget;  // per CTA
  std::vector<TextureDesc> textures;
};

// One recorded warp instruction, compact (a WarpInst is 330 bytes, this 32): a memory
// instruction's addresses, one per active lane in lane order, are in RecordedWarp::addrs from
// addrStart.
struct RecordedInst {
  std::uint32_t pc = 0, activeMask = 0, reconvergePc = 0, addrStart = 0;
  std::array<Reg, kMaxSrcRegs> src{kNoReg, kNoReg, kNoReg, kNoReg};
  Reg dst = kNoReg;
  OpClass op = OpClass::Alu;
  MemSpace space = MemSpace::None;
  MemOp memOp = MemOp::None;
  std::uint8_t accessSize = 4;
  bool last = false;
};

// One warp's recorded stream.
struct RecordedWarp {
  std::vector<RecordedInst> insts;
  std::vector<Addr> addrs;

  std::size_t size() const { return insts.size(); }
  // Instruction i as the timing model sees it; a memory instruction's inactive lanes read 0.
  void expand(std::size_t i, WarpInst& out) const;
  std::vector<WarpInst> expand() const;  // all of them
};

// What a CTA's execution leaves for the timing model: one stream per warp.
struct CtaRecord {
  std::vector<RecordedWarp> warps;
};

// Executes CTA `cta` (linear index) of `launch`. Throws ConfigError naming the kernel, CTA,
// thread, PTX line and address for an access outside memory, and for a CTA past the budget.
CtaRecord executeCta(const PtxProgram& program, const PtxLaunch& launch, GlobalMemory& memory,
                     std::uint64_t cta);

}  // namespace warpsim::ptx
