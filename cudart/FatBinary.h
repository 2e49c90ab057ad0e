#pragma once
// The fatbinary nvcc embeds in a host program (doc/cuda.md): what __cudaRegisterFatBinary is
// handed, and the PTX inside it. warpsim reads the PTX entries only, so programs are built with
// `-arch=compute_75 -code=compute_75 --no-compress` (PTX, uncompressed).
//
// Layout (as nvcc 12 and 13 write it; little-endian):
//   wrapper  u32 magic 0x466243b1, u32 version, u64 pointer to the fatbinary, u64 (unused)
//   header   u32 magic 0xba55ed50, u16 version, u16 header size, u64 size of the entries
//   entry    u16 kind (1 PTX, 2 cubin), u16 version, u32 header size, u64 payload size,
//            u32 compressed size, ..., u16 PTX major version at 0x1a, u32 arch at 0x1c
//            (75 for compute_75), u64 flags at 0x28 (0x8000: compressed)
//            followed by the payload (PTX text, padded with newlines and zeros)
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::cudart {

constexpr std::uint32_t kFatbinWrapperMagic = 0x466243b1;
constexpr std::uint32_t kFatbinMagic = 0xba55ed50;

struct PtxImage {
  std::uint32_t arch = 0;  // 75: compute_75
  std::string text;
};

// The PTX entries of the fatbinary at `data` (its header first), in the order they appear.
// Throws ConfigError when the header is not a fatbinary's, an entry runs past the end, or a PTX
// entry is compressed (the message says to build with --no-compress). `limit` bounds how many
// bytes may be read (the size is in the header; the wrapper gives none).
std::vector<PtxImage> readFatbinary(const std::uint8_t* data, std::size_t limit);

// The fatbinary of what __cudaRegisterFatBinary receives (the wrapper); ConfigError for a
// wrong magic.
std::vector<PtxImage> readFatbinaryWrapper(const void* wrapper);

// The image warpsim runs: the PTX of the lowest architecture at or above 75 (the executor's
// floor), so that the PTX uses the fewest newer instructions. ConfigError when there is none,
// naming the architectures found.
const PtxImage& choosePtx(const std::vector<PtxImage>& images);

}  // namespace warpsim::cudart
