// The PTX executor's texture fetches (PTX ISA 9.7.10.3 tex) from texture objects: 1D fetches by
// integer index and 2D point-sampled reads with clamped coordinates (lib/workload/ptx/README.md).
#include <cmath>
#include <cstring>

#include "warpsim/config/ConfigSchema.h"
#include "warpsim/workload/ptx/PtxCtaState.h"

namespace warpsim::ptx::detail {
namespace {

// A coordinate read as the instruction's coordinate type: integers as they are, floats
// (unnormalised) rounded down to the texel that holds them (point sampling).
std::int64_t texel(std::uint64_t raw, Type t) {
  if (t == Type::F32) {
    float f;
    const std::uint32_t bits = static_cast<std::uint32_t>(raw);
    std::memcpy(&f, &bits, 4);
    return std::isnan(f) ? 0 : static_cast<std::int64_t>(std::floor(std::fmax(f, -1e9f)));
  }
  return static_cast<std::int32_t>(raw);
}

std::int64_t clampTo(std::int64_t v, std::uint32_t n) {
  return v < 0 ? 0 : v >= n ? std::int64_t{n} - 1 : v;
}

}  // namespace

void CtaState::texOp(Warp& w, const Instr& in, std::uint32_t exec, WarpInst& rec) {
  // ops: {d0, d1, d2, d3}, [handle, {coordinates}]
  const Operand& dst = in.ops[0];
  const Operand& handleOp = in.ops[1];
  const Operand& coords = in.ops[2];
  if (in.texGeom != TexGeom::D1 && in.texGeom != TexGeom::D2)
    throw ConfigError(program.where(in) + ": only 1D and 2D textures are supported");
  if (in.type2 != Type::S32 && in.type2 != Type::F32)
    throw ConfigError(program.where(in) + ": texture coordinates must be .s32 or .f32");
  rec.memOp = MemOp::Load;
  rec.space = MemSpace::Texture;
  bool first = true;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((exec >> lane) & 1u)) continue;
    const std::uint64_t handle = w.regs[regValueIndex(w, handleOp.index, lane)];
    const TextureDesc* tex = nullptr;
    for (const TextureDesc& t : launch.textures)
      if (t.handle == handle) tex = &t;
    if (!tex)
      throw ConfigError(where(w, lane, in) + ": no texture object with handle " +
                        std::to_string(handle) +
                        " (a launch record lists them under \"textures\")");
    Operand c;
    c.kind = Operand::Kind::Reg;
    c.index = coords.vec[0];
    std::int64_t x = texel(read(w, c, in.type2, lane), in.type2), y = 0;
    bool inside = true;
    if (in.texGeom == TexGeom::D1) {  // tex1Dfetch: by index, zero outside
      inside = x >= 0 && x < tex->width;
    } else {
      c.index = coords.vec[1];
      y = texel(read(w, c, in.type2, lane), in.type2);
      x = clampTo(x, tex->width);
      y = clampTo(y, tex->height);
    }
    const std::uint64_t elem = std::uint64_t{tex->channels} * 4;
    const std::uint64_t pitch = tex->pitch ? tex->pitch : tex->width * elem;
    const std::uint64_t addr = tex->base + static_cast<std::uint64_t>(y) * pitch +
                               static_cast<std::uint64_t>(inside ? x : 0) * elem;
    const std::uint8_t* p = memory.find(addr, elem);
    if (!p)
      throw ConfigError(where(w, lane, in) + ": texture " + std::to_string(handle) +
                        " reaches outside global memory at texel (" + std::to_string(x) + ", " +
                        std::to_string(y) + ")");
    if (first) rec.accessSize = static_cast<std::uint8_t>(elem), first = false;
    rec.addr[lane] = addr;
    for (unsigned k = 0; k < dst.vecCount; ++k) {  // missing channels read 0
      if (dst.vec[k] == Operand::kSink) continue;
      std::uint32_t v = 0;
      if (inside && k < tex->channels) std::memcpy(&v, p + 4 * k, 4);
      Operand r;
      r.kind = Operand::Kind::Reg;
      r.index = dst.vec[k];
      write(w, r, in.type, lane, v);
    }
  }
}

}  // namespace warpsim::ptx::detail
