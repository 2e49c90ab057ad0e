#pragma once
// "Did you mean" suggestions for unknown option names. Internal to lib/config.
#include <cstddef>
#include <string>
#include <vector>

namespace warpsim::config {

// Levenshtein distance, ignoring ASCII case (so `dram.trcd` is next to `dram.tRCD`).
std::size_t editDistance(const std::string& a, const std::string& b);

// Up to `n` of `candidates` nearest to `name`, nearest first, ties by name. A candidate with
// nothing in common (distance equal to the longer length) is never suggested.
std::vector<std::string> nearestNames(const std::string& name,
                                      const std::vector<std::string>& candidates, std::size_t n);

}  // namespace warpsim::config
