#pragma once
// Name tables of the PTX parser: types, state spaces, special registers, opcodes and modifiers.
// Internal to the library.
#include <string_view>

#include "warpsim/workload/ptx/PtxIr.h"

namespace warpsim::ptx::detail {

Type typeOf(std::string_view word);    // ".u32" or "u32" -> U32; None if not a type
Space spaceOf(std::string_view word);  // ".global", "shared::cta" ... ; None if not a space
bool sregOf(std::string_view word, SReg& out);  // "%tid.x"
bool opOf(std::string_view base, Op& out);      // "add" (bar/barrier: BarSync)
Cmp cmpOf(std::string_view m);                  // "lt"; None if not a comparison
Round roundOf(std::string_view m);              // "rn"; None if not a rounding
AtomOp atomOpOf(std::string_view m);            // "add", "cas"; None if not one
TestMode testModeOf(std::string_view m);        // "finite"; None if not one
// Accepted and ignored: cache, eviction, memory-order and scope qualifiers.
bool isIgnoredModifier(std::string_view m);

}  // namespace warpsim::ptx::detail
