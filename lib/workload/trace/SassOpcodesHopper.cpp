// Hopper (sm_90). Accel-Sim has no Hopper table: these are the Ampere rows plus the opcodes that
// NVIDIA's instruction-set reference (CUDA Binary Utilities, Hopper) adds: warpgroup MMA (xGMMA,
// WARPGROUP), TMA and bulk copies (UTMA*, UBLK*), the sync unit (SYNCS), cluster barriers, FENCE,
// the SIMD integer ops (VI*), REDG (RED's sm_90 spelling) and others; plus QMMA, as on Ada.
#include <iterator>

#include "workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kRows[] = {
    {"ACQBULK", kBranch},      // waits for the prior grid (PDL): warp-level control
    {"ATOM", kGenericAtomic},  // generic: the front-end resolves the space
    {"ATOMG", kGlobalAtomic},
    {"ATOMS", kSharedAtomic},
    {"B2R", kAlu},
    {"BAR", kBarrier},
    {"BGMMA", kTensor},
    {"BMMA", kTensor},
    {"BMOV", kBranch},
    {"BMSK", kAlu},
    {"BPT", kBranch},
    {"BRA", kBranch},
    {"BREAK", kBranch},
    {"BREV", kAlu},
    {"BRX", kBranch},
    {"BRXU", kBranch},
    {"BSSY", kBranch},
    {"BSYNC", kBranch},
    {"CALL", kBranch},
    {"CCTL", kAlu},         // cache control, no data: Alu
    {"CCTLL", kAlu},        // cache control, no data: Alu
    {"CCTLT", kAlu},        // texture cache control: Alu
    {"CGAERRBAR", kFence},  // cluster-scope error barrier
    {"CS2R", kAlu},
    {"CSMTEST", kAlu},
    {"DADD", kDp},
    {"DEPBAR", kAlu},  // scoreboard wait: Alu
    {"DFMA", kDp},
    {"DMMA", kTensor},
    {"DMUL", kDp},
    {"DSETP", kDp},
    {"ELECT", kAlu},             // picks a leader lane into a predicate, like VOTE
    {"ENDCOLLECTIVE", kBranch},  // warp-level control
    {"ERRBAR", kFence},
    {"EXIT", kExit},
    {"F2F", kAlu},
    {"F2FP", kAlu},
    {"F2I", kAlu},
    {"F2IP", kAlu},
    {"FADD", kAlu},
    {"FADD32I", kAlu},
    {"FCHK", kAlu},
    {"FENCE", kFence},
    {"FFMA", kAlu},
    {"FFMA32I", kAlu},
    {"FLO", kAlu},
    {"FMNMX", kAlu},
    {"FMUL", kAlu},
    {"FMUL32I", kAlu},
    {"FRND", kAlu},
    {"FSEL", kAlu},
    {"FSET", kAlu},
    {"FSETP", kAlu},
    {"FSWZADD", kAlu},
    {"GETLMEMBASE", kAlu},
    {"HADD2", kAlu},
    {"HADD2_32I", kAlu},
    {"HFMA2", kAlu},
    {"HFMA2_32I", kAlu},
    {"HGMMA", kTensor},
    {"HMMA", kTensor},
    {"HMNMX2", kAlu},
    {"HMUL2", kAlu},
    {"HMUL2_32I", kAlu},
    {"HSET2", kAlu},
    {"HSETP2", kAlu},
    {"I2F", kAlu},
    {"I2FP", kAlu},
    {"I2I", kAlu},
    {"I2IP", kAlu},
    {"IABS", kAlu},
    {"IADD", kAlu},
    {"IADD3", kAlu},
    {"IADD32I", kAlu},
    {"IDP", kAlu},
    {"IDP4A", kAlu},
    {"IGMMA", kTensor},
    {"IMAD", kAlu},
    {"IMMA", kTensor},
    {"IMNMX", kAlu},
    {"IMUL", kAlu},
    {"IMUL32I", kAlu},
    {"ISCADD", kAlu},
    {"ISCADD32I", kAlu},
    {"ISETP", kAlu},
    {"JMP", kBranch},
    {"JMX", kBranch},
    {"JMXU", kBranch},
    {"KILL", kBranch},
    {"LD", kGenericLoad},  // generic: the front-end resolves the space
    {"LDC", kConstantLoad},
    {"LDG", kGlobalLoad},
    {"LDGDEPBAR", kAlu},      // commits an LDGSTS group: Alu
    {"LDGMC", kGlobalLoad},   // multimem reducing load
    {"LDGSTS", kGlobalLoad},  // global-to-shared async copy: the global read
    {"LDL", kLocalLoad},
    {"LDS", kSharedLoad},
    {"LDSM", kSharedLoad},
    {"LEA", kAlu},
    {"LEPC", kAlu},
    {"LOP", kAlu},
    {"LOP3", kAlu},
    {"LOP32I", kAlu},
    {"MATCH", kAlu},
    {"MEMBAR", kFence},
    {"MOV", kAlu},
    {"MOV32I", kAlu},
    {"MOVM", kAlu},  // register matrix transpose
    {"MUFU", kSfu},
    {"NANOSLEEP", kBranch},  // warp-level control
    {"NOP", kAlu},
    {"P2R", kAlu},
    {"PLOP3", kAlu},
    {"PMTRIG", kAlu},
    {"POPC", kAlu},
    {"PREEXIT", kBranch},  // dependent-launch hint: warp-level control
    {"PRMT", kAlu},
    {"PSETP", kAlu},
    {"QGMMA", kTensor},
    {"QMMA", kTensor},  // FP8 warp-level MMA
    {"QSPC", kAlu},
    {"R2B", kAlu},
    {"R2P", kAlu},
    {"R2UR", kAlu},
    {"RED", kGlobalAtomic},
    {"REDAS", kSharedAtomic},  // distributed shared memory, treated as Shared
    {"REDG", kGlobalAtomic},   // RED as spelled on sm_90
    {"REDUX", kAlu},
    {"RET", kBranch},
    {"RPCMOV", kBranch},
    {"RTT", kBranch},
    {"S2R", kAlu},
    {"S2UR", kAlu},
    {"SEL", kAlu},
    {"SETCTAID", kAlu},
    {"SETLMEMBASE", kAlu},
    {"SGXT", kAlu},
    {"SHF", kAlu},
    {"SHFL", kAlu},
    {"SHL", kAlu},
    {"SHR", kAlu},
    {"ST", kGenericStore},   // generic: the front-end resolves the space
    {"STAS", kSharedStore},  // distributed shared memory, treated as Shared
    {"STG", kGlobalStore},
    {"STL", kLocalStore},
    {"STS", kSharedStore},
    {"STSM", kSharedStore},
    {"SUATOM", kGlobalAtomic},
    {"SULD", kGlobalLoad},
    {"SUQUERY", kAlu},  // surface query, no fetch
    {"SURED", kGlobalAtomic},
    {"SUST", kGlobalStore},
    {"SYNCS", kAlu},  // mbarrier unit: the waits are spin loops in the trace; not a CTA barrier
    {"TEX", kTextureLoad},
    {"TLD", kTextureLoad},
    {"TLD4", kTextureLoad},
    {"TMML", kTextureLoad},
    {"TXD", kTextureLoad},
    {"TXQ", kAlu},               // texture query, no fetch
    {"UBLKCP", kGlobalLoad},     // bulk copy; direction is in the suffix, taken as global to shared
    {"UBLKPF", kAlu},            // bulk prefetch, no data returned: Alu
    {"UBLKRED", kGlobalAtomic},  // shared to global with reduction
    {"UBMSK", kAlu},
    {"UBREV", kAlu},
    {"UCGABAR_ARV", kAlu},   // cluster barrier: not modelled as a CTA barrier
    {"UCGABAR_WAIT", kAlu},  // cluster barrier: not modelled as a CTA barrier
    {"UCLEA", kAlu},
    {"UF2FP", kAlu},
    {"UFLO", kAlu},
    {"UIADD3", kAlu},
    {"UIMAD", kAlu},
    {"UISETP", kAlu},
    {"ULDC", kAlu},  // constant operand, no address in the trace
    {"ULEA", kAlu},
    {"ULEPC", kAlu},
    {"ULOP", kAlu},
    {"ULOP3", kAlu},
    {"ULOP32I", kAlu},
    {"UMOV", kAlu},
    {"UP2UR", kAlu},
    {"UPLOP3", kAlu},
    {"UPOPC", kAlu},
    {"UPRMT", kAlu},
    {"UPSETP", kAlu},
    {"UR2UP", kAlu},
    {"USEL", kAlu},
    {"USETMAXREG", kAlu},
    {"USGXT", kAlu},
    {"USHF", kAlu},
    {"USHL", kAlu},
    {"USHR", kAlu},
    {"UTMACCTL", kAlu},           // descriptor cache control: Alu
    {"UTMACMDFLUSH", kAlu},       // TMA command flush: Alu
    {"UTMALDG", kGlobalLoad},     // TMA global to shared
    {"UTMAPF", kAlu},             // tensor prefetch, no data returned: Alu
    {"UTMAREDG", kGlobalAtomic},  // shared to global with reduction
    {"UTMASTG", kGlobalStore},    // TMA shared to global
    {"VABSDIFF", kAlu},
    {"VABSDIFF4", kAlu},
    {"VHMNMX", kAlu},
    {"VIADD", kAlu},
    {"VIADDMNMX", kAlu},
    {"VIMNMX", kAlu},
    {"VIMNMX3", kAlu},
    {"VOTE", kAlu},
    {"VOTEU", kAlu},
    {"VOTE_VTG", kAlu},
    {"WARPGROUP", kAlu},     // warpgroup arrive/wait on GMMA: Alu
    {"WARPGROUPSET", kAlu},  // warpgroup counters: Alu
    {"WARPSYNC", kBranch},
    {"YIELD", kBranch},
};
static_assert(strictlyAscending(kRows), "Hopper rows must be sorted by name, without duplicates");

constexpr SassIsa kHopper{"Hopper", kRows, std::size(kRows)};

}  // namespace

const SassIsa& hopperIsa() {
  return kHopper;
}

}  // namespace warpsim::trace
