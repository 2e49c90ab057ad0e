#pragma once
// What the libFuzzer harnesses of tests/fuzz share: the input as text, its split into parts, and
// one scratch folder per process for the readers that take files (README.md).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace warpsim::fuzz {

inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// The parts of `input` between lines "%%%%" (the first part, then the rest; at most `count`
// parts: a later "%%%%" line stays in the last part). A missing part is empty.
inline std::vector<std::string> parts(const std::string& input, std::size_t count) {
  static const std::string kMark = "\n%%%%\n";
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (out.size() + 1 < count) {
    const std::size_t mark = input.find(kMark, pos);
    if (mark == std::string::npos) break;
    out.push_back(input.substr(pos, mark - pos));
    pos = mark + kMark.size();
  }
  out.push_back(input.substr(pos));
  out.resize(count);
  return out;
}

// One folder per process under the temp directory, reused for every input (each harness
// rewrites its files) and removed when the process exits normally; a crash leaves it.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& harness)
      : path_((base() / ("warpsim-fuzz-" + harness + "-" + std::to_string(::getpid()))).string()) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  // /dev/shm where there is one: rewriting small files thousands of times a second on a disk
  // file system costs more than the readers (ext4 flushes a truncated file when it is closed).
  static std::filesystem::path base() {
    std::error_code ec;
    if (std::getenv("TMPDIR") == nullptr && std::filesystem::is_directory("/dev/shm", ec) &&
        ::access("/dev/shm", W_OK) == 0)
      return "/dev/shm";
    return std::filesystem::temp_directory_path();
  }

  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  // Writes `name` (replacing it) with `content`.
  void write(const std::string& name, const std::string& content) const {
    std::ofstream(file(name), std::ios::binary | std::ios::trunc) << content;
  }
  // Removes `name` if it is there.
  void remove(const std::string& name) const {
    std::error_code ignored;
    std::filesystem::remove(file(name), ignored);
  }

 private:
  std::string path_;
};

// The error an input was rejected with, printed when WARPSIM_FUZZ_VERBOSE is set (to check
// that the seeds load, or to read what a reproducer gets).
inline void rejected(const std::exception& e) {
  static const bool verbose = std::getenv("WARPSIM_FUZZ_VERBOSE") != nullptr;
  if (verbose) std::fprintf(stderr, "rejected: %s\n", e.what());
}

// A property the harness checks on top of "no crash": a violation aborts, so libFuzzer keeps
// the input as a crash.
#define WARPSIM_FUZZ_CHECK(cond, what)                                                   \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", what, __FILE__, __LINE__); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

}  // namespace warpsim::fuzz
