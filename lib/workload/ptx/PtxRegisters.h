#pragma once
// How many registers a PTX function needs, estimated without ptxas (lib/workload/ptx/README.md,
// "Registers for occupancy").
#include <cstdint>

#include "warpsim/workload/ptx/PtxIr.h"

namespace warpsim::ptx {

// The most 32-bit register words live at once in `function` (predicates left out), a call
// adding its callee's own need: a lower bound on what a register allocator gives it. `depth`
// bounds the calls followed (recursion).
std::uint32_t maxLiveRegisterWords(const Module& module, std::uint32_t function,
                                   unsigned depth = 0);

}  // namespace warpsim::ptx
