// Ada (sm_89): the Ampere rows plus QMMA, the warp-level FP8 MMA that sm_89 code uses (NVIDIA
// documents Ampere and Ada as one instruction set; Accel-Sim has no Ada table).
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
    {"CCTL", kAlu},   // cache control, no data: Alu
    {"CCTLL", kAlu},  // cache control, no data: Alu
    {"CCTLT", kAlu},  // texture cache control: Alu
    {"CS2R", kAlu},
    {"CSMTEST", kAlu},
    {"DADD", kDp},
    {"DEPBAR", kAlu},  // scoreboard wait: Alu
    {"DFMA", kDp},
    {"DMMA", kTensor},
    {"DMUL", kDp},
    {"DSETP", kDp},
    {"ERRBAR", kFence},
    {"EXIT", kExit},
    {"F2F", kAlu},
    {"F2FP", kAlu},
    {"F2I", kAlu},
    {"F2IP", kAlu},
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
    {"PRMT", kAlu},
    {"PSETP", kAlu},
    {"QMMA", kTensor},  // FP8 warp-level MMA
    {"QSPC", kAlu},
    {"R2B", kAlu},
    {"R2P", kAlu},
    {"R2UR", kAlu},
    {"RED", kGlobalAtomic},
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
    {"ST", kGenericStore},  // generic: the front-end resolves the space
    {"STG", kGlobalStore},
    {"STL", kLocalStore},
    {"STS", kSharedStore},
    {"SUATOM", kGlobalAtomic},
    {"SULD", kGlobalLoad},
    {"SUQUERY", kAlu},  // surface query, no fetch
    {"SURED", kGlobalAtomic},
    {"SUST", kGlobalStore},
    {"TEX", kTextureLoad},
    {"TLD", kTextureLoad},
    {"TLD4", kTextureLoad},
    {"TMML", kTextureLoad},
    {"TXD", kTextureLoad},
    {"TXQ", kAlu},  // texture query, no fetch
    {"UBMSK", kAlu},
    {"UBREV", kAlu},
    {"UCLEA", kAlu},
    {"UF2FP", kAlu},
    {"UFLO", kAlu},
    {"UIADD3", kAlu},
    {"UIMAD", kAlu},
    {"UISETP", kAlu},
    {"ULDC", kAlu},  // constant operand, no address in the trace
    {"ULEA", kAlu},
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
    {"USGXT", kAlu},
    {"USHF", kAlu},
    {"USHL", kAlu},
    {"USHR", kAlu},
    {"VABSDIFF", kAlu},
    {"VABSDIFF4", kAlu},
    {"VOTE", kAlu},
    {"VOTEU", kAlu},
    {"VOTE_VTG", kAlu},
    {"WARPSYNC", kBranch},
    {"YIELD", kBranch},
};
static_assert(strictlyAscending(kRows), "Ada rows must be sorted by name, without duplicates");

constexpr SassIsa kAda{"Ada", kRows, std::size(kRows)};

}  // namespace

const SassIsa& adaIsa() {
  return kAda;
}

}  // namespace warpsim::trace
