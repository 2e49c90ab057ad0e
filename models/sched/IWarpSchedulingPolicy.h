#pragma once
// A warp scheduling policy is plain C++ (testable without SystemC): it only orders the warps of
// its issue slot; the slot issues the first warp in that order whose next instruction can issue.
// Policies see the SM through SchedView, a read-only view, never the SM itself.
#include <cstdint>
#include <vector>

#include "core/Ids.h"

namespace warpsim {

struct WarpInst;

// What a policy may know about one warp.
struct WarpState {
  bool resident = false;
  bool eligible = false;   // its next instruction has no hazard: only a busy unit can stop it
  bool hasInst = false;    // an instruction is decoded and waiting in the I-buffer
  bool nextIsMem = false;  // that instruction is a memory instruction
  bool waitsOnMem = false; // blocked on one of its own long-latency loads
  std::uint64_t age = 0;   // launch order on this SM: smaller is older
  std::uint32_t ctaSlot = 0;
  CtaId cta;
};

// The read-only view of an SM's warps a policy gets. Plain data, so that a policy can be tested
// on a hand-made array of WarpStates without an SM.
class SchedView {
 public:
  SchedView(const WarpState* warps, std::uint32_t count, SmId sm)
      : warps_(warps), count_(count), sm_(sm) {}
  std::uint32_t warpSlots() const { return count_; }
  const WarpState& warp(WarpId w) const { return warps_[w.value()]; }
  Cycle now() const { return now_; }
  SmId sm() const { return sm_; }
  void setNow(Cycle c) { now_ = c; }

 private:
  const WarpState* warps_;
  std::uint32_t count_;
  SmId sm_;
  Cycle now_ = 0;
};

class IWarpSchedulingPolicy {
 public:
  virtual ~IWarpSchedulingPolicy() = default;
  // Writes into `order` the slot's warps (given in `warps`, ascending ids) in priority order,
  // highest first. May drop warps that must not issue this cycle.
  virtual void order(const SchedView& view, const std::vector<WarpId>& warps,
                     std::vector<WarpId>& order) = 0;
  // Feedback: warp `w` issued `inst` this cycle.
  virtual void issued(WarpId w, const WarpInst& inst) { (void)w, (void)inst; }
};

}  // namespace warpsim
