#pragma once
// Parsing and printing of option values as text, shared by the schema checks, the typed getters
// and the command line. Internal to lib/config; parseSize and parseFreqMHz are public and
// declared in ConfigSchema.h.
#include <cstdint>
#include <string>
#include <utility>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim::config {

// Each returns false when `text` is malformed or out of the type's range; no surrounding
// whitespace is accepted. Integers may be decimal or hex (0x...).
bool parseBool(const std::string& text, bool& value);  // true/false, 1/0, yes/no, on/off
bool parseInt(const std::string& text, std::int64_t& value);
bool parseUInt(const std::string& text, std::uint64_t& value);  // rejects a minus sign
bool parseDouble(const std::string& text, double& value);       // finite only

// "32KiB", "1MiB", "128B": the largest binary unit that divides `bytes` exactly.
std::string formatSize(std::uint64_t bytes);
// Shortest text that reads back as the same double ("1.4", "700").
std::string formatDouble(double value);

std::string trim(const std::string& text);

// "size", "enum", ... as shown by --help-config.
const char* kindName(OptionKind kind);

// "gpu.l1d.size" -> {"gpu.l1d", "size"}; a name without a dot has an empty section.
std::pair<std::string, std::string> splitName(const std::string& name);

}  // namespace warpsim::config
