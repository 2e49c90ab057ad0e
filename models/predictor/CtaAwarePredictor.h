#pragma once
// The baseline Tripathy et al. compare with (§IV-A): the predictor of CTA-aware prefetching
// (Jeon et al. [4]), one per SM. Per load PC it learns the inter-warp stride; per CTA resident
// on the SM it takes the base address from the first warp of that CTA seen issuing the load,
// and predicts the other warps of that CTA as base + (warp - base warp) * stride. Mispredict
// counters are per SM and PC. It cannot predict a CTA before one of its warps has issued the
// load, nor share what one SM learned with the others. Allocation-free after construction.
#include <array>
#include <cstdint>
#include <vector>

#include "warpsim/predictor/IAddressPredictor.h"

namespace warpsim {

class CtaAwarePredictor : public IAddressPredictor {
 public:
  static constexpr std::uint32_t kPcsPerSm = 32;  // load PCs tracked per SM (LRU)
  static constexpr std::uint32_t kCtasPerPc = 8;  // CTA base addresses per PC (max CTAs/SM)
  static constexpr std::uint32_t kAddresses = 4;

  CtaAwarePredictor(std::uint32_t sms, std::uint32_t mispredictThreshold);

  void startKernel(const Dim3& grid) override;
  Verdict observe(const LoadObservation& o) override;
  bool observesLsu() const override { return true; }  // §IV-A: the SM's own load stream

 private:
  struct CtaBase {
    bool valid = false;
    std::uint64_t cta = 0;
    std::uint32_t warp = 0;  // the warp whose addresses are the base
    std::uint32_t lec = 0;   // which execution of the load by that warp they belong to
    std::array<Addr, kAddresses> addr{};
    std::uint32_t addrCount = 0;
    std::uint64_t lastUse = 0;
  };
  struct PcEntry {
    bool valid = false;
    std::uint32_t pc = 0;
    std::int64_t interWarpStride = 0;
    bool interWarpKnown = false;
    std::uint32_t mispredicts = 0;
    std::uint64_t lastUse = 0;
    std::array<CtaBase, kCtasPerPc> ctas{};
  };
  PcEntry& entryFor(std::uint32_t sm, std::uint32_t pc, bool& fresh);
  CtaBase& baseFor(PcEntry& e, std::uint64_t cta, bool& fresh);

  std::uint32_t mispredictThreshold_;
  std::vector<PcEntry> table_;  // kPcsPerSm entries per SM
  std::uint64_t clock_ = 0;
};

}  // namespace warpsim
