#pragma once
// The PTX parser (lib/workload/ptx/README.md): PTX text -> Module, names resolved. Anything it
// cannot take (malformed text, an unknown instruction or modifier, an undeclared name) throws
// PtxError "FILE:LINE: what; got 'TOKEN'".
#include <cstdint>
#include <string>

#include "warpsim/workload/ptx/PtxError.h"
#include "warpsim/workload/ptx/PtxIr.h"

namespace warpsim::ptx {

// `fileName` is used in messages and kept as Module::file.
Module parsePtx(const std::string& text, const std::string& fileName);

// The most a PTX file may hold (the largest real modules are tens of MiB).
constexpr std::uint64_t kMaxPtxFileBytes = std::uint64_t{256} << 20;

// Reads and parses a .ptx file (PtxError if it cannot be read or holds more than
// kMaxPtxFileBytes).
Module loadPtxFile(const std::string& path);

}  // namespace warpsim::ptx
