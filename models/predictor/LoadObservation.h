#pragma once
// What an address predictor sees of one load request leaving an SM for the memory partitions
// (Tripathy et al. §III-C: "the predictor snoops on memory requests forwarded to memory
// partitions from SMs").
#include <array>
#include <cstdint>

#include "warpsim/core/GpuRequest.h"

namespace warpsim {

struct LoadObservation {
  std::uint32_t sm = 0;
  std::uint32_t pc = 0;
  std::uint32_t lec = 0;                  // executions of `pc` by this warp before this one
  std::uint64_t cta = 0;                  // linear CTA id
  std::array<std::uint32_t, 3> ctaDim{};  // CTA id along x, y, z
  std::uint32_t warpInCta = 0;            // local warp id
  Addr addr = 0;                          // line address

  static LoadObservation of(const GpuRequest& r) {
    return LoadObservation{r.sm.value(), r.pc,      r.lec, r.cta.value(), {r.ctaX, r.ctaY, r.ctaZ},
                           r.warpInCta,  r.lineAddr};
  }
};

}  // namespace warpsim
