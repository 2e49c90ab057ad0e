#include "warpsim/config/EditDistance.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace warpsim::config {

std::size_t editDistance(const std::string& a, const std::string& b) {
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  };
  // Two rows of the dynamic-programming table: previous[j] is the distance from a[0, i-1) to
  // b[0, j).
  std::vector<std::size_t> previous(b.size() + 1);
  std::vector<std::size_t> current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitute = previous[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitute});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::vector<std::string> nearestNames(const std::string& name,
                                      const std::vector<std::string>& candidates, std::size_t n) {
  std::vector<std::pair<std::size_t, std::string>> ranked;
  if (name.size() > kMaxSuggestedNameLength) return {};
  for (const std::string& candidate : candidates) {
    const std::size_t distance = editDistance(name, candidate);
    if (distance < std::max(name.size(), candidate.size()))
      ranked.emplace_back(distance, candidate);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> names;
  for (std::size_t i = 0; i < ranked.size() && i < n; ++i) names.push_back(ranked[i].second);
  return names;
}

}  // namespace warpsim::config
