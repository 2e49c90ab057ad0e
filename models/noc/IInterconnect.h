#pragma once
// What the GPU needs of its interconnect, whichever topology (icnt.topology) it is: the ideal
// Crossbar or the 2D Mesh. Both have the same sockets and meaning: SM-side target ports, three
// per SM (its L1D, L1T and L1C, in that order), and memory-side initiator port p = partition p;
// END_REQ withheld while an SM port's injection queue is full.
#include <cstdint>

#include <tlm>

#include "warpsim/core/GpuRequest.h"
#include "warpsim/core/Ids.h"

namespace warpsim {

class ClockDomain;
class Watchdog;

// The SM-side port of `sm`'s L1 for `space` when each SM has `portsPerSm` ports (3: L1D, L1T,
// L1C; fewer: every space on the SM's first port).
inline std::uint32_t smPortOf(SmId sm, ReqSpace space, std::uint32_t portsPerSm) {
  const std::uint32_t k = portsPerSm < 3                ? 0
                          : space == ReqSpace::Texture  ? 1
                          : space == ReqSpace::Constant ? 2
                                                        : 0;
  return sm.value() * portsPerSm + k;
}

class IInterconnect {
 public:
  virtual ~IInterconnect() = default;
  // Binds the next SM-side port to an L1's downstream socket of SM `sm`: call portsPerSm times
  // per SM, in SM order, L1D then L1T then L1C. Throws ConfigError when that port is not `sm`'s
  // (responses find their SM by port: see portOf).
  void bindSmPort(SmId sm, tlm::tlm_initiator_socket<>& l1);
  // Binds the next memory-side port to partition `partition`'s L2 slice (or what stands in
  // front of it): partition 0 first. Throws ConfigError when that port is another partition's.
  void bindMemPort(PartitionId partition, tlm::tlm_target_socket<>& l2);
  // The SM-side port a request of `sm` in `space` came from and its response goes back to.
  virtual std::uint32_t portOf(SmId sm, ReqSpace space) const = 0;
  // Registers the interconnect's clocked blocks on `icnt` and its waits with `watchdog`.
  virtual void attach(ClockDomain& icnt, Watchdog& watchdog) = 0;
  // Closes the statistics' spans up to icnt cycle `end`.
  virtual void settleStats(Cycle end) = 0;

 protected:
  // What an implementation does for the two binds, once the port's owner is checked.
  virtual void bindNextSmPort(tlm::tlm_initiator_socket<>& l1) = 0;
  virtual void bindNextMemPort(tlm::tlm_target_socket<>& l2) = 0;
  virtual const char* interconnectName() const = 0;  // for the binds' errors
  virtual std::uint32_t portsPerSm() const = 0;

 private:
  std::uint32_t smPortsBound_ = 0, memPortsBound_ = 0;
};

}  // namespace warpsim
