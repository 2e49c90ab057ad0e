// Maxwell (sm_50, sm_52, sm_53) runs on Pascal's rows, as in Accel-Sim, which has one table for
// both. The few Pascal-only opcodes in it (IDP/IDP4A, sm_61) never occur in Maxwell code, so the
// sharing costs nothing; only the family name differs.
#include "workload/trace/SassOpcodeTables.h"

namespace warpsim::trace {

const SassIsa& maxwellIsa() {
  static const SassIsa isa{"Maxwell", pascalIsa().entries, pascalIsa().count};
  return isa;
}

}  // namespace warpsim::trace
