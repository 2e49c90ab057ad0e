#include "warpsim/config/gpgpusim/Values.h"

#include <cctype>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/config/ValueText.h"

namespace warpsim::gpgpusim {
namespace {

std::vector<std::string> splitAny(const std::string& text, const std::string& separators) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : text) {
    if (separators.find(c) != std::string::npos) {
      parts.push_back(config::trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(config::trim(current));
  return parts;
}

const char* const kTimingNames[] = {"nbk", "CCD", "RRD",  "RCD", "RAS",    "RP",   "RC",
                                    "CL",  "WL",  "CDLR", "WR",  "nbkgrp", "CCDL", "RTPL"};
const char* const kTimingAllowed =
    "nbk=<banks>:CCD=..:RRD=..:RCD=..:RAS=..:RP=..:RC=..:CL=..:WL=..:CDLR=..:WR=..[:nbkgrp=..:"
    "CCDL=..:RTPL=..] (DRAM command cycles), or the same 11 to 14 numbers in that order";

}  // namespace

void badValue(const OptionEntry& e, const std::string& why, const std::string& allowed) {
  throw ConfigError(e.where() + " = '" + e.value + "': " + why + "; allowed: " + allowed);
}

std::uint64_t uintValue(const OptionEntry& e, std::uint64_t min, std::uint64_t max) {
  const std::string allowed =
      "a whole number between " + std::to_string(min) + " and " + std::to_string(max);
  if (!e.hasValue) badValue(e, "no value after the option", allowed);
  std::uint64_t v = 0;
  if (!config::parseUInt(e.value, v)) badValue(e, "not a whole number", allowed);
  if (v < min) badValue(e, "below the minimum " + std::to_string(min), allowed);
  if (v > max) badValue(e, "above the maximum " + std::to_string(max), allowed);
  return v;
}

bool boolValue(const OptionEntry& e) {
  if (!e.hasValue) return true;  // GPGPU-Sim: a flag without a value turns it on
  if (e.value == "0" || e.value == "1") return e.value == "1";
  badValue(e, "not 0 or 1", "0 (off) or 1 (on)");
}

std::vector<std::uint32_t> uintList(const OptionEntry& e, std::size_t count, const char* names,
                                    bool extraOk) {
  const std::string allowed =
      std::to_string(count) + " comma-separated whole numbers (" + names + ")";
  if (!e.hasValue) badValue(e, "no value after the option", allowed);
  const std::vector<std::string> parts = splitAny(e.value, ",");
  if (parts.size() < count || (parts.size() > count && !extraOk))
    badValue(e, std::to_string(parts.size()) + " number" + (parts.size() == 1 ? "" : "s"), allowed);
  std::vector<std::uint32_t> out;
  for (const std::string& p : parts) {
    std::uint64_t v = 0;
    if (!config::parseUInt(p, v) || v > 0xffffffffu)
      badValue(e, "'" + p + "' is not a whole number", allowed);
    out.push_back(static_cast<std::uint32_t>(v));
  }
  out.resize(count);
  return out;
}

std::array<double, 4> clockDomains(const OptionEntry& e) {
  const char* allowed =
      "<core>:<interconnect>:<L2>:<DRAM> in MHz, each above 0 (e.g. "
      "700.0:700.0:700.0:924.0)";
  if (!e.hasValue) badValue(e, "no value after the option", allowed);
  const std::vector<std::string> parts = splitAny(e.value, ":");
  if (parts.size() != 4)
    badValue(e, std::to_string(parts.size()) + " clock" + (parts.size() == 1 ? "" : "s"), allowed);
  std::array<double, 4> mhz{};
  for (std::size_t i = 0; i < 4; ++i) {
    if (!config::parseDouble(parts[i], mhz[i]) || !(mhz[i] > 0))
      badValue(e, "'" + parts[i] + "' is not a frequency above 0", allowed);
  }
  return mhz;
}

std::vector<std::pair<std::string, std::uint32_t>> dramTiming(const OptionEntry& e) {
  if (!e.hasValue) badValue(e, "no value after the option", kTimingAllowed);
  std::vector<std::pair<std::string, std::uint32_t>> out;
  auto number = [&](const std::string& text) {
    std::uint64_t v = 0;
    if (!config::parseUInt(text, v) || v > 0xffffffffu)
      badValue(e, "'" + text + "' is not a whole number", kTimingAllowed);
    return static_cast<std::uint32_t>(v);
  };
  if (e.value.find('=') == std::string::npos) {  // GPGPU-Sim's legacy positional form
    const std::vector<std::string> parts = splitAny(e.value, ":");
    if (parts.size() < 11 || parts.size() > 14)
      badValue(e, std::to_string(parts.size()) + " numbers", kTimingAllowed);
    for (std::size_t i = 0; i < parts.size(); ++i)
      out.emplace_back(kTimingNames[i], number(parts[i]));
    return out;
  }
  // Named: name=value pairs, separated by ':', ';' or blanks (a quoted value may span lines).
  std::vector<std::string> tokens;
  for (const std::string& t : splitAny(e.value, "=:; \t\n"))
    if (!t.empty()) tokens.push_back(t);
  if (tokens.size() % 2 != 0) badValue(e, "a name without a value", kTimingAllowed);
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    bool known = false;
    for (const char* n : kTimingNames) known = known || tokens[i] == n;
    if (!known) badValue(e, "unknown timing parameter '" + tokens[i] + "'", kTimingAllowed);
    out.emplace_back(tokens[i], number(tokens[i + 1]));
  }
  return out;
}

std::vector<int> AddressMapping::positions(char letter) const {
  std::vector<int> out;
  for (int bit = 0; bit < 64; ++bit)
    if (bits[static_cast<std::size_t>(63 - bit)] == letter) out.push_back(bit);
  return out;
}

AddressMapping addressMapping(const OptionEntry& e) {
  const char* allowed =
      "[dramid@<start bit>;]<64 bit letters, most significant first: D (channel, only without "
      "dramid@), B (bank), R (row), C (column), S (burst), 0 (unused); '.', '|' and blanks are "
      "ignored> (e.g. dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC."
      "BCCSSSSS)";
  if (!e.hasValue) badValue(e, "no value after the option", allowed);
  AddressMapping m;
  std::string map = e.value;
  if (map.rfind("dramid@", 0) == 0) {
    const auto semi = map.find(';');
    std::uint64_t start = 0;
    if (!config::parseUInt(map.substr(7, semi == std::string::npos ? semi : semi - 7), start) ||
        start > 63)
      badValue(e, "dramid@ needs a bit position from 0 to 63", allowed);
    m.dramidStart = static_cast<int>(start);
    map = semi == std::string::npos ? "" : map.substr(semi + 1);
  }
  for (char c : map) {
    if (c == '.' || c == '|' || c == ' ') continue;
    const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (std::string("DBRCS0").find(u) == std::string::npos)
      badValue(e, std::string("'") + c + "' is not a mapping letter", allowed);
    if (u == 'D' && m.dramidStart >= 0) badValue(e, "D bits and dramid@ given together", allowed);
    m.bits += u;
  }
  if (m.bits.size() != 64)
    badValue(e, std::to_string(m.bits.size()) + " bit letters instead of 64", allowed);
  return m;
}

}  // namespace warpsim::gpgpusim
