#include "warpsim/workload/ptx/PtxLexer.h"

#include <cstdlib>
#include <cstring>

#include "warpsim/workload/ptx/PtxError.h"

namespace warpsim::ptx::detail {
namespace {

bool isWordStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%' ||
         c == '.';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isWordChar(char c) {
  return isWordStart(c) || isDigit(c);
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Digits of `t` in base `base` into `v`; false on a bad digit, no digits or overflow.
bool parseDigits(std::string_view t, unsigned base, std::uint64_t& v) {
  if (t.empty()) return false;
  v = 0;
  for (char c : t) {
    const int d = hexDigit(c);
    if (d < 0 || static_cast<unsigned>(d) >= base) return false;
    if (v > (~std::uint64_t{0} - static_cast<unsigned>(d)) / base) return false;
    v = v * base + static_cast<unsigned>(d);
  }
  return true;
}

[[noreturn]] void lexError(const std::string& file, std::uint32_t line, const std::string& what) {
  throw PtxError(file + ":" + std::to_string(line) + ": " + what);
}

}  // namespace

std::vector<Token> lexPtx(std::string_view s, const std::string& file) {
  std::vector<Token> out;
  out.reserve(s.size() / 4);
  std::uint32_t line = 1;
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const char c = s[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      const std::uint32_t start = line;
      i += 2;
      while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/')) line += s[i++] == '\n';
      if (i + 1 >= n) lexError(file, start, "unterminated comment");
      i += 2;
    } else if (c == '"') {
      const std::size_t b = i++;
      while (i < n && s[i] != '"' && s[i] != '\n') ++i;
      if (i >= n || s[i] != '"') lexError(file, line, "unterminated string");
      ++i;
      out.push_back({Token::Kind::String, 0, line, s.substr(b, i - b)});
    } else if (isWordStart(c)) {
      const std::size_t b = i++;
      // Words hold their dots (ld.global.u32, %tid.x) and `::` (.L2::cache_hint).
      while (i < n) {
        if (isWordChar(s[i])) {
          ++i;
        } else if (s[i] == ':' && i + 2 < n && s[i + 1] == ':' && isWordChar(s[i + 2])) {
          i += 2;
        } else {
          break;
        }
      }
      out.push_back({Token::Kind::Word, 0, line, s.substr(b, i - b)});
    } else if (isDigit(c)) {
      const std::size_t b = i++;
      const bool prefixed = c == '0' && i < n && std::strchr("xXfFdDbB", s[i]) != nullptr;
      while (i < n) {
        if (isWordChar(s[i]) && s[i] != '%' && s[i] != '$') {
          ++i;
        } else if (!prefixed && (s[i] == '+' || s[i] == '-') &&
                   (s[i - 1] == 'e' || s[i - 1] == 'E')) {
          ++i;  // a decimal float's exponent sign
        } else {
          break;
        }
      }
      out.push_back({Token::Kind::Number, 0, line, s.substr(b, i - b)});
    } else if (std::strchr(",;:{}[]()<>+-!@|=*", c) != nullptr) {
      out.push_back({Token::Kind::Punct, c, line, s.substr(i, 1)});
      ++i;
    } else {
      lexError(file, line, std::string("unexpected character '") + c + "'");
    }
  }
  out.push_back({Token::Kind::End, 0, line, {}});
  return out;
}

bool parseLiteral(std::string_view t, bool negative, Literal& out) {
  out = Literal{};
  if (t.empty()) return false;
  const char p = t.size() > 1 && t[0] == '0' ? t[1] : 0;
  if (p == 'f' || p == 'F' || p == 'd' || p == 'D') {
    const bool single = p == 'f' || p == 'F';
    const std::string_view digits = t.substr(2);
    if (digits.size() != (single ? 8u : 16u) || !parseDigits(digits, 16, out.bits)) return false;
    out.isFloat = true;
    out.floatBits = single ? 32 : 64;
    if (negative) out.bits ^= single ? 0x80000000ull : 0x8000000000000000ull;
    if (single) {
      const auto b = static_cast<std::uint32_t>(out.bits);
      float f;
      std::memcpy(&f, &b, sizeof f);
      out.fvalue = f;
    } else {
      std::memcpy(&out.fvalue, &out.bits, sizeof out.fvalue);
    }
    return true;
  }
  const bool hex = p == 'x' || p == 'X';
  if (!hex && t.find_first_of(".eE") != std::string_view::npos) {
    const std::string copy(t);
    char* end = nullptr;
    out.fvalue = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size()) return false;
    if (negative) out.fvalue = -out.fvalue;
    out.isFloat = true;
    std::memcpy(&out.bits, &out.fvalue, sizeof out.bits);
    return true;
  }
  if (t.back() == 'U' || t.back() == 'u') t.remove_suffix(1);
  bool ok;
  if (hex) {
    ok = parseDigits(t.substr(2), 16, out.bits);
  } else if (p == 'b' || p == 'B') {
    ok = parseDigits(t.substr(2), 2, out.bits);
  } else if (t.size() > 1 && t[0] == '0') {
    ok = parseDigits(t.substr(1), 8, out.bits);
  } else {
    ok = parseDigits(t, 10, out.bits);
  }
  if (negative) out.bits = ~out.bits + 1;
  return ok;
}

}  // namespace warpsim::ptx::detail
