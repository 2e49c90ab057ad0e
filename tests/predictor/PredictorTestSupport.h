#pragma once
// Requests for the predictor tests, written as the paper's figures list them.
#include <cstdint>

#include "warpsim/predictor/LoadObservation.h"

namespace warpsim::test {

inline LoadObservation req(std::uint32_t pc, std::uint32_t lec, std::uint32_t ctaX,
                           std::uint32_t ctaY, std::uint32_t warp, Addr addr, std::uint32_t sm = 0,
                           std::uint32_t gridX = 8) {
  LoadObservation o;
  o.sm = sm;
  o.pc = pc;
  o.lec = lec;
  o.ctaDim = {ctaX, ctaY, 0};
  o.cta = std::uint64_t{ctaY} * gridX + ctaX;
  o.warpInCta = warp;
  o.addr = addr;
  return o;
}

}  // namespace warpsim::test
