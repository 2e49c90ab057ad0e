#pragma once
// "Did you mean" suggestions for unknown option names. Internal to lib/config.
#include <cstddef>
#include <string>
#include <vector>

namespace warpsim::config {

// Levenshtein distance, ignoring ASCII case (so `dram.trcd` is next to `dram.tRCD`).
std::size_t editDistance(const std::string& a, const std::string& b);

// Names longer than this get no suggestions: no option name comes near, and the distance
// costs the product of the lengths (a line or --set of megabytes would take seconds).
constexpr std::size_t kMaxSuggestedNameLength = 100;

// Up to `n` of `candidates` nearest to `name`, nearest first, ties by name. A candidate with
// nothing in common (distance equal to the longer length) is never suggested, nor any for a
// name longer than kMaxSuggestedNameLength.
std::vector<std::string> nearestNames(const std::string& name,
                                      const std::vector<std::string>& candidates, std::size_t n);

}  // namespace warpsim::config
