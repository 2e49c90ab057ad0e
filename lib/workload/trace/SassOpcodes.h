#pragma once
// What a SASS opcode is to the timing model: its op class, and for memory instructions the
// memory space and operation. One table per GPU family the NVBit tracer supports (sm_35 to
// sm_90), written as data in SassOpcodes<Family>.cpp and compiled in; a family that builds on
// another holds only the rows it adds, over the layers of the family beneath it. Facts (which
// opcodes exist, which unit runs them) follow Accel-Sim's ISA tables where they have the family;
// the Hopper table and the choices in this project's README are our own.
#include <cstddef>
#include <string_view>
#include <vector>

#include "warpsim/workload/WarpInst.h"

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

// A run of rows strictly ascending by name (each table file static_asserts it): a whole family's
// table, or what one family adds to the family it builds on.
struct SassOpLayer {
  std::string_view name;  // for diagnostics, e.g. "Ampere additions"
  const SassOpEntry* rows = nullptr;
  std::size_t count = 0;
};

struct SassIsa {
  std::string_view family;  // "Kepler", "Maxwell", ..., "Hopper"
  // Searched in order, the first layer with the opcode wins: the family's own additions first,
  // then the layers of the family it builds on. A layer repeats an opcode of a layer beneath it
  // only to override it on purpose (SassOpcodesTest checks this; today there are none).
  const SassOpLayer* const* layers = nullptr;
  std::size_t layerCount = 0;
};

// The table for `-binary version = N` (sm_N), or nullptr if no supported family has it.
const SassIsa* sassIsaFor(unsigned binaryVersion);

// The row of `baseOpcode` (no suffixes), or nullptr when the family has no such opcode.
const SassOpInfo* findSassOp(const SassIsa& isa, std::string_view baseOpcode);

// Every row findSassOp() can return for the family (the layers merged, the first layer winning),
// ascending by name. For tests and diagnostics; findSassOp() does not build it.
std::vector<const SassOpEntry*> sassRows(const SassIsa& isa);

// The binary versions sassIsaFor() accepts, ascending (for error messages and tests).
const unsigned* supportedBinaryVersions(std::size_t& count);

}  // namespace warpsim::trace
