// libFuzzer harness: the Accel-Sim trace reader (lib/workload/trace): trace::loadTrace on a
// scratch folder whose kernelslist.g lists kernel-1.traceg (the input) and, when the input has a
// line "%%%%", kernel-2.traceg (the text after it). A trace that loads is then decoded as the
// timing model would: every warp of its first thread blocks, instruction by instruction.
// The input's size picks the reader's options, so that both decoders, the unknown-opcode
// mapping, and blocks from the spill file or parsed again are reached (and one size in eight is
// read as a .xz file, which it never is).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "FuzzSupport.h"
#include "warpsim/workload/trace/TraceError.h"
#include "warpsim/workload/trace/TraceWorkload.h"

using namespace warpsim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fuzz::ScratchDir dir("trace");
  const std::vector<std::string> part = fuzz::parts(fuzz::text(data, size), 2);
  const bool xz = size % 8 == 7;
  dir.remove(xz ? "kernel-1.traceg" : "kernel-1.traceg.xz");
  dir.write(xz ? "kernel-1.traceg.xz" : "kernel-1.traceg", part[0]);
  std::string list = "MemcpyHtoD,0x00007f0000000000,4096\nkernel-1.traceg\n";
  if (!part[1].empty()) {
    dir.write("kernel-2.traceg", part[1]);
    list += "kernel-2.traceg\n";
  }
  dir.write("kernelslist.g", list);

  trace::TraceOptions options;
  options.accelsimQuirks = size % 2 == 1;
  if (size % 4 >= 2) options.unknownOpcodes = OpClass::Alu;
  if (size % 16 >= 8) options.spillLimitBytes = 0;  // blocks parsed again, not spilled
  options.warn = [](const std::string&) {};
  Workload w;
  try {
    w = trace::loadTrace(dir.path(), options);
  } catch (const trace::TraceError& e) {
    fuzz::rejected(e);
    return 0;
  }
  for (const KernelDesc& k : w.kernels) {
    const std::uint64_t ctas = std::min<std::uint64_t>(k.ctaCount(), 8);
    for (std::uint32_t c = 0; c < ctas; ++c)
      for (std::uint32_t warp = 0; warp < k.warpsPerCta(); ++warp) {
        const std::unique_ptr<IWarpStream> stream = k.makeWarp(CtaId{c}, warp);
        WarpInst inst;
        for (int n = 0; n < 1 << 20 && stream->next(inst); ++n) {
        }
      }
  }
  return 0;
}
