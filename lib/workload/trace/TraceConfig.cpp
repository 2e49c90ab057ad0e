#include "warpsim/workload/trace/TraceConfig.h"

#include "warpsim/config/Config.h"

namespace warpsim::trace {

void declareTraceOptions(ConfigSchema& s) {
  s.addString("workload.trace", "",
              "Accel-Sim trace to run: a kernelslist.g or its folder (--trace); empty: run "
              "workload.name");
  s.addBool("trace.accelsim_quirks", false,
            "read traces as Accel-Sim does: base+stride addresses stop at the first gap in the "
            "mask, its generic-address rule, .S8/.S16 as 4 bytes");
  s.addEnum("trace.unknown_opcodes", "error",
            {"error", "alu", "sfu", "dp", "branch", "tensor", "fence"},
            "what an opcode missing from the SASS table is: an error, or issued as this class");
  s.addBool("trace.write_xz", false, "--write-trace writes kernel files as .traceg.xz");
  s.addUInt("trace.spill_limit_mib", 4096,
            "MiB of decoded thread blocks kept in a temporary file ($TMPDIR, else /tmp) so "
            "that launching a block does not parse its text again; 0: parse again",
            0, std::uint64_t{1} << 24);
  s.addString("trace.cache_dir", "",
              "folder keeping each checked kernel file's decoded thread blocks for later runs, "
              "which then skip the check (keyed by the file's path, size and time and the "
              "trace.* options that change decoding); empty: no cache");
}

TraceOptions loadTraceOptions(const Config& c) {
  TraceOptions o;
  o.accelsimQuirks = c.getBool("trace.accelsim_quirks");
  o.spillLimitBytes = c.getUInt("trace.spill_limit_mib") << 20;
  o.cacheDir = c.getString("trace.cache_dir");
  const std::string& u = c.getString("trace.unknown_opcodes");
  if (u == "alu")
    o.unknownOpcodes = OpClass::Alu;
  else if (u == "sfu")
    o.unknownOpcodes = OpClass::Sfu;
  else if (u == "dp")
    o.unknownOpcodes = OpClass::Dp;
  else if (u == "branch")
    o.unknownOpcodes = OpClass::Branch;
  else if (u == "tensor")
    o.unknownOpcodes = OpClass::Tensor;
  else if (u == "fence")
    o.unknownOpcodes = OpClass::Fence;
  return o;
}

}  // namespace warpsim::trace
