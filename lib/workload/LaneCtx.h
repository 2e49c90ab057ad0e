#pragma once
// What a synthetic kernel's address, predicate and trip-count functions see of one thread.
#include <array>
#include <cstdint>
#include <functional>

#include "warpsim/core/Ids.h"

namespace warpsim {

// Deepest nesting of loops a synthetic program may use (iteration counters per lane).
constexpr unsigned kMaxLoopDepth = 4;

struct LaneCtx {
  std::uint32_t tidX = 0, tidY = 0, tidZ = 0;  // thread index within the CTA
  std::uint32_t tid = 0;                       // linear thread index within the CTA, x fastest
  std::uint32_t ctaX = 0, ctaY = 0, ctaZ = 0;  // CTA coordinates in the grid
  std::uint64_t cta = 0;                       // linear CTA id, x fastest
  std::uint64_t gtid = 0;                      // cta * threadsPerCta + tid
  std::uint32_t warpInCta = 0;
  std::uint32_t lane = 0;
  // Iteration of each enclosing loop, outermost first; entries past the nesting depth are 0.
  std::array<std::uint32_t, kMaxLoopDepth> iter{};
};

// Per-lane byte address of a memory instruction; called once per active lane.
using AddrFn = std::function<Addr(const LaneCtx&)>;
// The same for a whole warp: out[lane] for every lane in `mask`, 0 for the others.
// ProgramBuilder makes one from the per-lane function it is given, with that function inlined
// in the loop over the lanes: a warp's addresses cost one call instead of one per lane.
using WarpAddrFn = std::function<void(const LaneCtx* lanes, std::uint32_t mask, Addr* out)>;
// Per-lane branch condition of an if/else.
using LanePred = std::function<bool(const LaneCtx&)>;
// Per-lane trip count of a data-dependent loop, evaluated once when the warp enters the loop.
using TripFn = std::function<std::uint32_t(const LaneCtx&)>;

}  // namespace warpsim
