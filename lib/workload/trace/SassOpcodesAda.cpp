// Ada (sm_89): the Ampere layers plus QMMA, the warp-level FP8 MMA that sm_89 code uses (NVIDIA
// documents Ampere and Ada as one instruction set; Accel-Sim has no Ada table).
#include <iterator>

#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {
namespace {

using namespace sassrow;

constexpr SassOpEntry kRows[] = {
    {"QMMA", kTensor},  // FP8 warp-level MMA
};
static_assert(strictlyAscending(kRows),
              "Ada additions rows must be sorted by name, without duplicates");

}  // namespace

const SassOpLayer sasslayer::kAdaAdditions{"Ada additions", kRows, std::size(kRows)};

const SassIsa& adaIsa() {
  static constexpr SassIsa kIsa{"Ada", sasslayer::kAdaLayers.data(), sasslayer::kAdaLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
