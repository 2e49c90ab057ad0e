#pragma once
// Internal to the trace reader: the per-family opcode tables behind sassIsaFor() (one per
// SassOpcodes<Family>.cpp), the layers they are stacked from, and the row values they are
// written with.
#include <array>
#include <cstddef>

#include "warpsim/workload/trace/SassOpcodes.h"

namespace warpsim::trace {

const SassIsa& keplerIsa();   // sm_30, sm_32, sm_35, sm_37
const SassIsa& maxwellIsa();  // sm_50, sm_52, sm_53: Pascal's rows under the name "Maxwell"
const SassIsa& pascalIsa();   // sm_60, sm_61, sm_62
const SassIsa& voltaIsa();    // sm_70, sm_72
const SassIsa& turingIsa();   // sm_75
const SassIsa& ampereIsa();   // sm_80, sm_86, sm_87
const SassIsa& adaIsa();      // sm_89
const SassIsa& hopperIsa();   // sm_90

// The layers, each defined (constant-initialized) in the file named. A family's layers are its
// own additions over those of the family it builds on; a family builds on another only where it
// keeps every opcode of it with the same class (checked against the full tables when the layers
// were split out). Where a later family drops opcodes, the two share a common layer instead.
namespace sasslayer {
extern const SassOpLayer kKepler;           // SassOpcodesKepler.cpp: the whole Kepler table
extern const SassOpLayer kPascalVolta;      // SassOpcodesPascal.cpp: rows Pascal and Volta share
extern const SassOpLayer kPascalOnly;       // SassOpcodesPascal.cpp: Pascal rows Volta dropped
extern const SassOpLayer kVoltaAdditions;   // SassOpcodesVolta.cpp
extern const SassOpLayer kTuringAdditions;  // SassOpcodesTuring.cpp
extern const SassOpLayer kAmpereAdditions;  // SassOpcodesAmpere.cpp
extern const SassOpLayer kAdaAdditions;     // SassOpcodesAda.cpp
extern const SassOpLayer kHopperAdditions;  // SassOpcodesHopper.cpp

template <std::size_t N>
using Stack = std::array<const SassOpLayer*, N>;

// Each family's layers, searched first to last. Maxwell uses Pascal's.
inline constexpr Stack<1> kKeplerLayers{&kKepler};
inline constexpr Stack<2> kPascalLayers{&kPascalOnly, &kPascalVolta};
inline constexpr Stack<2> kVoltaLayers{&kVoltaAdditions, &kPascalVolta};
inline constexpr Stack<3> kTuringLayers{&kTuringAdditions, &kVoltaAdditions, &kPascalVolta};
inline constexpr Stack<4> kAmpereLayers{&kAmpereAdditions, &kTuringAdditions, &kVoltaAdditions,
                                        &kPascalVolta};
// Ada and Hopper both build on Ampere (not on each other), so each lists QMMA in its additions.
inline constexpr Stack<5> kAdaLayers{&kAdaAdditions, &kAmpereAdditions, &kTuringAdditions,
                                     &kVoltaAdditions, &kPascalVolta};
inline constexpr Stack<5> kHopperLayers{&kHopperAdditions, &kAmpereAdditions, &kTuringAdditions,
                                        &kVoltaAdditions, &kPascalVolta};

}  // namespace sasslayer

// What a table row can say. Classing rules (lib/workload/trace/README.md): FP32/FP16/integer
// arithmetic, moves, conversions, predicates, uniform-datapath ops and cache control are Alu;
// MUFU/RRO Sfu; FP64 arithmetic Dp; every MMA Tensor; BAR Barrier; MEMBAR/ERRBAR/FENCE Fence;
// control flow and warp-level control Branch; EXIT Exit; loads, stores and atomics Mem.
namespace sassrow {

constexpr SassOpInfo kAlu{OpClass::Alu, MemSpace::None, MemOp::None};
constexpr SassOpInfo kSfu{OpClass::Sfu, MemSpace::None, MemOp::None};
constexpr SassOpInfo kDp{OpClass::Dp, MemSpace::None, MemOp::None};
constexpr SassOpInfo kTensor{OpClass::Tensor, MemSpace::None, MemOp::None};
constexpr SassOpInfo kBranch{OpClass::Branch, MemSpace::None, MemOp::None};
constexpr SassOpInfo kBarrier{OpClass::Barrier, MemSpace::None, MemOp::None};
constexpr SassOpInfo kFence{OpClass::Fence, MemSpace::None, MemOp::None};
constexpr SassOpInfo kExit{OpClass::Exit, MemSpace::None, MemOp::None};

constexpr SassOpInfo mem(MemSpace space, MemOp memOp) {
  return SassOpInfo{OpClass::Mem, space, memOp};
}
constexpr SassOpInfo kGlobalLoad = mem(MemSpace::Global, MemOp::Load);
constexpr SassOpInfo kGlobalStore = mem(MemSpace::Global, MemOp::Store);
constexpr SassOpInfo kGlobalAtomic = mem(MemSpace::Global, MemOp::Atomic);
constexpr SassOpInfo kGenericLoad = mem(MemSpace::Generic, MemOp::Load);
constexpr SassOpInfo kGenericStore = mem(MemSpace::Generic, MemOp::Store);
constexpr SassOpInfo kGenericAtomic = mem(MemSpace::Generic, MemOp::Atomic);
constexpr SassOpInfo kSharedLoad = mem(MemSpace::Shared, MemOp::Load);
constexpr SassOpInfo kSharedStore = mem(MemSpace::Shared, MemOp::Store);
constexpr SassOpInfo kSharedAtomic = mem(MemSpace::Shared, MemOp::Atomic);
constexpr SassOpInfo kLocalLoad = mem(MemSpace::Local, MemOp::Load);
constexpr SassOpInfo kLocalStore = mem(MemSpace::Local, MemOp::Store);
constexpr SassOpInfo kConstantLoad = mem(MemSpace::Constant, MemOp::Load);
constexpr SassOpInfo kTextureLoad = mem(MemSpace::Texture, MemOp::Load);

}  // namespace sassrow

// True when the rows are strictly ascending by name: sorted for findSassOp(), no duplicates.
template <std::size_t N>
constexpr bool strictlyAscending(const SassOpEntry (&rows)[N]) {
  for (std::size_t i = 1; i < N; ++i) {
    if (!(rows[i - 1].name < rows[i].name)) return false;
  }
  return true;
}

}  // namespace warpsim::trace
