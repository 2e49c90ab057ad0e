#pragma once
// Writes a Workload as an Accel-Sim trace folder (tracer version 5, "traceg" as the
// post-processor leaves it), which loadTrace() and Accel-Sim read back. Streaming: one warp's
// lines are held at a time, so memory stays flat however long the trace.
#include <string>
#include <string_view>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/trace/SassOpcodes.h"

namespace warpsim::trace {

struct TraceWriteOptions {
  bool xz = false;              // kernel files as kernel-N.traceg.xz (liblzma, preset 2)
  unsigned binaryVersion = 70;  // -binary version: sm_N, whose opcode table names instructions
};

// Writes `workload` into `dir` (created if missing): kernel-1.traceg, kernel-2.traceg, ... (or
// .traceg.xz) and, last, kernelslist.g listing them, so a folder without kernelslist.g is
// visibly incomplete (an old kernelslist.g is removed first). Throws std::runtime_error naming
// the path (folder or file cannot be created, write error) or naming kernel, thread block,
// warp and PC (an instruction the trace format cannot express).
void writeTrace(const Workload& workload, const std::string& dir,
                const TraceWriteOptions& options = {});

// The parts below are what writeTrace() is made of; tests call them directly.

// The opcode written for `inst`: a base (with modifiers, e.g. "ATOMG.E.ADD") from `isa` that
// InstLineParser classifies as inst's op class, memory space and operation, and for memory
// instructions a suffix it reads the access size from ("", ".U8", ".U16", ".64", ".128").
// Throws std::runtime_error if `isa` has no such opcode or the size has no suffix.
struct SassName {
  std::string_view base;
  std::string_view sizeSuffix;
};
SassName sassNameFor(const WarpInst& inst, const SassIsa& isa);

// Appends the instruction line of `inst` (no end of line):
//   PC mask dest_num [R<d>] OPCODE src_num [R<s>...] mem_width [mode addr...] imm
// Addresses are written as Accel-Sim's tracer compresses them (TraceWriter.cpp). Throws
// std::runtime_error for what cannot be written (a register R255 or above, see sassNameFor).
void appendInstLine(const WarpInst& inst, const SassIsa& isa, std::string& out);

}  // namespace warpsim::trace
