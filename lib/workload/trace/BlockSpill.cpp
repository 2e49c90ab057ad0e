#include "warpsim/workload/trace/BlockSpill.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace warpsim::trace {

BlockSpill::BlockSpill(const std::string& dir, std::uint64_t limitBytes,
                       std::function<void(const std::string&)> warn)
    : limit_(limitBytes), warn_(std::move(warn)) {
  if (limit_ == 0) return;
  std::string where = dir;
  if (where.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    where = tmp && *tmp ? tmp : "/tmp";
  }
  std::string name = where + "/warpsim-spill-XXXXXX";
  fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd_ < 0) {
    stop("cannot create a spill file in " + where + " (" + std::strerror(errno) + ")");
    return;
  }
  ::unlink(name.c_str());
}

BlockSpill::~BlockSpill() {
  if (fd_ >= 0) ::close(fd_);
}

void BlockSpill::stop(const std::string& why) {
  if (fd_ >= 0 && size_ == 0) {
    ::close(fd_);
    fd_ = -1;
  }
  limit_ = 0;
  if (warn_)
    warn_(why + "; thread blocks not stored are parsed again from the trace when they launch");
}

BlockSpill::Slot BlockSpill::store(const std::uint8_t* bytes, std::size_t n) {
  if (fd_ < 0 || limit_ == 0 || n == 0) return {};
  if (n > limit_ - size_) {
    stop("the spill file of decoded thread blocks reached trace.spill_limit_mib (" +
         std::to_string(limit_ >> 20) + " MiB)");
    return {};
  }
  std::size_t done = 0;
  while (done < n) {
    const ssize_t w = ::pwrite(fd_, bytes + done, n - done, static_cast<off_t>(size_ + done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      stop(std::string("cannot write the spill file of decoded thread blocks (") +
           (w < 0 ? std::strerror(errno) : "no space") + ")");
      return {};
    }
    done += static_cast<std::size_t>(w);
  }
  const Slot slot{size_, n};
  size_ += n;
  return slot;
}

const std::vector<std::uint8_t>* BlockSpill::load(const Slot& slot) {
  loaded_.resize(slot.bytes);
  std::size_t done = 0;
  while (done < loaded_.size()) {
    const ssize_t n = ::pread(fd_, loaded_.data() + done, loaded_.size() - done,
                              static_cast<off_t>(slot.offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return nullptr;
    done += static_cast<std::size_t>(n);
  }
  return &loaded_;
}

}  // namespace warpsim::trace
