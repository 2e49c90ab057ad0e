#pragma once
// Dotted statistic paths (`gpu.sm3.l1d.misses`) and the nested JSON objects they map to.
// Internal to lib/stats: StatsRegistry is the public way in.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace warpsim {

// The segments of `path`; throws std::logic_error naming the path when it is empty, has an
// empty segment (`a..b`, `.a`, `a.`), or holds a character that would break the CSV or the
// tree (comma, quote, whitespace, control characters).
std::vector<std::string> splitStatPath(const std::string& path);

// Sets root[s0][s1]...[sN] = value, creating objects on the way. The registry guarantees no
// path is both a leaf and a prefix of another, so every step lands on an object.
void setAtStatPath(nlohmann::json& root, const std::string& path, nlohmann::json value);

}  // namespace warpsim
