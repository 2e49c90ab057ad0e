#pragma once
// The persistent cache of checked kernel files (trace.cache_dir). A kernel file checked once
// leaves, in the cache folder, a file holding its decoded thread blocks (CtaCodec) followed by
// its index: the header, the counts, where each block is, and the warnings the check gave. A
// later run with the same key finds it and skips the check: the index is read, the warnings
// repeated, and blocks are read from the cache file as they launch.
//
// The key is the kernel file's canonical path, size and modification time, the options that
// change what a line decodes to (trace.accelsim_quirks, trace.unknown_opcodes), the cache's
// format version and the running program's size and modification time: any change to one of them is
// a miss, and a new file is written (under a temporary name, renamed into place when complete, so
// that runs in parallel on the same trace never read a half-written file). The full key is stored
// and compared, so a hash collision in the file name is a miss, not a wrong trace. The index
// carries a CRC-32 and each block one, and an index read back is checked against what a passed
// check guarantees (block size, grid, ids in order): damage is a miss, or, found in a block at its
// launch, a fall back to the trace's text.
#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/workload/trace/BlockSpill.h"
#include "warpsim/workload/trace/TraceFormat.h"

namespace warpsim::trace {

// Where a thread block is: in the trace's text, and in a block file.
struct BlockIndex {
  std::uint64_t offset = 0, lineBefore = 0;  // its #BEGIN_TB line: byte offset, line number - 1
  std::uint64_t id = 0, idLine = 0;          // linear CTA id, and the line that names the block
  BlockSpill::Slot spilled;                  // where a block file holds it (bytes 0: it does not)
  std::uint32_t crc = 0;                     // a cache file's: CRC-32 of the block's bytes
};

// What the check of a kernel file found.
struct KernelIndex {
  TraceHeader header;
  std::uint32_t warpsPerCta = 0;
  std::uint64_t warpInsts = 0, threadInsts = 0;
  std::vector<BlockIndex> blocks;     // by linear CTA id
  std::vector<std::string> warnings;  // as given, file and line included
};

// The CRC-32 a cache file keeps of its index and of each block (checked when read back).
std::uint32_t checksum(const std::uint8_t* bytes, std::size_t n);
// The key of `tracePath` read with `options`; empty if the file or the running program cannot
// be examined.
std::string cacheKey(const std::string& tracePath, const TraceOptions& options);
// The cache file for `key` in `dir`: the kernel file's name, a hash of the key, ".wsbc".
std::string cacheFileName(const std::string& dir, const std::string& tracePath,
                          const std::string& key);
// Appends `index` (with `key`) to a block file whose blocks are all stored; false if it could
// not be written.
bool appendIndex(BlockSpill& file, const std::string& key, const KernelIndex& index);
// Reads the index of a complete cache file; false if it is not one for `key` (another key, an
// older format, truncated, damaged).
bool readIndex(BlockSpill& file, const std::string& key, KernelIndex& index);

}  // namespace warpsim::trace
