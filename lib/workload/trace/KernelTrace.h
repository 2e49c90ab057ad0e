#pragma once
// One kernel's trace file (kernel-N.traceg or .traceg.xz). Opening it reads the header and
// checks the whole body once, streaming (structure, every instruction line, counts), keeping
// only where each thread block starts. Thread blocks are decoded again when the CTA
// dispatcher launches them, so memory holds the resident CTAs only, never the whole trace.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "warpsim/workload/KernelDesc.h"
#include "warpsim/workload/trace/BlockSpill.h"
#include "warpsim/workload/trace/CtaCodec.h"
#include "warpsim/workload/trace/InstLineParser.h"
#include "warpsim/workload/trace/LineReader.h"
#include "warpsim/workload/trace/TraceCache.h"
#include "warpsim/workload/trace/TraceFormat.h"

namespace warpsim::trace {

// A thread block as its warps read it: CtaCodec's bytes.
using CtaBytes = std::vector<std::uint8_t>;

class KernelTrace {
 public:
  // Throws TraceError (file and line) for anything the file does not follow. With a `spill`,
  // the check stores each decoded block there and cta() reads it back from there. With
  // options.cacheDir, a cache file from an earlier check replaces the check, and a check
  // writes one (TraceCache.h).
  KernelTrace(const std::string& path, const TraceOptions& options,
              std::shared_ptr<BlockSpill> spill = nullptr);

  const TraceHeader& header() const { return header_; }
  const std::string& path() const { return path_; }
  std::uint64_t warpInstructions() const { return warpInsts_; }      // instruction lines
  std::uint64_t threadInstructions() const { return threadInsts_; }  // sum of popcount(mask)
  std::uint32_t warpsPerCta() const { return warpsPerCta_; }
  // Whether the check was skipped: the kernel came from options.cacheDir.
  bool fromCache() const { return fromCache_; }
  // The file its decoded blocks are in: the run's spill file, its cache file, or null.
  const BlockSpill* blockFile() const { return spill_.get(); }

  // The thread block `cta` (linear, x fastest), encoded: from the spill or cache file if the
  // check stored it there, else read again from the block's start in the trace and encoded; the
  // last block read is kept, since an SM asks for each warp of a block in turn. A block a cache
  // file has lost (removed, or its CRC-32 does not match) is read from the text, after one
  // warning; one the run's spill file cannot give back is a TraceError.
  std::shared_ptr<const CtaBytes> cta(CtaId cta);

  // The kernel as the timing model sees it; its warps' streams come from this trace.
  static KernelDesc describe(const std::shared_ptr<KernelTrace>& trace);

 private:
  void readHeader();
  void makeParser();
  void scanBody();
  bool loadCached(const std::string& file, const std::string& key);
  void writeCache(const std::string& file, const std::string& key);
  void warn(const std::string& msg) const;
  // Reads a thread block from the line after its #BEGIN_TB to its #END_TB, decodes it into
  // `out` and returns its linear id (and, in `idLine` if given, the line that names it).
  std::uint64_t readBlock(CtaTrace& out, std::uint64_t* idLine = nullptr);
  std::shared_ptr<const CtaBytes> readFromText(std::uint64_t id);
  [[noreturn]] void fail(const std::string& what) const;
  void warnOnce(bool& warned, const std::string& what);

  std::string path_;
  TraceOptions options_;
  std::unique_ptr<LineReader> reader_;  // open while checking and while blocks are read
  TraceHeader header_;
  std::unique_ptr<InstLineParser> parser_;
  std::uint32_t warpsPerCta_ = 0;
  std::uint64_t warpInsts_ = 0, threadInsts_ = 0;
  std::vector<BlockIndex> blocks_;  // by linear CTA id once the file is checked
  std::uint64_t cachedId_ = ~std::uint64_t{0};
  std::shared_ptr<const CtaBytes> cached_;
  std::shared_ptr<BlockSpill> spill_;
  std::vector<std::string> warnings_;  // the check's, for a cache file
  bool fromCache_ = false;
  bool warnedTrailing_ = false, warnedUnknown_ = false, warnedCache_ = false;
};

}  // namespace warpsim::trace
