#pragma once
// What a warp scheduler may read of its SM's LSU (Mascar III-A, III-C, III-D: the owner warp
// keeps ownership while the LSU serves it; warps with a request in the re-execution queue may
// not issue another memory instruction), and the one thing it may set: the gate that flags the
// LSU's requests. Lsu implements it; tests may fake it.
#include <cstdint>

#include "warpsim/interfaces/ILsuGate.h"

namespace warpsim {

class ILsuState {
 public:
  virtual ~ILsuState() = default;
  // Whether issue may hand over a memory instruction this cycle.
  virtual bool canAccept() const = 0;
  // Bit w: warp w has a request in the re-execution queue.
  virtual std::uint64_t blockedWarps() const = 0;
  // Bit w: the LSU still serves warp w's requests (stage, awaiting an ACK, or queued).
  virtual std::uint64_t servedWarps() const = 0;
  // The stage holds an instruction with lines still to send, and may send one now.
  virtual bool stageCanSend() const = 0;
  // Mascar's owner warp: flags every request sent to an L1 (call before the simulation starts).
  virtual void setGate(ILsuGate* gate) = 0;
};

}  // namespace warpsim
