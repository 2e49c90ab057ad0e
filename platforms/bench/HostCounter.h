#pragma once
// Host instructions this process retires in user mode, from the CPU's counter
// (perf_event_open). Machines without hardware counters (most VMs) have none: `available()` is
// false and the figures say n/a.
#include <cstdint>
#include <optional>

namespace warpsim::bench {

class HostCounter {
 public:
  HostCounter();  // opens and starts the counter, if the machine has one
  ~HostCounter();
  HostCounter(const HostCounter&) = delete;
  HostCounter& operator=(const HostCounter&) = delete;

  bool available() const { return fd_ >= 0; }
  // Instructions since construction, or nothing.
  std::optional<std::uint64_t> read() const;

 private:
  int fd_ = -1;
};

}  // namespace warpsim::bench
