#include "FatBinary.h"

#include <cstring>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim::cudart {
namespace {

template <class T>
T at(const std::uint8_t* p, std::size_t offset) {
  T v;
  std::memcpy(&v, p + offset, sizeof v);
  return v;
}

constexpr std::size_t kHeaderBytes = 16, kEntryMinBytes = 0x30;
constexpr std::uint16_t kPtxKind = 1;
constexpr std::uint64_t kCompressed = 0x8000;

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::vector<PtxImage> readFatbinary(const std::uint8_t* data, std::size_t limit) {
  if (limit < kHeaderBytes || at<std::uint32_t>(data, 0) != kFatbinMagic)
    throw ConfigError("fatbinary: not a fatbinary (magic " +
                      hex(limit >= 4 ? at<std::uint32_t>(data, 0) : 0) + ", expected " +
                      hex(kFatbinMagic) + ")");
  const std::size_t headerSize = at<std::uint16_t>(data, 6);
  const std::uint64_t size = at<std::uint64_t>(data, 8);
  if (headerSize < kHeaderBytes || size > limit - headerSize)
    throw ConfigError("fatbinary: header size " + std::to_string(headerSize) + " and entries of " +
                      std::to_string(size) + " bytes do not fit in " + std::to_string(limit));
  std::vector<PtxImage> images;
  const std::uint8_t* entry = data + headerSize;
  const std::uint8_t* end = entry + size;
  while (entry < end) {
    const std::size_t left = static_cast<std::size_t>(end - entry);
    if (left < kEntryMinBytes) throw ConfigError("fatbinary: a truncated entry header");
    const std::uint16_t kind = at<std::uint16_t>(entry, 0);
    const std::uint32_t entryHeader = at<std::uint32_t>(entry, 4);
    const std::uint64_t payload = at<std::uint64_t>(entry, 8);
    if (entryHeader < kEntryMinBytes || entryHeader > left || payload > left - entryHeader)
      throw ConfigError("fatbinary: an entry of " + std::to_string(payload) +
                        " bytes runs past the end");
    if (kind == kPtxKind) {
      const std::uint32_t arch = at<std::uint32_t>(entry, 0x1c);
      if (at<std::uint64_t>(entry, 0x28) & kCompressed)
        throw ConfigError("fatbinary: the PTX for compute_" + std::to_string(arch) +
                          " is compressed; build with nvcc --no-compress");
      const char* text = reinterpret_cast<const char*>(entry + entryHeader);
      std::size_t n = static_cast<std::size_t>(payload);
      while (n > 0 && text[n - 1] == '\0') --n;  // padding
      images.push_back(PtxImage{arch, std::string(text, n)});
    }
    entry += entryHeader + payload;
  }
  return images;
}

std::vector<PtxImage> readFatbinaryWrapper(const void* wrapper) {
  const auto* w = static_cast<const std::uint8_t*>(wrapper);
  if (at<std::uint32_t>(w, 0) != kFatbinWrapperMagic)
    throw ConfigError("fatbinary: the registered wrapper has magic " +
                      hex(at<std::uint32_t>(w, 0)) + ", expected " + hex(kFatbinWrapperMagic));
  const auto* data = reinterpret_cast<const std::uint8_t*>(at<std::uintptr_t>(w, 8));
  // Only the header says how long the fatbinary is (nvcc wrote it: it is trusted).
  if (at<std::uint32_t>(data, 0) != kFatbinMagic) return readFatbinary(data, kHeaderBytes);
  return readFatbinary(data, at<std::uint16_t>(data, 6) + at<std::uint64_t>(data, 8));
}

const PtxImage& choosePtx(const std::vector<PtxImage>& images) {
  const PtxImage* best = nullptr;
  std::string found;
  for (const PtxImage& i : images) {
    found += (found.empty() ? "" : ", ") + std::string("compute_") + std::to_string(i.arch);
    if (i.arch >= 75 && (!best || i.arch < best->arch)) best = &i;
  }
  if (!best)
    throw ConfigError("fatbinary: no PTX for compute_75 or newer (found: " +
                      (found.empty() ? std::string("no PTX") : found) +
                      "); build with -arch=compute_75 -code=compute_75");
  return *best;
}

}  // namespace warpsim::cudart
