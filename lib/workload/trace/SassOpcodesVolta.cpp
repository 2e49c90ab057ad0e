// Volta (sm_70, sm_72): Accel-Sim's Volta opcodes, plus SHL and the surface opcodes (SUATOM,
// SULD, SURED, SUST) that Accel-Sim's table leaves out. Written as the rows Volta adds (HMMA and
// the FP16 immediates) over the rows it shares with Pascal (kPascalVolta, SassOpcodesPascal.cpp).
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kRows[] = {
    {"HADD2_32I", kAlu},
    {"HFMA2_32I", kAlu},
    {"HMMA", kTensor},
    {"HMUL2_32I", kAlu},
};
static_assert(strictlyAscending(kRows),
              "Volta additions rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kVoltaAdditions{"Volta additions", kRows, std::size(kRows)};

const SassIsa& voltaIsa() {
  static constexpr SassIsa kIsa{"Volta", sasslayer::kVoltaLayers.data(),
                                sasslayer::kVoltaLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
