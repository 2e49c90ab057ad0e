#pragma once
// Functional execution of one CTA of a PTX kernel (lib/workload/ptx/README.md): its warps run
// in turn, each up to its next barrier or its end, with a SIMT reconvergence stack per warp;
// every executed warp instruction is recorded, with its active mask and per-lane addresses,
// for the timing model. Memory effects happen here: global memory is the launch's, shared
// memory the CTA's own, local memory each thread's.
#include <cstdint>
#include <vector>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/WarpInst.h"
#include "warpsim/workload/ptx/PtxProgram.h"

namespace warpsim::ptx {

// Warp instructions one CTA may execute before it is taken for a spin-wait on another CTA
// (which eager per-CTA execution cannot run: README).
constexpr std::uint64_t kCtaInstructionBudget = std::uint64_t{1} << 26;

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

// What a CTA's execution leaves for the timing model: one stream per warp.
struct CtaRecord {
  std::vector<std::vector<WarpInst>> warps;
};

// Executes CTA `cta` (linear index) of `launch`. Throws ConfigError naming the kernel, CTA,
// thread, PTX line and address for an access outside memory, and for a CTA past the budget.
CtaRecord executeCta(const PtxProgram& program, const PtxLaunch& launch, GlobalMemory& memory,
                     std::uint64_t cta);

}  // namespace warpsim::ptx
