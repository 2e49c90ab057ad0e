#include "warpsim/stats/StatsTree.h"

#include <stdexcept>

namespace warpsim {

namespace {

bool allowedInPath(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u > 0x20 && u != 0x7f && c != ',' && c != '"';
}

}  // namespace

std::vector<std::string> splitStatPath(const std::string& path) {
  std::vector<std::string> segments(1);
  for (char c : path) {
    if (c == '.') {
      segments.emplace_back();
      continue;
    }
    if (!allowedInPath(c)) {
      throw std::logic_error("StatsRegistry: statistic path '" + path +
                             "' holds a character not allowed (comma, quote, space or control)");
    }
    segments.back().push_back(c);
  }
  for (const std::string& s : segments) {
    if (s.empty()) {
      throw std::logic_error("StatsRegistry: statistic path '" + path +
                             "' has an empty segment; use non-empty names joined by '.'");
    }
  }
  return segments;
}

}  // namespace warpsim
