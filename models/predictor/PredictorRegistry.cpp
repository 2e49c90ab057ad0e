// The built-in address predictors, by name.
#include "warpsim/predictor/CtaAwarePredictor.h"
#include "warpsim/predictor/IAddressPredictor.h"
#include "warpsim/predictor/ObservationTable.h"
#include "warpsim/predictor/PredictorParams.h"

namespace warpsim {

PredictorRegistry PredictorRegistry::withBuiltins() {
  PredictorRegistry r;
  r.add("cooperative",
        "the global observation table with load-execution-count checks (Tripathy et al. III-C)",
        [](const PredictorParams& p, std::uint32_t) {
          return std::make_unique<ObservationTable>(p.entries, p.mispredictThreshold, true);
        });
  r.add("cooperative-nolec", "the global observation table without the LEC checks",
        [](const PredictorParams& p, std::uint32_t) {
          return std::make_unique<ObservationTable>(p.entries, p.mispredictThreshold, false);
        });
  r.add("cta-aware", "the per-SM CTA-aware baseline of Jeon et al. (Tripathy et al. IV-A)",
        [](const PredictorParams& p, std::uint32_t sms) {
          return std::make_unique<CtaAwarePredictor>(sms, p.mispredictThreshold);
        });
  return r;
}

const PredictorRegistry& PredictorRegistry::builtins() {
  static const PredictorRegistry r = withBuiltins();
  return r;
}

}  // namespace warpsim
