#pragma once
// Interprets a SyntheticProgram for one warp of one CTA (IWarpStream).
//
// Divergence is resolved here, so each WarpInst carries the lanes that execute it: lanes past
// the CTA's thread count are never active, a per-lane loop drops lanes whose trip count is
// exhausted, an if runs the taken lanes first, then the others, then reconverges. All state is
// allocated in the constructor; next() does not allocate and is deterministic.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "warpsim/workload/IWarpStream.h"
#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/SyntheticProgram.h"

namespace warpsim {

class SyntheticWarpStream : public IWarpStream {
 public:
  SyntheticWarpStream(std::shared_ptr<const SyntheticProgram> program, const Dim3& grid,
                      const Dim3& block, CtaId cta, std::uint32_t warpInCta);
  bool next(WarpInst& out) override;

 private:
  struct Frame {
    std::uint32_t savedMask = 0;  // the mask before the loop or branch
    std::uint32_t elseMask = 0;   // if: the lanes of the else path
    std::uint32_t iter = 0;       // loop: current iteration
    std::uint32_t constTrips = 0;
    bool perLane = false;
    std::array<std::uint32_t, kWarpSize> trips{};  // loop with per-lane trip counts
  };

  void enterLoop(const ProgramNode& node);
  void backEdge(const ProgramNode& node);
  void ifBranch(const ProgramNode& node);
  void emit(const ProgramNode& node, WarpInst& out) const;
  void setIter(std::uint8_t depth, std::uint32_t iter);
  std::uint32_t lanesWhere(const LanePred& pred, std::uint32_t mask) const;

  std::shared_ptr<const SyntheticProgram> prog_;
  std::array<LaneCtx, kWarpSize> ctx_{};
  std::vector<Frame> frames_;  // reserved to the program's nesting depth
  std::uint32_t mask_ = 0;
  std::uint32_t node_ = 0;
  bool done_ = false;
};

// A KernelDesc whose warps interpret `program` with SyntheticWarpStream.
KernelDesc makeSyntheticKernel(std::string name, const Dim3& grid, const Dim3& block,
                               std::uint32_t regsPerThread, std::uint32_t smemPerCta,
                               std::shared_ptr<const SyntheticProgram> program);

}  // namespace warpsim
