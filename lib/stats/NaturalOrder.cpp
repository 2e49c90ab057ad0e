#include "warpsim/stats/NaturalOrder.h"

#include <cctype>

namespace warpsim {

namespace {

bool isDigit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

void appendCount(std::string& out, std::size_t n) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((n >> shift) & 0xff));
}

}  // namespace

std::string naturalKey(const std::string& s) {
  std::string key;
  key.reserve(s.size() + 16);
  for (std::size_t i = 0; i < s.size();) {
    if (!isDigit(s[i])) {
      key.push_back(s[i++]);
      continue;
    }
    std::size_t end = i;
    while (end < s.size() && isDigit(s[end])) ++end;
    std::size_t first = i;  // the first significant digit (a run of zeros keeps its last)
    while (first + 1 < end && s[first] == '0') ++first;
    // '0' sorts against any other byte as every digit does: only digits lie between '0' and '9'.
    key.push_back('0');
    appendCount(key, end - first);
    key.append(s, first, end - first);
    appendCount(key, end - i);
    i = end;
  }
  return key;
}

bool naturalLess(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (isDigit(a[i]) && isDigit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && isDigit(a[ei])) ++ei;
      while (ej < b.size() && isDigit(b[ej])) ++ej;
      // Compare the runs' values without converting (runs may exceed 64 bits): skip leading
      // zeros, then the longer run is larger, then digit by digit.
      std::size_t zi = i, zj = j;
      while (zi + 1 < ei && a[zi] == '0') ++zi;
      while (zj + 1 < ej && b[zj] == '0') ++zj;
      if (ei - zi != ej - zj) return ei - zi < ej - zj;
      const int c = a.compare(zi, ei - zi, b, zj, ej - zj);
      if (c != 0) return c < 0;
      if (ei - i != ej - j) return ei - i < ej - j;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

}  // namespace warpsim
