// CUDA arrays, pitched allocations and texture objects (doc/cuda.md, "CUDA programs"): what a
// texture object names becomes a ptx::TextureDesc that every later launch carries, so the
// executor's `tex` reads it. The executor's textures hold 32-bit channels and are point-sampled
// with unnormalised coordinates; anything else is refused here, naming what, when the object
// is created.
#include <cstring>

#include "Runtime.h"

namespace warpsim::cudart {
namespace {

template <class T>
T field(const void* desc, std::size_t offset) {
  T v;
  std::memcpy(&v, static_cast<const std::uint8_t*>(desc) + offset, sizeof v);
  return v;
}

std::uint64_t addressOf(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

// Channels and texel type of a format: 1 to 4 channels of 32 bits, x first; "" or why not.
std::string texelFormat(const ChannelFormatAbi& f, std::uint32_t* channels, ptx::Type* type) {
  const int bits[4] = {f.x, f.y, f.z, f.w};
  *channels = 0;
  while (*channels < 4 && bits[*channels] != 0) ++*channels;
  for (std::uint32_t c = 0; c < 4; ++c)
    if (c < *channels ? bits[c] != 32 : bits[c] != 0)
      return "channels of " + std::to_string(f.x) + "/" + std::to_string(f.y) + "/" +
             std::to_string(f.z) + "/" + std::to_string(f.w) +
             " bits are not supported (allowed: 1 to 4 channels of 32 bits)";
  if (*channels == 0) return "a format without channels is not supported";
  if (f.kind < 0 || f.kind > 2)
    return "channel kind " + std::to_string(f.kind) +
           " is not supported (allowed: signed, unsigned, float)";
  *type = f.kind == 0 ? ptx::Type::S32 : f.kind == 1 ? ptx::Type::U32 : ptx::Type::F32;
  return "";
}

constexpr std::size_t kPitchAlignment = 256;  // cudaMallocPitch's rows, as on Fermi and later

}  // namespace

CudaError Runtime::copy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch,
                          std::size_t width, std::size_t height, int kind, const char* call) {
  if (width > toPitch || width > fromPitch)
    return fail(kInvalidValue, call,
                "rows of " + std::to_string(width) + " bytes do not fit pitches of " +
                    std::to_string(fromPitch) + " (source) and " + std::to_string(toPitch) +
                    " (destination)");
  for (std::size_t row = 0; row < height; ++row) {
    const CudaError e =
        copy(static_cast<std::uint8_t*>(to) + row * toPitch,
             static_cast<const std::uint8_t*>(from) + row * fromPitch, width, kind, call);
    if (e != kSuccess) return e;
  }
  return kSuccess;
}

CudaError Runtime::allocatePitch(void** pointer, std::size_t* pitch, std::size_t width,
                                 std::size_t height) {
  if (!pitch) return fail(kInvalidValue, "cudaMallocPitch", "a null pointer to store the pitch");
  *pitch = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  return allocate(pointer, *pitch * height);
}

CudaError Runtime::allocateArray(void** array, const ChannelFormatAbi* format, std::size_t width,
                                 std::size_t height) {
  const char* call = "cudaMallocArray";
  if (!array || !format) return fail(kInvalidValue, call, "a null array or format pointer");
  auto a = std::make_unique<Array>();
  const std::string why = texelFormat(*format, &a->channels, &a->format);
  if (!why.empty()) return fail(kNotSupported, call, why);
  if (width == 0 || width > (1u << 16) || height > (1u << 16))
    return fail(kInvalidValue, call,
                std::to_string(width) + " x " + std::to_string(height) +
                    " texels (allowed: width 1 to 65536, height 0 (1D) to 65536)");
  a->width = static_cast<std::uint32_t>(width);
  a->height = static_cast<std::uint32_t>(height == 0 ? 1 : height);
  a->pitch = std::uint64_t{a->width} * a->channels * 4;
  void* base = nullptr;
  const CudaError e = allocate(&base, a->pitch * a->height);
  if (e != kSuccess) return e;
  a->base = addressOf(base);
  *array = a.get();
  arrays_[a.get()] = std::move(a);
  return kSuccess;
}

CudaError Runtime::releaseArray(void* array) {
  if (!array) return kSuccess;
  const auto a = arrays_.find(array);
  if (a == arrays_.end())
    return fail(kInvalidValue, "cudaFreeArray", "not an array from cudaMallocArray");
  release(reinterpret_cast<void*>(static_cast<std::uintptr_t>(a->second->base)));
  arrays_.erase(a);
  return kSuccess;
}

CudaError Runtime::copyArray(void* array, std::size_t offsetX, std::size_t offsetY, void* host,
                             std::size_t hostPitch, std::size_t width, std::size_t height, int kind,
                             bool toArray, const char* call) {
  const auto a = arrays_.find(array);
  if (a == arrays_.end()) return fail(kInvalidValue, call, "not an array from cudaMallocArray");
  const Array& arr = *a->second;
  if (offsetX + width > arr.pitch || offsetY + height > arr.height)
    return fail(kInvalidValue, call,
                std::to_string(width) + " bytes x " + std::to_string(height) + " rows at (" +
                    std::to_string(offsetX) + ", " + std::to_string(offsetY) +
                    ") do not fit the array's " + std::to_string(arr.pitch) + " bytes x " +
                    std::to_string(arr.height) + " rows");
  void* at = reinterpret_cast<void*>(
      static_cast<std::uintptr_t>(arr.base + offsetY * arr.pitch + offsetX));
  // The array is device memory: the host side's direction decides the copy's.
  if (kind == kDefault)
    kind = device(host, 1) ? kDeviceToDevice : toArray ? kHostToDevice : kDeviceToHost;
  if (toArray) return copy2D(at, arr.pitch, host, hostPitch, width, height, kind, call);
  return copy2D(host, hostPitch, at, arr.pitch, width, height, kind, call);
}

CudaError Runtime::createTexture(unsigned long long* object, const void* resource,
                                 const void* texture, const void* view) {
  namespace rd = resource_desc;
  namespace td = texture_desc;
  const char* call = "cudaCreateTextureObject";
  if (!object || !resource || !texture)
    return fail(kInvalidValue, call, "a null object, resource or texture description");
  if (view)
    return fail(kNotSupported, call, "resource views (cudaResourceViewDesc) are not supported");
  ptx::TextureDesc t;
  const int type = field<int>(resource, rd::kResType);
  if (type == 0) {  // cudaResourceTypeArray
    const auto a = arrays_.find(field<void*>(resource, rd::kArray));
    if (a == arrays_.end())
      return fail(kInvalidResourceHandle, call, "not a cudaMallocArray array");
    const Array& arr = *a->second;
    t.base = arr.base, t.pitch = arr.pitch;
    t.width = arr.width, t.height = arr.height, t.channels = arr.channels, t.format = arr.format;
  } else if (type == 2 || type == 3) {  // cudaResourceTypeLinear, cudaResourceTypePitch2D
    const std::string why =
        texelFormat(field<ChannelFormatAbi>(resource, rd::kDesc), &t.channels, &t.format);
    if (!why.empty()) return fail(kNotSupported, call, why);
    const std::uint64_t elem = std::uint64_t{t.channels} * 4;
    t.base = addressOf(field<void*>(resource, rd::kDevPtr));
    const std::uint64_t width = type == 2 ? field<std::size_t>(resource, rd::kSizeInBytes) / elem
                                          : field<std::size_t>(resource, rd::kWidth);
    const std::uint64_t height = type == 2 ? 1 : field<std::size_t>(resource, rd::kHeight);
    t.pitch = type == 2 ? 0 : field<std::size_t>(resource, rd::kPitchInBytes);
    if (width == 0 || height == 0 || width > UINT32_MAX || height > UINT32_MAX)
      return fail(kInvalidValue, call,
                  std::to_string(width) + " x " + std::to_string(height) + " texels");
    t.width = static_cast<std::uint32_t>(width);
    t.height = static_cast<std::uint32_t>(height);
    const std::uint64_t bytes = (t.pitch ? t.pitch : width * elem) * (height - 1) + width * elem;
    if (!device(reinterpret_cast<const void*>(static_cast<std::uintptr_t>(t.base)), bytes))
      return fail(
          kInvalidValue, call,
          "the texels are not " + std::to_string(bytes) + " bytes inside one device allocation");
  } else {
    return fail(kNotSupported, call,
                "resource type " + std::to_string(type) +
                    " is not supported (allowed: array, linear, pitch2D)");
  }
  // Sampling: tex1Dfetch on linear memory ignores it; arrays and pitched memory take what the
  // executor does, point sampling of the element at unnormalised, clamped coordinates (wrap and
  // mirror act as clamp without normalised coordinates, as on the GPU).
  if (type != 2) {
    if (field<int>(texture, td::kFilterMode) != 0)
      return fail(kNotSupported, call, "linear filtering is not supported (point sampling only)");
    if (field<int>(texture, td::kReadMode) != 0)
      return fail(kNotSupported, call,
                  "cudaReadModeNormalizedFloat is not supported (element type only)");
    if (field<int>(texture, td::kNormalizedCoords) != 0)
      return fail(kNotSupported, call, "normalised coordinates are not supported");
    for (int d = 0; d < 2; ++d)
      if (field<int>(texture, td::kAddressMode + 4 * d) == 3)
        return fail(kNotSupported, call, "cudaAddressModeBorder is not supported (clamp only)");
  }
  t.handle = nextTexture_++;
  textures_[t.handle] = t;
  *object = t.handle;
  return kSuccess;
}

CudaError Runtime::destroyTexture(unsigned long long object) {
  if (textures_.erase(object) == 0)
    return fail(kInvalidValue, "cudaDestroyTextureObject",
                "texture object " + std::to_string(object) + " does not exist");
  return kSuccess;
}

}  // namespace warpsim::cudart
