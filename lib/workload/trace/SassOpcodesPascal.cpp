// Pascal (sm_60, sm_61, sm_62), and Maxwell through maxwellIsa(), which shares these rows.
// Opcodes follow Accel-Sim's Pascal table, which also lists some Volta-era control opcodes (BSSY,
// WARPSYNC, ...) and IMMA: they stay, classed as in every other family, so no trace misses them.
// Added: the surface opcodes SUATOM, SULD, SURED, SUST.
#include <iterator>

#include "workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kRows[] = {
    {"ATOM", kGenericAtomic},  // generic: the front-end resolves the space
    {"ATOMG", kGlobalAtomic},
    {"ATOMS", kSharedAtomic},
    {"B2R", kAlu},
    {"BAR", kBarrier},
    {"BFE", kAlu},
    {"BFI", kAlu},
    {"BMOV", kBranch},
    {"BMSK", kAlu},
    {"BPT", kBranch},
    {"BRA", kBranch},
    {"BREAK", kBranch},
    {"BREV", kAlu},
    {"BRK", kBranch},
    {"BRX", kBranch},
    {"BSSY", kBranch},
    {"BSYNC", kBranch},
    {"CAL", kBranch},
    {"CALL", kBranch},
    {"CCTL", kAlu},   // cache control, no data: Alu
    {"CCTLL", kAlu},  // cache control, no data: Alu
    {"CCTLT", kAlu},  // texture cache control: Alu
    {"CONT", kBranch},
    {"CS2R", kAlu},
    {"CSET", kAlu},
    {"CSETP", kAlu},
    {"CSMTEST", kAlu},
    {"DADD", kDp},
    {"DEPBAR", kAlu},  // scoreboard wait: Alu
    {"DFMA", kDp},
    {"DMNMX", kDp},
    {"DMUL", kDp},
    {"DSET", kDp},
    {"DSETP", kDp},
    {"ERRBAR", kFence},
    {"EXIT", kExit},
    {"F2F", kAlu},
    {"F2I", kAlu},
    {"FADD", kAlu},
    {"FADD32I", kAlu},
    {"FCHK", kAlu},
    {"FCMP", kAlu},
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
    {"ICMP", kAlu},
    {"IDP", kAlu},
    {"IDP4A", kAlu},
    {"IMAD", kAlu},
    {"IMADSP", kAlu},
    {"IMMA", kTensor},  // listed by Accel-Sim; an MMA is Tensor in every family
    {"IMNMX", kAlu},
    {"IMUL", kAlu},
    {"IMUL32I", kAlu},
    {"ISCADD", kAlu},
    {"ISCADD32I", kAlu},
    {"ISET", kAlu},
    {"ISETP", kAlu},
    {"JCAL", kBranch},
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
    {"PBK", kBranch},
    {"PCNT", kBranch},
    {"PEXIT", kBranch},
    {"PLOP3", kAlu},
    {"PMTRIG", kAlu},
    {"POPC", kAlu},
    {"PRET", kBranch},
    {"PRMT", kAlu},
    {"PSET", kAlu},
    {"PSETP", kAlu},
    {"QSPC", kAlu},
    {"R2B", kAlu},
    {"R2P", kAlu},
    {"RED", kGlobalAtomic},
    {"RET", kBranch},
    {"RPCMOV", kBranch},
    {"RRO", kSfu},  // range reduction feeding MUFU
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
    {"SSY", kBranch},
    {"ST", kGenericStore},  // generic: the front-end resolves the space
    {"STG", kGlobalStore},
    {"STL", kLocalStore},
    {"STS", kSharedStore},
    {"SUATOM", kGlobalAtomic},
    {"SULD", kGlobalLoad},
    {"SURED", kGlobalAtomic},
    {"SUST", kGlobalStore},
    {"SYNC", kBranch},
    {"TEX", kTextureLoad},
    {"TEXS", kTextureLoad},
    {"TLD", kTextureLoad},
    {"TLD4", kTextureLoad},
    {"TLD4S", kTextureLoad},
    {"TLDS", kTextureLoad},
    {"TMML", kTextureLoad},
    {"TXD", kTextureLoad},
    {"TXQ", kAlu},  // texture query, no fetch
    {"VABSDIFF", kAlu},
    {"VABSDIFF4", kAlu},
    {"VADD", kAlu},
    {"VMNMX", kAlu},
    {"VOTE", kAlu},
    {"VOTE_VTG", kAlu},
    {"WARPSYNC", kBranch},
    {"XMAD", kAlu},
    {"YIELD", kBranch},
};
static_assert(strictlyAscending(kRows), "Pascal rows must be sorted by name, without duplicates");

constexpr SassIsa kPascal{"Pascal", kRows, std::size(kRows)};

}  // namespace

const SassIsa& pascalIsa() {
  return kPascal;
}

}  // namespace warpsim::trace
