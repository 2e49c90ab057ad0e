// Turing (sm_75): Accel-Sim's Turing opcodes, written as what Turing adds to Volta (the uniform
// datapath, LDSM, BMMA, ...); every Volta opcode stays, with the same class.
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

// One row a line, as in the other tables (clang-format would pack this short list into columns).
// clang-format off
constexpr SassOpEntry kRows[] = {
    {"BMMA", kTensor},
    {"BRXU", kBranch},
    {"F2FP", kAlu},
    {"JMXU", kBranch},
    {"LDSM", kSharedLoad},
    {"MOVM", kAlu},  // register matrix transpose
    {"R2UR", kAlu},
    {"S2UR", kAlu},
    {"UBMSK", kAlu},
    {"UBREV", kAlu},
    {"UCLEA", kAlu},
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
    {"VOTEU", kAlu},
};
// clang-format on
static_assert(strictlyAscending(kRows),
              "Turing additions rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kTuringAdditions{"Turing additions", kRows, std::size(kRows)};

const SassIsa& turingIsa() {
  static constexpr SassIsa kIsa{"Turing", sasslayer::kTuringLayers.data(),
                                sasslayer::kTuringLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
