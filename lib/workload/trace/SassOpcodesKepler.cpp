// Kepler (sm_30, sm_32, sm_35, sm_37): Accel-Sim's Kepler opcodes, plus TEXDEPBAR (the wait for
// texture results). Kepler has no STG, ATOMG or ATOMS: global stores are ST, and shared atomics
// are LDSLK/STSCUL loops. A full table, one layer: the later families drop too many of its
// opcodes (SSY-style SUxx, ISAD, ...) to build on it.
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kRows[] = {
    {"ATOM", kGenericAtomic},  // generic: the front-end resolves the space
    {"B2R", kAlu},
    {"BAR", kBarrier},
    {"BFE", kAlu},
    {"BFI", kAlu},
    {"BPT", kBranch},
    {"BRA", kBranch},
    {"BRK", kBranch},
    {"BRX", kBranch},
    {"CAL", kBranch},
    {"CCTL", kAlu},   // cache control, no data: Alu
    {"CCTLL", kAlu},  // cache control, no data: Alu
    {"CONT", kBranch},
    {"CSET", kAlu},
    {"CSETP", kAlu},
    {"DADD", kDp},
    {"DFMA", kDp},
    {"DMNMX", kDp},
    {"DMUL", kDp},
    {"DSET", kDp},
    {"DSETP", kDp},
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
    {"FSET", kAlu},
    {"FSETP", kAlu},
    {"FSWZ", kAlu},
    {"I2F", kAlu},
    {"I2I", kAlu},
    {"IADD", kAlu},
    {"IADD32I", kAlu},
    {"ICMP", kAlu},
    {"IMAD", kAlu},
    {"IMADSP", kAlu},
    {"IMNMX", kAlu},
    {"IMUL", kAlu},
    {"IMUL32I", kAlu},
    {"ISAD", kAlu},
    {"ISCADD", kAlu},
    {"ISCADD32I", kAlu},
    {"ISET", kAlu},
    {"ISETP", kAlu},
    {"ISUB", kAlu},
    {"JCAL", kBranch},
    {"JMP", kBranch},
    {"JMX", kBranch},
    {"LD", kGenericLoad},  // generic: the front-end resolves the space
    {"LDC", kConstantLoad},
    {"LDG", kGlobalLoad},
    {"LDL", kLocalLoad},
    {"LDS", kSharedLoad},
    {"LDSLK", kSharedLoad},  // shared load-and-lock (shared atomics before Maxwell)
    {"LOP", kAlu},
    {"LOP32I", kAlu},
    {"MEMBAR", kFence},
    {"MOV", kAlu},
    {"MOV32I", kAlu},
    {"MUFU", kSfu},
    {"NOP", kAlu},
    {"P2R", kAlu},
    {"PBK", kBranch},
    {"PCNT", kBranch},
    {"POPC", kAlu},
    {"PRET", kBranch},
    {"PRMT", kAlu},
    {"PSET", kAlu},
    {"PSETP", kAlu},
    {"R2P", kAlu},
    {"RED", kGlobalAtomic},
    {"RET", kBranch},
    {"RRO", kSfu},  // range reduction feeding MUFU
    {"S2R", kAlu},
    {"SEL", kAlu},
    {"SHF", kAlu},
    {"SHFL", kAlu},
    {"SHL", kAlu},
    {"SHR", kAlu},
    {"SSY", kBranch},
    {"ST", kGenericStore},  // generic: the front-end resolves the space
    {"STL", kLocalStore},
    {"STS", kSharedStore},
    {"STSCUL", kSharedStore},  // shared store-and-unlock
    {"SUBFM", kAlu},           // surface address arithmetic, no access
    {"SUCLAMP", kAlu},         // surface address arithmetic, no access
    {"SUEAU", kAlu},           // surface address arithmetic, no access
    {"SULDGA", kGlobalLoad},   // surface load through a global address
    {"SUSTGA", kGlobalStore},  // surface store through a global address
    {"TEX", kTextureLoad},
    {"TEXDEPBAR", kAlu},  // texture scoreboard wait: Alu
    {"TLD", kTextureLoad},
    {"TLD4", kTextureLoad},
    {"TXQ", kAlu},  // texture query, no fetch
    {"VOTE", kAlu},
};
static_assert(strictlyAscending(kRows), "Kepler rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kKepler{"Kepler", kRows, std::size(kRows)};

const SassIsa& keplerIsa() {
  static constexpr SassIsa kIsa{"Kepler", sasslayer::kKeplerLayers.data(),
                                sasslayer::kKeplerLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
