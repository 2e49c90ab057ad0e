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

[[noreturn]] void fail(const std::string& path, const std::string& tmp, const std::string& what) {
  const std::string why = reason();
  std::remove(tmp.c_str());
  throw std::runtime_error("writeFileAtomically: cannot " + what + " '" + path + "': " + why);
}

}  // namespace

// The temporary file sits beside the target so the final rename stays on one file system,
// where POSIX makes it atomic.
void writeFileAtomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  errno = 0;
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  if (!out) fail(path, tmp, "create a temporary file for");
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.flush();
  if (!out) fail(path, tmp, "write");
  out.close();
  if (!out) fail(path, tmp, "close the temporary file for");
  if (std::rename(tmp.c_str(), path.c_str()) != 0) fail(path, tmp, "rename the temporary file to");
}

}  // namespace warpsim
