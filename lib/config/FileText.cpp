#include "warpsim/config/FileText.h"

#include <algorithm>
#include <fstream>

namespace warpsim {

FileRead readFileText(const std::string& path, std::uint64_t maxBytes, std::string& out) {
  out.clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) return FileRead::CannotOpen;
  constexpr std::size_t kChunk = 1 << 16;
  char buf[kChunk];
  while (in) {
    // One byte past the limit tells a file of exactly maxBytes from a larger one.
    const std::uint64_t room = maxBytes + 1 - out.size();
    in.read(buf, static_cast<std::streamsize>(std::min<std::uint64_t>(kChunk, room)));
    out.append(buf, static_cast<std::size_t>(in.gcount()));
    if (out.size() > maxBytes) return FileRead::TooLarge;
  }
  return in.bad() ? FileRead::ReadError : FileRead::Ok;
}

std::string fileReadProblem(FileRead result, const std::string& what, const std::string& path,
                            std::uint64_t maxBytes) {
  switch (result) {
    case FileRead::Ok:
      return "";
    case FileRead::CannotOpen:
      return "cannot open " + what + " '" + path + "'";
    case FileRead::TooLarge:
      return what + " '" + path + "' is larger than " + byteLimitText(maxBytes) +
             ", the most warpsim reads of one";
    default:
      return "cannot read " + what + " '" + path + "'";
  }
}

std::string byteLimitText(std::uint64_t bytes) {
  if (bytes >= (1u << 30) && bytes % (1u << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace warpsim
