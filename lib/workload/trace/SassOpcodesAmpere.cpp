// Ampere (sm_80, sm_86, sm_87): Accel-Sim's Ampere opcodes, written as what Ampere adds to Turing
// (LDGSTS, DMMA, REDUX, ...); every Turing opcode stays, with the same class.
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

// One row a line, as in the other tables (clang-format would pack this short list into columns).
// clang-format off
constexpr SassOpEntry kRows[] = {
    {"DMMA", kTensor},
    {"F2IP", kAlu},
    {"HMNMX2", kAlu},
    {"I2FP", kAlu},
    {"LDGDEPBAR", kAlu},      // commits an LDGSTS group: Alu
    {"LDGSTS", kGlobalLoad},  // global-to-shared async copy: the global read
    {"REDUX", kAlu},
    {"SUQUERY", kAlu},  // surface query, no fetch
    {"UF2FP", kAlu},
};
// clang-format on
static_assert(strictlyAscending(kRows),
              "Ampere additions rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kAmpereAdditions{"Ampere additions", kRows, std::size(kRows)};

const SassIsa& ampereIsa() {
  static constexpr SassIsa kIsa{"Ampere", sasslayer::kAmpereLayers.data(),
                                sasslayer::kAmpereLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
