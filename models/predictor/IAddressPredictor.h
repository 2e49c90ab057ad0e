#pragma once
// One address predictor observing the load requests of a kernel. Plain C++, testable without
// SystemC.
#include <cstdint>

#include "warpsim/config/Registry.h"
#include "warpsim/predictor/LoadObservation.h"
#include "warpsim/workload/KernelDesc.h"

namespace warpsim {

// §III-C (after Jeon et al. [4]): "storing information for load instructions having maximum
// four memory requests is enough"; loads whose warp sends more line requests are not observed
// by the predictors (PredictionObserver), only counted.
constexpr std::uint32_t kPredictableLines = 4;

class IAddressPredictor {
 public:
  // What the predictor said about a request before it learned from it.
  enum class Verdict : std::uint8_t {
    None,     // no prediction: the table could not yet name this request's address
    Correct,  // predicted, and the request's line is one of the predicted addresses
    Wrong,    // predicted, and the request went elsewhere
  };
  virtual ~IAddressPredictor() = default;
  // A new kernel starts on the GPU: forget everything learned, note the grid's dimensions
  // (strides are needed only along dimensions with more than one CTA).
  virtual void startKernel(const Dim3& grid) = 0;
  // Checks the request against the prediction the table held for it, then learns from it.
  virtual Verdict observe(const LoadObservation& o) = 0;
  // Where it observes: false, the loads leaving the L1Ds (§III-C's global table); true, every
  // line request its SM's LSU issues, L1 hits included (the per-SM baseline of §IV-A).
  virtual bool observesLsu() const { return false; }
};

struct PredictorParams;

// Address predictors by name (predictor.kind); a factory gets the predictor options, loaded
// once, and the number of SMs.
class PredictorRegistry
    : public Registry<IAddressPredictor, const PredictorParams&, std::uint32_t> {
 public:
  PredictorRegistry() : Registry("predictor.kind", "address predictor") {}
  static PredictorRegistry withBuiltins();     // cooperative, cooperative-nolec, cta-aware
  static const PredictorRegistry& builtins();  // withBuiltins(), built once
};

}  // namespace warpsim
