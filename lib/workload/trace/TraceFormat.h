#pragma once
// What the reader keeps of an Accel-Sim kernel trace ("traceg"): the header, the rules that
// decide how its instruction lines read, and the compact decoded form of one instruction line.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/WarpInst.h"

namespace warpsim::trace {

// `-key = value` lines before the first line starting with '#'.
struct TraceHeader {
  std::string kernelName;
  std::uint32_t kernelId = 0;
  Dim3 grid, block;
  bool hasGrid = false, hasBlock = false;
  std::uint32_t shmem = 0;  // bytes of shared memory per CTA
  std::uint32_t nregs = 0;  // registers per thread
  unsigned binaryVersion = 0;
  bool hasBinaryVersion = false;
  std::uint64_t streamId = 0;
  Addr shmemBase = 0, localBase = 0;
  std::string nvbitVersion;
  unsigned tracerVersion = 0;  // 0: the file has no version line
  bool lineinfo = false;
};

// What the user chooses about reading (config keys trace.*).
struct TraceOptions {
  // Reproduce Accel-Sim's decoder: base+stride addresses fill lanes only up to the first gap in
  // the mask (later lanes get address 0); generic accesses resolve by Accel-Sim's rule; .S8
  // and .S16 accesses are 4 bytes.
  bool accelsimQuirks = false;
  // Class given to an opcode missing from the family's table; nullopt: an error.
  std::optional<OpClass> unknownOpcodes;
  // Where warnings go (one per kind and kernel file); empty: standard error.
  std::function<void(const std::string&)> warn;
  // The spill file of decoded thread blocks (BlockSpill): its size limit (0: none is made, and
  // each block's text is parsed again when it launches) and folder (empty: $TMPDIR or /tmp).
  std::uint64_t spillLimitBytes = std::uint64_t{4096} << 20;
  std::string spillDir;
  // A folder for the persistent cache of checked kernel files (TraceCache.h), created if
  // missing; empty: none. Each cache file is capped at spillLimitBytes too.
  std::string cacheDir;
};

// One instruction line, decoded. Addresses of active lanes live in the CTA's address pool,
// in lane order, starting at `addrIndex`.
struct TraceInst {
  std::uint32_t pc = 0;
  std::uint32_t mask = 0;
  std::uint32_t addrIndex = 0;
  Reg dst = kNoReg;
  std::array<Reg, kMaxSrcRegs> src{kNoReg, kNoReg, kNoReg, kNoReg};
  OpClass op = OpClass::Alu;
  MemSpace space = MemSpace::None;
  MemOp memOp = MemOp::None;
  std::uint8_t accessSize = 4;
  bool last = false;
};

// The generic address windows of a kernel (its header's shmem and local-memory bases).
struct GenericWindows {
  Addr shmemBase = 0, localBase = 0;
  bool accelsimRule = false;
};
// The space a generic access to `addr` (its first active lane) goes to. Our rule: a 16 MiB
// window from each base that is set; Accel-Sim's rule under quirks (lib/workload/trace/README.md).
MemSpace resolveGeneric(Addr addr, const GenericWindows& w);

}  // namespace warpsim::trace
