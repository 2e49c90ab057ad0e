#pragma once
// The INI dialect of warpsim config files. Internal to lib/config; Config::loadIniText is the
// public entry point.
//
//   # comment            ; comment too
//   sim.max_cycles = 0   keys before any section are taken as written
//   [l1d]                prefixes the keys that follow: l1d.size
//   size = 32KiB         # trailing comment, after whitespace
//   name = "a # b"       double quotes keep '#', ';' and blanks; \" \\ \n \t are escapes
#include <functional>
#include <string>

namespace warpsim::config {

// Calls `onEntry(key, value, line)` for each assignment in file order. Throws ConfigError naming
// `sourceName:line` for a malformed line.
void parseIni(
    const std::string& text, const std::string& sourceName,
    const std::function<void(const std::string& key, const std::string& value, int line)>& onEntry);

// `value` written so that parseIni reads it back unchanged (quoted only when it must be).
std::string iniQuote(const std::string& value);

}  // namespace warpsim::config
