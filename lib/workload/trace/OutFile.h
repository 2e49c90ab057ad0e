#pragma once
// Writes a text file, plain or xz-compressed (liblzma, streaming: no temporary file, no child
// process, memory bounded by one output buffer): the writing side of LineReader. As there, a
// name ending in ".xz" is compressed.
#include <lzma.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::trace {

class OutFile {
 public:
  // Creates (or truncates) `path`; `xzPreset` (0-9) is the compression level of ".xz" files.
  // Throws std::runtime_error naming the path if it cannot.
  explicit OutFile(std::string path, std::uint32_t xzPreset = 2);
  // Without close() the file is closed as it is: an xz file stays unfinished (unreadable).
  ~OutFile();
  OutFile(const OutFile&) = delete;
  OutFile& operator=(const OutFile&) = delete;

  void write(std::string_view text);
  // Ends the xz stream and closes the file. Write errors (a full disk shows up here at the
  // latest) throw std::runtime_error naming the path.
  void close();

  const std::string& path() const { return path_; }
  bool compressed() const { return xz_; }

 private:
  void encode(const std::uint8_t* data, std::size_t size, lzma_action action);
  void writeRaw(const void* data, std::size_t size);
  [[noreturn]] void fail(const std::string& what) const;

  std::string path_;
  bool xz_ = false;
  std::FILE* file_ = nullptr;
  lzma_stream lz_ = LZMA_STREAM_INIT;
  std::vector<std::uint8_t> out_;  // compressed bytes not yet written
};

}  // namespace warpsim::trace
