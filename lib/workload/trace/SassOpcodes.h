#pragma once
// What a SASS opcode is to the timing model: its op class, and for memory instructions the
// memory space and operation. One table per GPU family the NVBit tracer supports (sm_35 to
// sm_90), written as data in SassOpcodes<Family>.cpp and compiled in. Facts (which opcodes
// exist, which unit runs them) follow Accel-Sim's ISA tables where they have the family; the
// Hopper table and the choices in this project's README are our own.
#include <cstddef>
#include <string_view>

#include "workload/WarpInst.h"

namespace warpsim::trace {

struct SassOpInfo {
  OpClass op = OpClass::Alu;
  MemSpace space = MemSpace::None;  // memory instructions only
  MemOp memOp = MemOp::None;        // memory instructions only
};

// One row of a family's table: the base opcode (the part before the first '.'), e.g. "LDG".
struct SassOpEntry {
  std::string_view name;
  SassOpInfo info;
};

struct SassIsa {
  std::string_view family;  // "Kepler", "Maxwell", ..., "Hopper"
  const SassOpEntry* entries = nullptr;
  std::size_t count = 0;  // entries are sorted by name (a test checks it)
};

// The table for `-binary version = N` (sm_N), or nullptr if no supported family has it.
const SassIsa* sassIsaFor(unsigned binaryVersion);

// The row of `baseOpcode` (no suffixes), or nullptr when the family has no such opcode.
const SassOpInfo* findSassOp(const SassIsa& isa, std::string_view baseOpcode);

// The binary versions sassIsaFor() accepts, ascending (for error messages and tests).
const unsigned* supportedBinaryVersions(std::size_t& count);

}  // namespace warpsim::trace
