#pragma once
// The trace.* config keys: how traces are read and written.
#include "warpsim/workload/trace/TraceFormat.h"

namespace warpsim {
class Config;
class ConfigSchema;
}  // namespace warpsim

namespace warpsim::trace {

// Declares workload.trace, trace.accelsim_quirks, trace.unknown_opcodes and trace.write_xz.
void declareTraceOptions(ConfigSchema& schema);
TraceOptions loadTraceOptions(const Config& config);

}  // namespace warpsim::trace
