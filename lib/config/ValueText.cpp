#include "warpsim/config/ValueText.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>
#include <type_traits>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim {
namespace config {
namespace {

struct SizeUnit {
  const char* name;
  std::uint64_t bytes;
};

// Case-sensitive, so that "32Kb" (kilobits?) is rejected rather than guessed. KB/MB/GB are powers
// of two, as hardware sizes are.
constexpr std::array<SizeUnit, 10> kSizeUnits{{{"", 1},
                                               {"B", 1},
                                               {"KiB", 1ULL << 10},
                                               {"MiB", 1ULL << 20},
                                               {"GiB", 1ULL << 30},
                                               {"TiB", 1ULL << 40},
                                               {"KB", 1ULL << 10},
                                               {"MB", 1ULL << 20},
                                               {"GB", 1ULL << 30},
                                               {"TB", 1ULL << 40}}};

struct FreqUnit {
  const char* name;
  double mhz;
};

// Compared without case: there is no millihertz to confuse with MHz.
constexpr std::array<FreqUnit, 5> kFreqUnits{
    {{"", 1.0}, {"hz", 1e-6}, {"khz", 1e-3}, {"mhz", 1.0}, {"ghz", 1e3}}};

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The unit after the number, with optional blanks between them.
std::string unitText(const char* pos, const char* end) {
  while (pos != end && (*pos == ' ' || *pos == '\t')) ++pos;
  return std::string(pos, end);
}

template <typename T>
bool parseInteger(const std::string& text, T& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const bool negative = begin != end && *begin == '-';
  const char* digits = negative ? begin + 1 : begin;
  int base = 10;
  if (end - digits > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    digits += 2;
  }
  if (digits == end || *digits == '-' || *digits == '+') return false;
  using Wide = std::conditional_t<std::is_signed_v<T>, std::uint64_t, T>;
  Wide magnitude = 0;
  auto [ptr, ec] = std::from_chars(digits, end, magnitude, base);
  if (ec != std::errc() || ptr != end) return false;
  if constexpr (std::is_signed_v<T>) {
    constexpr auto kMaxPositive = static_cast<std::uint64_t>(std::numeric_limits<T>::max());
    if (magnitude > kMaxPositive + (negative ? 1 : 0)) return false;
    value = negative ? static_cast<T>(0 - magnitude) : static_cast<T>(magnitude);
  } else {
    if (negative) return false;
    value = magnitude;
  }
  return true;
}

}  // namespace

bool parseBool(const std::string& text, bool& value) {
  const std::string t = lower(text);
  if (t == "true" || t == "1" || t == "yes" || t == "on") {
    value = true;
    return true;
  }
  if (t == "false" || t == "0" || t == "no" || t == "off") {
    value = false;
    return true;
  }
  return false;
}

bool parseInt(const std::string& text, std::int64_t& value) {
  return parseInteger(text, value);
}

bool parseUInt(const std::string& text, std::uint64_t& value) {
  return parseInteger(text, value);
}

bool parseDouble(const std::string& text, double& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  if (begin == end || *begin == '+') return false;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  return ec == std::errc() && ptr == end && std::isfinite(value);
}

std::string formatSize(std::uint64_t bytes) {
  if (bytes == 0) return "0";
  static constexpr std::array<const char*, 4> kUnits{"TiB", "GiB", "MiB", "KiB"};
  for (std::size_t i = 0; i < kUnits.size(); ++i) {
    const unsigned shift = 40 - 10 * static_cast<unsigned>(i);
    if (bytes % (std::uint64_t{1} << shift) == 0) {
      return std::to_string(bytes >> shift) + kUnits[i];
    }
  }
  return std::to_string(bytes) + "B";
}

std::string formatDouble(double value) {
  std::array<char, 32> buf{};
  auto [ptr, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value);
  return ec == std::errc() ? std::string(buf.data(), ptr) : std::string("nan");
}

std::string trim(const std::string& text) {
  const char* blanks = " \t\r\n\f\v";
  const auto first = text.find_first_not_of(blanks);
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

const char* kindName(OptionKind kind) {
  switch (kind) {
    case OptionKind::Bool:
      return "bool";
    case OptionKind::Int:
      return "int";
    case OptionKind::UInt:
      return "uint";
    case OptionKind::Double:
      return "double";
    case OptionKind::Size:
      return "size";
    case OptionKind::Freq:
      return "freq";
    case OptionKind::Enum:
      return "enum";
    case OptionKind::String:
      return "string";
  }
  return "?";
}

std::pair<std::string, std::string> splitName(const std::string& name) {
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return {"", name};
  return {name.substr(0, dot), name.substr(dot + 1)};
}

}  // namespace config

bool parseSize(const std::string& text, std::uint64_t& bytes) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  std::uint64_t count = 0;
  // Decimal digits only: no sign, no fraction, no hex ("1.5KiB" is not a whole byte count).
  if (begin == end || !std::isdigit(static_cast<unsigned char>(*begin))) return false;
  auto [ptr, ec] = std::from_chars(begin, end, count);
  if (ec != std::errc()) return false;
  const std::string unit = config::unitText(ptr, end);
  for (const config::SizeUnit& u : config::kSizeUnits) {
    if (unit != u.name) continue;
    if (count > std::numeric_limits<std::uint64_t>::max() / u.bytes) return false;
    bytes = count * u.bytes;
    return true;
  }
  return false;
}

bool parseFreqMHz(const std::string& text, double& mhz) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  if (begin == end || *begin == '+') return false;
  double number = 0.0;
  auto [ptr, ec] = std::from_chars(begin, end, number);
  if (ec != std::errc() || !std::isfinite(number)) return false;
  const std::string unit = config::lower(config::unitText(ptr, end));
  for (const config::FreqUnit& u : config::kFreqUnits) {
    if (unit == u.name) {
      mhz = number * u.mhz;
      return std::isfinite(mhz);
    }
  }
  return false;
}

}  // namespace warpsim
