// Volta (sm_70, sm_72): Accel-Sim's Volta opcodes, plus SHL and the surface opcodes (SUATOM,
// SULD, SURED, SUST) that Accel-Sim's table leaves out.
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
    {"HADD2_32I", kAlu},
    {"HFMA2", kAlu},
    {"HFMA2_32I", kAlu},
    {"HMMA", kTensor},
    {"HMUL2", kAlu},
    {"HMUL2_32I", kAlu},
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
    {"IMMA", kTensor},
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
static_assert(strictlyAscending(kRows), "Volta rows must be sorted by name, without duplicates");

constexpr SassIsa kVolta{"Volta", kRows, std::size(kRows)};

}  // namespace

const SassIsa& voltaIsa() {
  return kVolta;
}

}  // namespace warpsim::trace
