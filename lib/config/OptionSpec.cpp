// OptionSpec: what each kind of option accepts, in words and as a check.
#include <cmath>
#include <limits>
#include <sstream>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/ValueText.h"

namespace warpsim {
namespace {

using config::formatDouble;
using config::formatSize;

// The bounds of a spec that actually restrict its kind (an Int's default bounds are the int64
// limits and say nothing), printed in the kind's own notation.
struct Bounds {
  bool hasMin = false;
  bool hasMax = false;
  std::string minText;
  std::string maxText;
};

constexpr double kTwoTo63 = 9223372036854775808.0;
constexpr double kTwoTo64 = 18446744073709551616.0;

std::string boundText(OptionKind kind, double v) {
  switch (kind) {
    case OptionKind::Int:
      return std::to_string(static_cast<std::int64_t>(v));
    case OptionKind::UInt:
      return std::to_string(static_cast<std::uint64_t>(v));
    case OptionKind::Size:
      return formatSize(static_cast<std::uint64_t>(v));
    default:
      return formatDouble(v);
  }
}

Bounds boundsOf(const OptionSpec& s) {
  Bounds b;
  switch (s.kind) {
    case OptionKind::Int:
      b.hasMin = s.min > -kTwoTo63;
      b.hasMax = s.max < kTwoTo63;
      break;
    case OptionKind::UInt:
    case OptionKind::Size:
      b.hasMin = s.min > 0;
      b.hasMax = s.max < kTwoTo64;
      break;
    default:
      b.hasMin = std::isfinite(s.min);
      b.hasMax = std::isfinite(s.max);
  }
  if (b.hasMin) b.minText = boundText(s.kind, s.min);
  if (b.hasMax) b.maxText = boundText(s.kind, s.max);
  return b;
}

// " between 1 and 8", " at least 1", " at most 8" or "".
std::string rangeText(const Bounds& b) {
  if (b.hasMin && b.hasMax) return " between " + b.minText + " and " + b.maxText;
  if (b.hasMin) return " at least " + b.minText;
  if (b.hasMax) return " at most " + b.maxText;
  return "";
}

// "" when `v` lies within the spec's inclusive bounds, else which bound it breaks.
std::string rangeProblem(const OptionSpec& s, long double v) {
  const Bounds b = boundsOf(s);
  if (b.hasMin && v < static_cast<long double>(s.min)) return "below the minimum " + b.minText;
  if (b.hasMax && v > static_cast<long double>(s.max)) return "above the maximum " + b.maxText;
  return "";
}

bool allDigits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// Why an integer option rejected `text`: negative, overflowing, or not a number at all.
std::string integerProblem(const std::string& text, bool isUnsigned) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string digits = negative ? text.substr(1) : text;
  if (isUnsigned && negative && (allDigits(digits) || digits.rfind("0x", 0) == 0)) {
    return "negative";
  }
  if (allDigits(digits)) return "too large for a 64-bit integer";
  return "not an integer";
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

std::string OptionSpec::allowed() const {
  const Bounds b = boundsOf(*this);
  switch (kind) {
    case OptionKind::Bool:
      return "true or false (also 1/0, yes/no, on/off)";
    case OptionKind::Int:
      return "an integer" + rangeText(b);
    case OptionKind::UInt:
      return "a non-negative integer" + rangeText(b);
    case OptionKind::Double:
      return "a number" + rangeText(b);
    case OptionKind::Size: {
      const std::string range = rangeText(b);
      return "a byte count with optional unit B, KiB, MiB, GiB (e.g. 32KiB)" +
             (range.empty() ? "" : "," + range);
    }
    case OptionKind::Freq:  // addFreq always gives a positive minimum and a maximum
      return "a frequency in MHz with optional unit MHz or GHz (e.g. 700, 1.4GHz)," + rangeText(b);
    case OptionKind::Enum:
      return "one of: " + joined(choices);
    case OptionKind::String:
      return "any text";
  }
  return "";
}

std::string OptionSpec::allowedShort() const {
  const Bounds b = boundsOf(*this);
  std::string unit = kind == OptionKind::Freq ? " MHz" : "";
  switch (kind) {
    case OptionKind::Bool:
      return "true \\| false";
    case OptionKind::Enum: {
      std::string out;
      for (const std::string& c : choices) out += (out.empty() ? "`" : " \\| `") + c + "`";
      return out;
    }
    case OptionKind::String:
      return "text";
    default:
      break;
  }
  if (b.hasMin && b.hasMax) return b.minText + " .. " + b.maxText + unit;
  if (b.hasMin) return ">= " + b.minText + unit;
  if (b.hasMax) return "<= " + b.maxText + unit;
  return "any";
}

std::string OptionSpec::check(const std::string& text) const {
  switch (kind) {
    case OptionKind::Bool: {
      bool v = false;
      return config::parseBool(text, v) ? "" : "not a boolean";
    }
    case OptionKind::Int: {
      std::int64_t v = 0;
      if (!config::parseInt(text, v)) return integerProblem(text, false);
      return rangeProblem(*this, v);
    }
    case OptionKind::UInt: {
      std::uint64_t v = 0;
      if (!config::parseUInt(text, v)) return integerProblem(text, true);
      return rangeProblem(*this, v);
    }
    case OptionKind::Double: {
      double v = 0;
      if (!config::parseDouble(text, v)) return "not a number";
      return rangeProblem(*this, v);
    }
    case OptionKind::Size: {
      std::uint64_t v = 0;
      if (!parseSize(text, v)) return "not a size";
      return rangeProblem(*this, v);
    }
    case OptionKind::Freq: {
      double v = 0;
      if (!parseFreqMHz(text, v)) return "not a frequency";
      return rangeProblem(*this, v);
    }
    case OptionKind::Enum:
      for (const std::string& choice : choices) {
        if (text == choice) return "";
      }
      return "not one of the choices";
    case OptionKind::String:
      return "";
  }
  return "unknown option kind";
}

}  // namespace warpsim
