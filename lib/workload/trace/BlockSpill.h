#pragma once
// A file of decoded thread blocks (CtaCodec's form). The up-front check decodes every block
// anyway; it stores each one here, and a block's launch reads it back instead of parsing the
// block's text a second time.
// - The run's spill file: one anonymous file for all kernels of a trace (unlinked as soon as it
//   is created: it goes with the process, however that ends).
// - A cache file (trace.cache_dir, TraceCache.h): one named file per kernel file, written
//   under a temporary name and renamed into place when complete, kept for later runs.
// Either is capped in size; a block that does not fit, or any failure to create or write the
// file, leaves that block to be read from the text as before, with one warning.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace warpsim::trace {

class BlockSpill {
 public:
  using Warn = std::function<void(const std::string&)>;
  // The run's anonymous spill file in `dir` (empty: $TMPDIR, else /tmp), holding at most
  // `limitBytes`. `warn` gets the one warning a failure gives (what failed, without a prefix).
  BlockSpill(const std::string& dir, std::uint64_t limitBytes, Warn warn);
  // A cache file being written: a temporary file in `dir`, renamed by publish(); null if it
  // cannot be created (`why` says why).
  static std::shared_ptr<BlockSpill> createNamed(const std::string& dir, std::uint64_t limitBytes,
                                                 Warn warn, std::string& why);
  // A complete cache file, read only; null if it cannot be opened.
  static std::shared_ptr<BlockSpill> openExisting(const std::string& path);
  ~BlockSpill();
  BlockSpill(const BlockSpill&) = delete;
  BlockSpill& operator=(const BlockSpill&) = delete;

  struct Slot {
    std::uint64_t offset = 0;
    std::uint64_t bytes = 0;  // 0: not stored
  };
  // Stores `n` bytes; a slot with bytes = 0 if they could not be (full, or a write failed).
  Slot store(const std::uint8_t* bytes, std::size_t n);
  // Reads a slot's bytes into `out`; false on a read error. A closed named file is opened
  // again.
  bool load(const Slot& slot, std::vector<std::uint8_t>& out);
  // Whether every store so far succeeded.
  bool complete() const { return !failed_; }
  std::uint64_t size() const { return size_; }
  // Whether this is a cache file being written or kept: not the run's anonymous file, nor a
  // cache file that stopped (past its limit, or a failed write), which is unlinked at once.
  bool named() const { return !name_.empty(); }
  const std::string& path() const { return name_; }
  // A named file: renames it to `path` (false if that fails; the file is then removed). Closes
  // it; load() opens it again.
  bool publish(const std::string& path);
  // A kernel's own file (a cache file, or one that stopped and was unlinked): closes it, until
  // the next load if it is named (one open file per running kernel). The run's spill file,
  // shared by every kernel, stays open.
  void close();

 private:
  BlockSpill() = default;
  void stop(const std::string& why);

  int fd_ = -1;
  std::uint64_t limit_ = 0, size_ = 0;
  bool failed_ = false;
  bool shared_ = false;     // the run's spill file: never closed before the end
  std::string name_;        // a named file's path; empty: anonymous
  bool published_ = false;  // renamed into place (not removed at the end)
  Warn warn_;
};

}  // namespace warpsim::trace
