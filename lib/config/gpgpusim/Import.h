#pragma once
// Imports GPGPU-Sim and Accel-Sim config files (gpgpusim.config, trace.config) into a warpsim
// Config: each option warpsim models sets the warpsim parameters it corresponds to (the table
// in OptionTable.cpp, doc/gpgpusim-configs.md), with source "FILE:LINE (-option)"; each option
// it does not model gets one warning with the reason.
#include <iosfwd>
#include <string>
#include <vector>

#include "warpsim/config/Config.h"
#include "warpsim/config/gpgpusim/OptionFile.h"

namespace warpsim {

struct CommandLine;

namespace gpgpusim {

// Reads `paths` in order as GPGPU-Sim does with repeated -config: an option given twice takes
// its last value. Then sets the warpsim values; conversions (latencies in other clock domains,
// unit widths) use the values in effect after the import. Returns the warnings and notes, one
// line each ("warning: FILE:LINE: -option VALUE: not modelled: WHY", "note: ..."). Throws
// ConfigError naming file, line, option, value and what is allowed for a malformed value of a
// mapped option (or one that gives a warpsim value out of range); `config` is then unchanged.
std::vector<std::string> importFiles(Config& config, const std::vector<std::string>& paths);
// The same for entries already read (parseOptionText, readOptionFile).
std::vector<std::string> importEntries(Config& config, const std::vector<OptionEntry>& entries);

}  // namespace gpgpusim

// The platforms' step between the platform .ini and --config: the --gpgpusim-config files, then
// the --accelsim-trace-config files, as one import. Prints each warning and note to `messages`
// (if not null) as "PROGRAM: warning: ...".
void applyGpgpusimImports(Config& config, const CommandLine& commandLine, std::ostream* messages,
                          const std::string& program);

}  // namespace warpsim
