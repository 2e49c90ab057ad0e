#include "warpsim/workload/ptx/PtxKernel.h"

#include <algorithm>
#include <map>

#include "warpsim/workload/ptx/PtxRegisters.h"

namespace warpsim::ptx {
namespace {

// Replays one warp's recorded stream.
class RecordedWarpStream : public IWarpStream {
 public:
  explicit RecordedWarpStream(RecordedWarp insts) : insts_(std::move(insts)) {}
  bool next(WarpInst& out) override {
    if (next_ >= insts_.size()) return false;
    insts_.expand(next_++, out);
    return true;
  }

 private:
  RecordedWarp insts_;
  std::size_t next_ = 0;
};

// The launch's CTAs that were executed and still have warps to hand out.
struct LaunchState {
  std::shared_ptr<const PtxProgram> program;
  std::shared_ptr<GlobalMemory> memory;
  PtxLaunch launch;
  std::map<std::uint64_t, std::pair<CtaRecord, std::uint32_t>> pending;  // record, handed out
};

}  // namespace

Occupancy occupancyFromPtx(const PtxProgram& program, const PtxLaunch& launch) {
  const std::uint32_t words = maxLiveRegisterWords(program.module(), launch.kernel);
  Occupancy o;
  o.regsPerThread = std::clamp<std::uint32_t>(words, 8, 255);
  o.smemPerCta = program.staticSharedBytes() + launch.dynamicSharedBytes;
  o.source = "the PTX's live registers";
  return o;
}

Occupancy occupancyFromPtxas(const PtxasFigures& figures, const PtxLaunch& launch,
                             std::string source) {
  Occupancy o;
  o.regsPerThread = figures.registers;
  o.smemPerCta = figures.sharedBytes + launch.dynamicSharedBytes;
  o.source = std::move(source);
  return o;
}

KernelDesc makePtxKernel(std::shared_ptr<const PtxProgram> program,
                         std::shared_ptr<GlobalMemory> memory, PtxLaunch launch,
                         const Occupancy& occupancy) {
  KernelDesc k;
  k.name = program->module().functions.at(launch.kernel).name;
  k.grid = launch.grid;
  k.block = launch.block;
  k.regsPerThread = occupancy.regsPerThread;
  k.smemPerCta = occupancy.smemPerCta;
  auto state = std::make_shared<LaunchState>(
      LaunchState{std::move(program), std::move(memory), std::move(launch), {}});
  const std::uint32_t warps = k.warpsPerCta();
  k.makeWarp = [state, warps](CtaId cta, std::uint32_t warp) -> std::unique_ptr<IWarpStream> {
    auto it = state->pending.find(cta.value());
    if (it == state->pending.end())
      it = state->pending
               .emplace(cta.value(), std::make_pair(executeCta(*state->program, state->launch,
                                                               *state->memory, cta.value()),
                                                    0u))
               .first;
    auto stream = std::make_unique<RecordedWarpStream>(std::move(it->second.first.warps.at(warp)));
    if (++it->second.second == warps) state->pending.erase(it);
    return stream;
  };
  return k;
}

}  // namespace warpsim::ptx
