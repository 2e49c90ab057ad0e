#pragma once
// Dotted statistic paths (`gpu.sm3.l1d.misses`): their segments, the nested JSON objects'
// names.
// Internal to lib/stats: StatsRegistry is the public way in.
#include <string>
#include <vector>

namespace warpsim {

// The segments of `path`; throws std::logic_error naming the path when it is empty, has an
// empty segment (`a..b`, `.a`, `a.`), or holds a character that would break the CSV or the
// tree (comma, quote, whitespace, control characters).
std::vector<std::string> splitStatPath(const std::string& path);

}  // namespace warpsim
