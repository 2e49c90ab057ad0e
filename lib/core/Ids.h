#pragma once
// Strongly typed indices: an SmId cannot be passed where a WarpId is expected.
#include <cstdint>
#include <functional>
#include <ostream>

namespace warpsim {

template <typename Tag, typename T = std::uint32_t>
class StrongId {
 public:
  using ValueType = T;
  constexpr StrongId() = default;
  constexpr explicit StrongId(T v) : v_(v) {}
  constexpr T value() const { return v_; }
  constexpr bool operator==(StrongId o) const { return v_ == o.v_; }
  constexpr bool operator!=(StrongId o) const { return v_ != o.v_; }
  constexpr bool operator<(StrongId o) const { return v_ < o.v_; }

 private:
  T v_{};
};

template <typename Tag, typename T>
std::ostream& operator<<(std::ostream& os, StrongId<Tag, T> id) {
  return os << id.value();
}

using SmId = StrongId<struct SmTag>;
using WarpId = StrongId<struct WarpTag>;  // warp slot within an SM
using CtaId = StrongId<struct CtaTag>;    // linear CTA index within a kernel
using KernelId = StrongId<struct KernelTag>;
using PartitionId = StrongId<struct PartitionTag>;

using Cycle = std::uint64_t;
using Addr = std::uint64_t;

}  // namespace warpsim

template <typename Tag, typename T>
struct std::hash<warpsim::StrongId<Tag, T>> {
  std::size_t operator()(warpsim::StrongId<Tag, T> id) const { return std::hash<T>()(id.value()); }
};
