// Maxwell (sm_50, sm_52, sm_53) runs on Pascal's layers, as in Accel-Sim, which has one table for
// both. The few Pascal-only opcodes in them (IDP/IDP4A, sm_61) never occur in Maxwell code, so the
// sharing costs nothing; only the family name differs.
#include "warpsim/workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {

const SassIsa& maxwellIsa() {
  static constexpr SassIsa kIsa{"Maxwell", sasslayer::kPascalLayers.data(),
                                sasslayer::kPascalLayers.size()};
  return kIsa;
}

}  // namespace warpsim::trace
