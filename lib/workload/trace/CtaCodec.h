#pragma once
// The compact binary form of a decoded thread block (CtaTrace), as the spill file keeps it:
//   u32 warps, u32 instructions, u32 addresses;
//   per warp: u32 begin, u32 end;
//   per instruction, 23 bytes: u32 pc, u32 mask, u16 dst, 4 x u16 src, u8 op, space, memOp,
//   accessSize, last (addrIndex is not stored: memory instructions take popcount(mask)
//   addresses each, in order);
//   per memory instruction with active lanes: its first address's difference from the previous
//   instruction's first (signed LEB128, zigzag); then, with 2 or more lanes, a tag byte: 0 and
//   the constant stride between lanes (zigzag LEB128), or W (1, 2, 4 or 8) and the difference of
//   each further lane from the one before in W bytes (the narrowest width all fit).
// A strided access takes a few bytes for all its lanes; others one byte a lane where lanes are
// close (shared-memory patterns), and decoding is a fixed-width loop.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "warpsim/workload/trace/KernelTrace.h"

namespace warpsim::trace {

// The most bytes encodeCta can write for `cta`.
std::size_t encodedBound(const CtaTrace& cta);
// Writes the block's bytes to `out` (encodedBound(cta) of room) and returns how many.
std::size_t encodeCta(const CtaTrace& cta, std::uint8_t* out);
// Decodes `n` bytes into `out`; false if they are not a block encodeCta wrote (out is then
// unspecified).
bool decodeCta(const std::uint8_t* bytes, std::size_t n, CtaTrace& out);

}  // namespace warpsim::trace
