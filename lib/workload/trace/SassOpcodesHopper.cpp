// Hopper (sm_90). Accel-Sim has no Hopper table: these are the Ampere layers plus the opcodes that
// NVIDIA's instruction-set reference (CUDA Binary Utilities, Hopper) adds: warpgroup MMA (xGMMA,
// WARPGROUP), TMA and bulk copies (UTMA*, UBLK*), the sync unit (SYNCS), cluster barriers, FENCE,
// the SIMD integer ops (VI*), REDG (RED's sm_90 spelling) and others; plus QMMA, as on Ada
// (Hopper builds on Ampere, not on Ada, so QMMA is listed in both).
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kRows[] = {
    {"ACQBULK", kBranch},  // waits for the prior grid (PDL): warp-level control
    {"BGMMA", kTensor},
    {"CGAERRBAR", kFence},       // cluster-scope error barrier
    {"ELECT", kAlu},             // picks a leader lane into a predicate, like VOTE
    {"ENDCOLLECTIVE", kBranch},  // warp-level control
    {"FENCE", kFence},
    {"HGMMA", kTensor},
    {"IGMMA", kTensor},
    {"LDGMC", kGlobalLoad},  // multimem reducing load
    {"PREEXIT", kBranch},    // dependent-launch hint: warp-level control
    {"QGMMA", kTensor},
    {"QMMA", kTensor},         // FP8 warp-level MMA
    {"REDAS", kSharedAtomic},  // distributed shared memory, treated as Shared
    {"REDG", kGlobalAtomic},   // RED as spelled on sm_90
    {"STAS", kSharedStore},    // distributed shared memory, treated as Shared
    {"STSM", kSharedStore},
    {"SYNCS", kAlu},  // mbarrier unit: the waits are spin loops in the trace; not a CTA barrier
    {"UBLKCP", kGlobalLoad},     // bulk copy; direction is in the suffix, taken as global to shared
    {"UBLKPF", kAlu},            // bulk prefetch, no data returned: Alu
    {"UBLKRED", kGlobalAtomic},  // shared to global with reduction
    {"UCGABAR_ARV", kAlu},       // cluster barrier: not modelled as a CTA barrier
    {"UCGABAR_WAIT", kAlu},      // cluster barrier: not modelled as a CTA barrier
    {"ULEPC", kAlu},
    {"USETMAXREG", kAlu},
    {"UTMACCTL", kAlu},           // descriptor cache control: Alu
    {"UTMACMDFLUSH", kAlu},       // TMA command flush: Alu
    {"UTMALDG", kGlobalLoad},     // TMA global to shared
    {"UTMAPF", kAlu},             // tensor prefetch, no data returned: Alu
    {"UTMAREDG", kGlobalAtomic},  // shared to global with reduction
    {"UTMASTG", kGlobalStore},    // TMA shared to global
    {"VHMNMX", kAlu},
    {"VIADD", kAlu},
    {"VIADDMNMX", kAlu},
    {"VIMNMX", kAlu},
    {"VIMNMX3", kAlu},
    {"WARPGROUP", kAlu},     // warpgroup arrive/wait on GMMA: Alu
    {"WARPGROUPSET", kAlu},  // warpgroup counters: Alu
};
static_assert(strictlyAscending(kRows),
              "Hopper additions rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kHopperAdditions{"Hopper additions", kRows, std::size(kRows)};

const SassIsa& hopperIsa() {
  static constexpr SassIsa kIsa{"Hopper", sasslayer::kHopperLayers.data(),
                                sasslayer::kHopperLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
