#pragma once
// `ptxas -v` output kept beside a kernel's PTX (doc/cuda.md): per entry function, the registers
// per thread and the static shared memory per CTA that ptxas allocated, which size occupancy
// better than the PTX's own declarations do.
#include <cstdint>
#include <map>
#include <string>

namespace warpsim::ptx {

struct PtxasFigures {
  std::uint32_t registers = 0;
  std::uint32_t sharedBytes = 0;  // "N bytes smem"; 0 when ptxas prints none
};

// Reads the "Compiling entry function 'NAME'" blocks of `text` and each one's "Used N
// registers[, ..., M bytes smem]" line; functions that are not entries are skipped. `file`
// names the log in errors: an entry without its "Used" line, or a count that is not a number,
// is a ConfigError "FILE:LINE: ...".
std::map<std::string, PtxasFigures> parsePtxasLog(const std::string& text, const std::string& file);

}  // namespace warpsim::ptx
