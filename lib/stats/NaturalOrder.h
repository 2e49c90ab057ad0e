#pragma once
// Natural order for statistic paths: runs of digits compare by value, so `gpu.sm2` sorts
// before `gpu.sm10` (doc/user-guide.md section 4, CSV).
#include <string>

namespace warpsim {

// True when `a` sorts before `b`: text compares byte by byte, digit runs by their value (and,
// for equal values, the shorter run, i.e. fewer leading zeros, first).
bool naturalLess(const std::string& a, const std::string& b);

struct NaturalLess {
  bool operator()(const std::string& a, const std::string& b) const { return naturalLess(a, b); }
};

}  // namespace warpsim
