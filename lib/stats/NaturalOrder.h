#pragma once
// Natural order for statistic paths: runs of digits compare by value, so `gpu.sm2` sorts
// before `gpu.sm10` (doc/user-guide.md section 4, CSV).
#include <string>

namespace warpsim {

// True when `a` sorts before `b`: text compares byte by byte, digit runs by their value (and,
// for equal values, the shorter run, i.e. fewer leading zeros, first).
bool naturalLess(const std::string& a, const std::string& b);

// A key whose plain byte order is natural order: naturalKey(a) < naturalKey(b) exactly when
// naturalLess(a, b). Each digit run becomes a '0', its significant digits' count, those digits,
// and its whole length (counts as four big-endian bytes): sorting many paths by keys made once
// compares bytes instead of parsing digit runs at every comparison.
std::string naturalKey(const std::string& s);

struct NaturalLess {
  bool operator()(const std::string& a, const std::string& b) const { return naturalLess(a, b); }
};

}  // namespace warpsim
