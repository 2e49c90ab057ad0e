#pragma once
// The run's spill file of decoded thread blocks. The up-front check decodes every block anyway;
// it stores each one here (CtaCodec's form), and a block's launch reads it back instead of
// parsing the block's text a second time. One anonymous file for all kernels of a trace
// (unlinked as soon as it is created: it goes with the process, however that ends), capped in
// size; a block that does not fit, or any failure to create or write the file, leaves that
// block to be read from the text as before, with one warning.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace warpsim::trace {

class BlockSpill {
 public:
  // A file in `dir` (empty: $TMPDIR, else /tmp) holding at most `limitBytes`. `warn` gets the
  // one warning a failure gives (what failed, without a prefix).
  BlockSpill(const std::string& dir, std::uint64_t limitBytes,
             std::function<void(const std::string&)> warn);
  ~BlockSpill();
  BlockSpill(const BlockSpill&) = delete;
  BlockSpill& operator=(const BlockSpill&) = delete;

  struct Slot {
    std::uint64_t offset = 0;
    std::uint64_t bytes = 0;  // 0: not stored
  };
  // Stores `n` bytes; a slot with bytes = 0 if they could not be (full, or a write failed).
  Slot store(const std::uint8_t* bytes, std::size_t n);
  // The bytes of a slot store() returned, valid until the next load; null on a read error.
  // One buffer for all kernels of the trace.
  const std::vector<std::uint8_t>* load(const Slot& slot);
  std::uint64_t size() const { return size_; }

 private:
  void stop(const std::string& why);

  int fd_ = -1;
  std::uint64_t limit_, size_ = 0;
  std::function<void(const std::string&)> warn_;
  std::vector<std::uint8_t> loaded_;
};

}  // namespace warpsim::trace
