#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

#include "warpsim/stats/StatsRegistry.h"

namespace warpsim {

namespace {

// errno is the best account the standard streams give of why they failed; it may be unset.
std::string reason() {
  return errno ? std::strerror(errno) : "input/output error";
}

}  // namespace

// The temporary file sits beside the target so the final rename stays on one file system,
// where POSIX makes it atomic.
AtomicFileWriter::AtomicFileWriter(std::string path)
    : path_(std::move(path)), tmp_(path_ + ".tmp") {
  errno = 0;
  out_.open(tmp_, std::ios::binary | std::ios::trunc);
  if (!out_) fail("create a temporary file for");
}

AtomicFileWriter::~AtomicFileWriter() {
  if (!done_) std::remove(tmp_.c_str());
}

void AtomicFileWriter::fail(const std::string& what) {
  const std::string why = reason();
  out_.close();
  std::remove(tmp_.c_str());
  done_ = true;
  throw std::runtime_error("writeFileAtomically: cannot " + what + " '" + path_ + "': " + why);
}

void AtomicFileWriter::commit() {
  errno = 0;
  out_.flush();
  if (!out_) fail("write");
  out_.close();
  if (!out_) fail("close the temporary file for");
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) fail("rename the temporary file to");
  done_ = true;
}

void writeFileAtomically(const std::string& path, const std::string& text) {
  AtomicFileWriter file(path);
  file.stream().write(text.data(), static_cast<std::streamsize>(text.size()));
  file.commit();
}

}  // namespace warpsim
