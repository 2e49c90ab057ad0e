#include "HostCounter.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>

namespace warpsim::bench {

HostCounter::HostCounter() {
  perf_event_attr a;
  std::memset(&a, 0, sizeof a);
  a.type = PERF_TYPE_HARDWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_HW_INSTRUCTIONS;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  fd_ = static_cast<int>(syscall(__NR_perf_event_open, &a, 0, -1, -1, 0));
}

HostCounter::~HostCounter() {
  if (fd_ >= 0) close(fd_);
}

std::optional<std::uint64_t> HostCounter::read() const {
  std::uint64_t count = 0;
  if (fd_ < 0 || ::read(fd_, &count, sizeof count) != sizeof count) return std::nullopt;
  return count;
}

}  // namespace warpsim::bench
