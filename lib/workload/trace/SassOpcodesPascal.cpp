// Pascal (sm_60, sm_61, sm_62), and Maxwell through maxwellIsa(), which shares these layers.
// Opcodes follow Accel-Sim's Pascal table, which also lists some Volta-era control opcodes (BSSY,
// WARPSYNC, ...) and IMMA: they stay, classed as in every other family, so no trace misses them.
// Added: the surface opcodes SUATOM, SULD, SURED, SUST.
//
// Volta keeps most of Pascal's opcodes with the same class but drops the pre-Volta ones (SSY,
// XMAD, RRO, ...), so Pascal is two layers: the rows Volta keeps (kPascalVolta, which Volta and
// every later family stack on) and the rows only Pascal has (kPascalOnly).
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kOnlyRows[] = {
    {"BFE", kAlu},           {"BFI", kAlu},          {"BRK", kBranch},
    {"CAL", kBranch},        {"CONT", kBranch},      {"CSET", kAlu},
    {"CSETP", kAlu},         {"DMNMX", kDp},         {"DSET", kDp},
    {"FCMP", kAlu},          {"ICMP", kAlu},         {"IMADSP", kAlu},
    {"ISET", kAlu},          {"JCAL", kBranch},      {"PBK", kBranch},
    {"PCNT", kBranch},       {"PEXIT", kBranch},     {"PRET", kBranch},
    {"PSET", kAlu},          {"RRO", kSfu},  // range reduction feeding MUFU
    {"SSY", kBranch},        {"SYNC", kBranch},      {"TEXS", kTextureLoad},
    {"TLD4S", kTextureLoad}, {"TLDS", kTextureLoad}, {"VADD", kAlu},
    {"VMNMX", kAlu},         {"XMAD", kAlu},
};
static_assert(strictlyAscending(kOnlyRows),
              "Pascal-only rows must be sorted by name, without duplicates");

constexpr SassOpEntry kSharedRows[] = {
    {"ATOM", kGenericAtomic},  // generic: the front-end resolves the space
    {"ATOMG", kGlobalAtomic},
    {"ATOMS", kSharedAtomic},
    {"B2R", kAlu},
    {"BAR", kBarrier},
    {"BMOV", kBranch},
    {"BMSK", kAlu},
    {"BPT", kBranch},
    {"BRA", kBranch},
    {"BREAK", kBranch},
    {"BREV", kAlu},
    {"BRX", kBranch},
    {"BSSY", kBranch},
    {"BSYNC", kBranch},
    {"CALL", kBranch},
    {"CCTL", kAlu},   // cache control, no data: Alu
    {"CCTLL", kAlu},  // cache control, no data: Alu
    {"CCTLT", kAlu},  // texture cache control: Alu
    {"CS2R", kAlu},
    {"CSMTEST", kAlu},
    {"DADD", kDp},
    {"DEPBAR", kAlu},  // scoreboard wait: Alu
    {"DFMA", kDp},
    {"DMUL", kDp},
    {"DSETP", kDp},
    {"ERRBAR", kFence},
    {"EXIT", kExit},
    {"F2F", kAlu},
    {"F2I", kAlu},
    {"FADD", kAlu},
    {"FADD32I", kAlu},
    {"FCHK", kAlu},
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
    {"HFMA2", kAlu},
    {"HMUL2", kAlu},
    {"HSET2", kAlu},
    {"HSETP2", kAlu},
    {"I2F", kAlu},
    {"I2I", kAlu},
    {"I2IP", kAlu},
    {"IABS", kAlu},
    {"IADD", kAlu},
    {"IADD3", kAlu},
    {"IADD32I", kAlu},
    {"IDP", kAlu},
    {"IDP4A", kAlu},
    {"IMAD", kAlu},
    {"IMMA", kTensor},  // an MMA is Tensor in every family (Accel-Sim lists it for Pascal too)
    {"IMNMX", kAlu},
    {"IMUL", kAlu},
    {"IMUL32I", kAlu},
    {"ISCADD", kAlu},
    {"ISCADD32I", kAlu},
    {"ISETP", kAlu},
    {"JMP", kBranch},
    {"JMX", kBranch},
    {"KILL", kBranch},
    {"LD", kGenericLoad},  // generic: the front-end resolves the space
    {"LDC", kConstantLoad},
    {"LDG", kGlobalLoad},
    {"LDL", kLocalLoad},
    {"LDS", kSharedLoad},
    {"LEA", kAlu},
    {"LEPC", kAlu},
    {"LOP", kAlu},
    {"LOP3", kAlu},
    {"LOP32I", kAlu},
    {"MATCH", kAlu},
    {"MEMBAR", kFence},
    {"MOV", kAlu},
    {"MOV32I", kAlu},
    {"MUFU", kSfu},
    {"NANOSLEEP", kBranch},  // warp-level control
    {"NOP", kAlu},
    {"P2R", kAlu},
    {"PLOP3", kAlu},
    {"PMTRIG", kAlu},
    {"POPC", kAlu},
    {"PRMT", kAlu},
    {"PSETP", kAlu},
    {"QSPC", kAlu},
    {"R2B", kAlu},
    {"R2P", kAlu},
    {"RED", kGlobalAtomic},
    {"RET", kBranch},
    {"RPCMOV", kBranch},
    {"RTT", kBranch},
    {"S2R", kAlu},
    {"SEL", kAlu},
    {"SETCTAID", kAlu},
    {"SETLMEMBASE", kAlu},
    {"SGXT", kAlu},
    {"SHF", kAlu},
    {"SHFL", kAlu},
    {"SHL", kAlu},
    {"SHR", kAlu},
    {"ST", kGenericStore},  // generic: the front-end resolves the space
    {"STG", kGlobalStore},
    {"STL", kLocalStore},
    {"STS", kSharedStore},
    {"SUATOM", kGlobalAtomic},
    {"SULD", kGlobalLoad},
    {"SURED", kGlobalAtomic},
    {"SUST", kGlobalStore},
    {"TEX", kTextureLoad},
    {"TLD", kTextureLoad},
    {"TLD4", kTextureLoad},
    {"TMML", kTextureLoad},
    {"TXD", kTextureLoad},
    {"TXQ", kAlu},  // texture query, no fetch
    {"VABSDIFF", kAlu},
    {"VABSDIFF4", kAlu},
    {"VOTE", kAlu},
    {"VOTE_VTG", kAlu},
    {"WARPSYNC", kBranch},
    {"YIELD", kBranch},
};
static_assert(strictlyAscending(kSharedRows),
              "Pascal/Volta rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kPascalOnly{"Pascal only", kOnlyRows, std::size(kOnlyRows)};
const SassOpLayer sasslayer::kPascalVolta{"Pascal and Volta", kSharedRows, std::size(kSharedRows)};

const SassIsa& pascalIsa() {
  static constexpr SassIsa kIsa{"Pascal", sasslayer::kPascalLayers.data(),
                                sasslayer::kPascalLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
