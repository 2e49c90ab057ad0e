#pragma once
// The compact binary form of a decoded thread block, as the spill and cache files keep it and
// as resident blocks are held: warps read their instructions straight from it (WarpReader),
// so a launched block is never expanded.
//   u32 warps, u32 instructions;
//   per warp: u32 first and u32 past-last instruction, u32 first and u32 past-last byte of
//   its addresses (from the start of the address area);
//   per instruction, 23 bytes: u32 pc, u32 mask, u16 dst, 4 x u16 src, u8 op, space, memOp,
//   accessSize, last;
//   the address area, warp after warp: per memory instruction with active lanes, its first
//   address's difference from the warp's previous memory instruction's first (signed LEB128,
//   zigzag); then, with 2 or more lanes, a tag byte: 0 and the constant stride between lanes
//   (zigzag LEB128), or W (1, 2, 4 or 8) and the difference of each further lane from the one
//   before in W bytes (the narrowest width all fit).
// A strided access takes a few bytes for all its lanes; others one byte a lane where lanes are
// close (shared-memory patterns).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "warpsim/workload/trace/TraceFormat.h"

namespace warpsim::trace {

// A decoded thread block: the instructions of its warps, and the addresses of their active
// lanes (what the parser produces, and what encodeCta takes).
struct CtaTrace {
  std::vector<TraceInst> insts;
  std::vector<Addr> addrs;
  struct Range {
    std::uint32_t begin = 0, end = 0;
  };
  std::vector<Range> warps;  // warp w's instructions: insts[warps[w].begin, warps[w].end)
};

// The most bytes encodeCta can write for `cta`.
std::size_t encodedBound(const CtaTrace& cta);
// Writes the block's bytes to `out` (encodedBound(cta) of room) and returns how many.
std::size_t encodeCta(const CtaTrace& cta, std::uint8_t* out);

// The number of warps of an encoded block; 0 if its header does not fit in `n` bytes.
std::uint32_t encodedWarps(const std::uint8_t* bytes, std::size_t n);

// One warp's instructions in an encoded block, in order. Every read is bounds-checked: damaged
// bytes give Damaged, never a read outside the block.
class WarpReader {
 public:
  // False if the block's header or the warp's ranges are damaged (or `warp` is past the last).
  bool open(const std::uint8_t* bytes, std::size_t n, std::uint32_t warp);
  enum class Step { Inst, End, Damaged };
  // The next instruction into `inst` and, for a memory instruction, its active lanes'
  // addresses in lane order into `lanes` (room for 32). End also checks that the warp's
  // addresses were all read.
  Step next(TraceInst& inst, Addr* lanes);

 private:
  const std::uint8_t* inst_ = nullptr;
  const std::uint8_t* instEnd_ = nullptr;
  const std::uint8_t* addr_ = nullptr;
  const std::uint8_t* addrEnd_ = nullptr;
  Addr prevFirst_ = 0;
};

// Decodes a whole block into `out` (addrIndex as the parser sets it); false if a warp's bytes
// are damaged or bytes are left over.
bool decodeCta(const std::uint8_t* bytes, std::size_t n, CtaTrace& out);

}  // namespace warpsim::trace
