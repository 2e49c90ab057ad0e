#pragma once
// Reads a text file line by line, plain or xz-compressed (liblzma, streaming: no temporary
// file, memory bounded by one buffer and the longest line). Plain files can seek to a line
// start; xz files can only be read from the start again (rewind).
#include <lzma.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::trace {

class LineReader {
 public:
  // Opens `path`; a name ending in ".xz" is decompressed. Throws TraceError if it cannot.
  explicit LineReader(std::string path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line without its end of line (and without a trailing '\r'); false at the end of
  // the file. The view stays valid until the next call. Throws TraceError on a read error or a
  // corrupt xz stream.
  bool next(std::string_view& line);
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;  // longer: a TraceError
  // 1-based number of the line next() returned last.
  std::uint64_t lineNumber() const { return lineNo_; }
  // Byte offset in the decompressed text of the start of the line next() returned last.
  std::uint64_t lineOffset() const { return lineStart_; }
  const std::string& path() const { return path_; }
  bool compressed() const { return xz_; }
  // Continue at a line start: `offset` and `lineNumber` as lineOffset()/lineNumber() gave
  // them for that line (minus one for the line number: the next line read gets lineNumber).
  // Plain files seek; xz files decompress again from the start up to there.
  void seek(std::uint64_t offset, std::uint64_t lineNumberBefore);

 private:
  bool fill();  // appends decompressed bytes to buf_; false at the end of the input
  void restart();

  std::string path_;
  bool xz_ = false;
  std::FILE* file_ = nullptr;
  lzma_stream lz_ = LZMA_STREAM_INIT;
  bool lzEnd_ = false;
  std::vector<std::uint8_t> in_;  // compressed input buffer
  std::string buf_;               // decompressed text not yet returned
  std::size_t pos_ = 0;           // start of the unread part of buf_
  std::uint64_t bufOffset_ = 0;   // offset in the text of buf_[0]
  std::uint64_t lineNo_ = 0, lineStart_ = 0;
  bool eof_ = false;
};

}  // namespace warpsim::trace
