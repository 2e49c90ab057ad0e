#include "warpsim/workload/trace/BlockSpill.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace warpsim::trace {
namespace {

std::string folderOrTmp(const std::string& dir) {
  if (!dir.empty()) return dir;
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? tmp : "/tmp";
}

}  // namespace

BlockSpill::BlockSpill(const std::string& dir, std::uint64_t limitBytes, Warn warn)
    : limit_(limitBytes), shared_(true), warn_(std::move(warn)) {
  if (limit_ == 0) return;
  const std::string where = folderOrTmp(dir);
  std::string name = where + "/warpsim-spill-XXXXXX";
  fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd_ < 0) {
    stop("cannot create a spill file in " + where + " (" + std::strerror(errno) + ")");
    return;
  }
  ::unlink(name.c_str());
}

std::shared_ptr<BlockSpill> BlockSpill::createNamed(const std::string& dir,
                                                    std::uint64_t limitBytes, Warn warn,
                                                    std::string& why) {
  std::string name = dir + "/.warpsim-cache-XXXXXX";
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) {
    why = std::strerror(errno);
    return nullptr;
  }
  std::shared_ptr<BlockSpill> s(new BlockSpill());
  s->fd_ = fd;
  s->name_ = name;
  s->limit_ = limitBytes;
  s->warn_ = std::move(warn);
  return s;
}

std::shared_ptr<BlockSpill> BlockSpill::openExisting(const std::string& path) {
  std::shared_ptr<BlockSpill> s(new BlockSpill());
  s->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (s->fd_ < 0) return nullptr;
  struct stat st;
  if (::fstat(s->fd_, &st) != 0) return nullptr;
  s->name_ = path;
  s->published_ = true;
  s->size_ = static_cast<std::uint64_t>(st.st_size);
  return s;
}

BlockSpill::~BlockSpill() {
  if (fd_ >= 0) ::close(fd_);
  if (!name_.empty() && !published_) ::unlink(name_.c_str());
}

void BlockSpill::stop(const std::string& why) {
  if (!name_.empty() && !published_) {  // a cache file that will not be: gone from the folder
    ::unlink(name_.c_str());            // now; the blocks it holds stay readable until close()
    name_.clear();
  }
  if (fd_ >= 0 && size_ == 0) {
    ::close(fd_);
    fd_ = -1;
  }
  limit_ = 0;
  failed_ = true;
  if (warn_)
    warn_(why + "; thread blocks not stored are parsed again from the trace when they launch");
}

BlockSpill::Slot BlockSpill::store(const std::uint8_t* bytes, std::size_t n) {
  if (fd_ < 0 || limit_ == 0 || n == 0) return {};
  if (n > limit_ - size_) {
    stop(std::string(name_.empty() ? "the spill file" : "a cache file") +
         " of decoded thread blocks reached trace.spill_limit_mib (" +
         std::to_string(limit_ >> 20) + " MiB)");
    return {};
  }
  std::size_t done = 0;
  while (done < n) {
    const ssize_t w = ::pwrite(fd_, bytes + done, n - done, static_cast<off_t>(size_ + done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      stop(std::string("cannot write ") + (name_.empty() ? "the spill file" : name_) + " (" +
           (w < 0 ? std::strerror(errno) : "no space") + ")");
      return {};
    }
    done += static_cast<std::size_t>(w);
  }
  const Slot slot{size_, n};
  size_ += n;
  return slot;
}

bool BlockSpill::load(const Slot& slot, std::vector<std::uint8_t>& out) {
  if (fd_ < 0 && !name_.empty()) fd_ = ::open(name_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) return false;
  out.resize(slot.bytes);
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n =
        ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(slot.offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool BlockSpill::publish(const std::string& path) {
  if (name_.empty() || fd_ < 0) return false;
  ::fchmod(fd_, 0644);  // others may share the cache; mkostemp made it 0600
  if (std::rename(name_.c_str(), path.c_str()) != 0) {
    ::unlink(name_.c_str());  // its blocks stay readable through the open file
    name_.clear();
    return false;
  }
  name_ = path;
  published_ = true;
  close();
  return true;
}

void BlockSpill::close() {
  if (shared_ || fd_ < 0) return;
  ::close(fd_);
  fd_ = -1;
}

}  // namespace warpsim::trace
