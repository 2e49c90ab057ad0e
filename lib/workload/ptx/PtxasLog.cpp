#include "warpsim/workload/ptx/PtxasLog.h"

#include <sstream>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim::ptx {
namespace {

// The number just before `unit` in `line` (" 12 registers"), or -1 when `unit` is absent.
long long countBefore(const std::string& line, const std::string& unit, const std::string& where) {
  const std::size_t at = line.find(" " + unit);
  if (at == std::string::npos) return -1;
  std::size_t start = line.rfind(' ', at - 1);
  start = start == std::string::npos ? 0 : start + 1;
  const std::string digits = line.substr(start, at - start);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos ||
      digits.size() > 9)
    throw ConfigError(where + ": '" + digits + " " + unit + "' is not a count");
  return std::stoll(digits);
}

}  // namespace

std::map<std::string, PtxasFigures> parsePtxasLog(const std::string& text,
                                                  const std::string& file) {
  std::map<std::string, PtxasFigures> figures;
  std::istringstream in(text);
  std::string line, entry;
  std::size_t lineNo = 0, entryLine = 0;
  const std::string compiling = "Compiling entry function '";
  while (std::getline(in, line)) {
    ++lineNo;
    const std::string where = file + ":" + std::to_string(lineNo);
    const std::size_t c = line.find(compiling);
    if (c != std::string::npos) {
      if (!entry.empty())
        throw ConfigError(file + ":" + std::to_string(entryLine) + ": entry '" + entry +
                          "' has no \"Used N registers\" line");
      const std::size_t start = c + compiling.size(), end = line.find('\'', start);
      if (end == std::string::npos) throw ConfigError(where + ": unterminated function name");
      entry = line.substr(start, end - start);
      entryLine = lineNo;
      continue;
    }
    if (entry.empty() || line.find("Used ") == std::string::npos) continue;
    const long long regs = countBefore(line, "registers", where);
    if (regs < 0) continue;
    const long long smem = countBefore(line, "bytes smem", where);
    figures[entry] = PtxasFigures{static_cast<std::uint32_t>(regs),
                                  static_cast<std::uint32_t>(smem < 0 ? 0 : smem)};
    entry.clear();
  }
  if (!entry.empty())
    throw ConfigError(file + ":" + std::to_string(entryLine) + ": entry '" + entry +
                      "' has no \"Used N registers\" line");
  return figures;
}

}  // namespace warpsim::ptx
