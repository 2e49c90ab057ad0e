#include "warpsim/workload/trace/LineReader.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "warpsim/workload/trace/TraceError.h"

namespace warpsim::trace {
namespace {
constexpr std::size_t kChunk = 1 << 16;

const char* lzmaMessage(lzma_ret r) {
  switch (r) {
    case LZMA_FORMAT_ERROR:
      return "not an xz stream";
    case LZMA_DATA_ERROR:
      return "corrupt xz data";
    case LZMA_BUF_ERROR:
      return "truncated xz stream";
    case LZMA_MEM_ERROR:
      return "out of memory while decompressing";
    case LZMA_OPTIONS_ERROR:
      return "unsupported xz options";
    default:
      return "xz decompression failed";
  }
}
}  // namespace

LineReader::LineReader(std::string path)
    : path_(std::move(path)), xz_(std::filesystem::path(path_).extension() == ".xz") {
  file_ = std::fopen(path_.c_str(), "rb");
  if (!file_) throw TraceError(path_, 0, std::string("cannot open: ") + std::strerror(errno));
  restart();
}

LineReader::~LineReader() {
  if (xz_) lzma_end(&lz_);
  if (file_) std::fclose(file_);
}

void LineReader::restart() {
  std::rewind(file_);
  if (xz_) {
    lzma_end(&lz_);
    lz_ = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&lz_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
      throw TraceError(path_, 0, "cannot start the xz decoder");
    in_.resize(kChunk);
    lzEnd_ = false;
  }
  buf_.clear();
  pos_ = 0;
  bufOffset_ = 0;
  lineNo_ = lineStart_ = 0;
  eof_ = false;
}

bool LineReader::fill() {
  if (eof_) return false;
  // Drop what was returned already, so the buffer holds at most one chunk plus one line.
  if (pos_ > 0) {
    buf_.erase(0, pos_);
    bufOffset_ += pos_;
    pos_ = 0;
  }
  const std::size_t old = buf_.size();
  if (!xz_) {
    buf_.resize(old + kChunk);
    const std::size_t n = std::fread(&buf_[old], 1, kChunk, file_);
    buf_.resize(old + n);
    if (n == 0) {
      if (std::ferror(file_)) throw TraceError(path_, 0, "read error");
      eof_ = true;
    }
    return n > 0;
  }
  while (!lzEnd_) {
    if (lz_.avail_in == 0 && !std::feof(file_)) {
      lz_.avail_in = std::fread(in_.data(), 1, in_.size(), file_);
      lz_.next_in = in_.data();
      if (std::ferror(file_)) throw TraceError(path_, 0, "read error");
    }
    buf_.resize(old + kChunk);
    lz_.next_out = reinterpret_cast<std::uint8_t*>(&buf_[old]);
    lz_.avail_out = kChunk;
    const lzma_ret r = lzma_code(&lz_, std::feof(file_) ? LZMA_FINISH : LZMA_RUN);
    buf_.resize(old + (kChunk - lz_.avail_out));
    if (r == LZMA_STREAM_END)
      lzEnd_ = true;
    else if (r != LZMA_OK)
      throw TraceError(path_, lineNo_ + 1, std::string("xz: ") + lzmaMessage(r));
    if (buf_.size() > old) return true;
    if (lz_.avail_in == 0 && std::feof(file_) && !lzEnd_)
      throw TraceError(path_, lineNo_ + 1, "xz: truncated xz stream");
  }
  eof_ = true;
  return false;
}

bool LineReader::next(std::string_view& line) {
  std::size_t end;
  while ((end = buf_.find('\n', pos_)) == std::string::npos) {
    // A trace line is at most some hundreds of bytes; without a limit, a file with no line ends
    // (a device such as /dev/zero, a binary file) would take all memory.
    if (buf_.size() - pos_ > kMaxLineBytes)
      throw TraceError(
          path_, lineNo_ + 1,
          "a line longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB: not a trace file");
    if (!fill()) {
      if (pos_ == buf_.size()) return false;
      end = buf_.size();  // a last line without '\n'
      break;
    }
  }
  lineStart_ = bufOffset_ + pos_;
  ++lineNo_;
  std::size_t len = end - pos_;
  if (len > 0 && buf_[pos_ + len - 1] == '\r') --len;
  line = std::string_view(buf_).substr(pos_, len);
  pos_ = end < buf_.size() ? end + 1 : end;
  return true;
}

void LineReader::seek(std::uint64_t offset, std::uint64_t lineNumberBefore) {
  if (!xz_) {
    if (std::fseek(file_, static_cast<long>(offset), SEEK_SET) != 0)
      throw TraceError(path_, 0, "cannot seek");
    buf_.clear();
    pos_ = 0;
    bufOffset_ = offset;
    eof_ = false;
    lineNo_ = lineNumberBefore;
    return;
  }
  if (offset < bufOffset_ + pos_) restart();
  std::string_view skipped;
  while (bufOffset_ + pos_ < offset && next(skipped)) {
  }
  lineNo_ = lineNumberBefore;
}

}  // namespace warpsim::trace
