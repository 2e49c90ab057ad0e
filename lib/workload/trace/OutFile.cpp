#include "warpsim/workload/trace/OutFile.h"

#include <filesystem>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace warpsim::trace {
namespace {

constexpr std::size_t kChunk = 1 << 16;

}  // namespace

OutFile::OutFile(std::string path, std::uint32_t xzPreset)
    : path_(std::move(path)), xz_(std::filesystem::path(path_).extension() == ".xz") {
  file_ = std::fopen(path_.c_str(), "wb");
  if (!file_) fail(std::string("cannot create: ") + std::strerror(errno));
  if (xz_) {
    if (lzma_easy_encoder(&lz_, xzPreset, LZMA_CHECK_CRC64) != LZMA_OK) {
      lzma_end(&lz_);  // no destructor runs when the constructor throws
      std::fclose(file_);
      fail("cannot start the xz encoder (preset " + std::to_string(xzPreset) + ")");
    }
    out_.resize(kChunk);
  }
}

OutFile::~OutFile() {
  if (xz_) lzma_end(&lz_);
  if (file_) std::fclose(file_);
}

void OutFile::fail(const std::string& what) const {
  throw std::runtime_error(path_ + ": " + what);
}

void OutFile::write(std::string_view text) {
  if (!file_) fail("write after close");
  if (xz_)
    encode(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), LZMA_RUN);
  else
    writeRaw(text.data(), text.size());
}

void OutFile::close() {
  if (!file_) return;
  if (xz_) encode(nullptr, 0, LZMA_FINISH);
  const bool error = std::ferror(file_) != 0;
  const int rc = std::fclose(file_);
  const int err = errno;
  file_ = nullptr;
  if (error || rc != 0) fail(std::string("write error: ") + std::strerror(err));
}

void OutFile::encode(const std::uint8_t* data, std::size_t size, lzma_action action) {
  lz_.next_in = data;
  lz_.avail_in = size;
  while (true) {
    lz_.next_out = out_.data();
    lz_.avail_out = out_.size();
    const lzma_ret r = lzma_code(&lz_, action);
    if (r != LZMA_OK && r != LZMA_STREAM_END)
      fail("xz compression failed (liblzma error " + std::to_string(r) + ")");
    writeRaw(out_.data(), out_.size() - lz_.avail_out);
    if (r == LZMA_STREAM_END) return;  // LZMA_FINISH done: the stream is complete
    // LZMA_RUN returns once all input is taken (the encoder keeps the rest for later calls).
    if (action == LZMA_RUN && lz_.avail_in == 0) return;
  }
}

void OutFile::writeRaw(const void* data, std::size_t size) {
  if (size > 0 && std::fwrite(data, 1, size, file_) != size)
    fail(std::string("write error: ") + std::strerror(errno));
}

}  // namespace warpsim::trace
